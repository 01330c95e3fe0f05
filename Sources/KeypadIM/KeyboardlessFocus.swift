import CGTK
import KeypadGTK

/// GTK focus on a seat with no keyboard: a touch-only kiosk (cage, or any Wayland
/// compositor with just a touchscreen) never gives a window keyboard focus, so GTK never
/// activates a window and no input-method context ever gets focus-in. A tap on an entry
/// still makes it its window's focus widget (`GtkWindow::set-focus`): while the seat
/// has no keyboard and the window is not active, the module follows that instead.
///
/// As with a keyboard, one field has focus in the whole app: the last one tapped, in
/// whichever window; focus moving to another widget of that window ends it.
///
/// Once a keyboard arrives and the window becomes active, GTK's own focus-in and
/// focus-out take over again (set-focus is ignored in an active window).
@MainActor
final class KeyboardlessFocus {
    /// The context that has focus and its window. One for the whole app, as with a
    /// keyboard: the last field tapped in any window.
    private var focused: (toplevel: UnsafeMutablePointer<GtkWidget>, context: UnsafeMutablePointer<GtkIMContext>)?
    private var followed: Set<UnsafeMutablePointer<GtkWidget>> = []
    /// Finds the context whose client widget is a widget.
    private let context: (UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkIMContext>?
    private let focusIn: (UnsafeMutablePointer<GtkIMContext>) -> Void
    private let focusOut: (UnsafeMutablePointer<GtkIMContext>) -> Void

    init(
        context: @escaping (UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkIMContext>?,
        focusIn: @escaping (UnsafeMutablePointer<GtkIMContext>) -> Void,
        focusOut: @escaping (UnsafeMutablePointer<GtkIMContext>) -> Void
    ) {
        self.context = context
        self.focusIn = focusIn
        self.focusOut = focusOut
    }

    /// Whether the Wayland compositor's seat had no keyboard when first asked (never on
    /// X11). GDK's own seat always claims one, so this asks the compositor (once).
    static var seatHasNoKeyboard: Bool { KeypadWindowPlacement.seatLacksKeyboard }

    /// Follows `toplevel`'s focus widget from now on (once per window), and at once when
    /// `widget` is that widget already.
    func follow(_ toplevel: UnsafeMutablePointer<GtkWidget>, widget: UnsafeMutablePointer<GtkWidget>) {
        if !followed.contains(toplevel) {
            followed.insert(toplevel)
            onSignalIgnoringArgument(UnsafeMutableRawPointer(toplevel), "set-focus", after: true) { [weak self] in
                self?.focusMoved(in: toplevel)
            }
            onSignal(UnsafeMutableRawPointer(toplevel), "destroy") { [weak self] in
                guard let self else { return }
                self.followed.remove(toplevel)
                if self.focused?.toplevel == toplevel { self.focused = nil }
            }
        }
        if gtk_window_get_focus(keypad_window(toplevel)) == widget { focusMoved(in: toplevel) }
    }

    private func focusMoved(in toplevel: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_window_is_active(keypad_window(toplevel)) == 0 else { return }
        let now = gtk_window_get_focus(keypad_window(toplevel)).flatMap(context)
        let before = focused
        if let now {
            guard now != before?.context else { return }
            focused = (toplevel, now)
            if let before { focusOut(before.context) }
            focusIn(now)
        } else if let before, before.toplevel == toplevel {
            // Focus left the fields of the window that had the keypad.
            focused = nil
            focusOut(before.context)
        }
    }
}
