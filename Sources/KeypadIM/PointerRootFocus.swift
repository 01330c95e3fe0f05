import CGTK
import CKeypadIM

/// X input focus on a display with no window manager (a kiosk started with `xinit app`):
/// the focus is PointerRoot there and follows the pointer, so the app would lose it as
/// soon as the pointer (a finger) is over the keypad's window, and the keypad would hide
/// after the first key. At a field's focus-in the module gives the X focus to the field's
/// window for good, as `gtk_window_present` does with no window manager. With one (even
/// while it leaves the focus PointerRoot, as openbox does until it focuses a window) the
/// module leaves X focus to it.
@MainActor
enum PointerRootFocus {
    /// Holds the X focus in `toplevel` (a realized `GtkWindow`) if it follows the pointer.
    static func hold(in toplevel: UnsafeMutablePointer<GtkWidget>) {
        guard let window = gtk_widget_get_window(toplevel), keypad_im_hold_pointer_root_focus(window) != 0
        else { return }
        IMTrace.write("x-focus held")
    }
}
