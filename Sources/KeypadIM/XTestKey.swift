import CGTK
import CKeypadIM

/// A key press and release sent through the X server (XTest), for apps that read keys from
/// X and not from GDK. Only BackSpace and Return go this way, never a character: the X
/// server would show typed text to every client that records input.
@MainActor
enum XTestKey {
    private static var logged = false

    /// Taps `keyval` (BackSpace or Return) into the X window with the input focus.
    static func tap(_ keyval: Int32) {
        guard keypad_im_x_key_tap(guint(keyval)) == 0, !logged else { return }
        logged = true
        Log.warning("no XTest (libXtst.so.6) or no X11 display: Delete and Return do nothing in this app")
    }
}
