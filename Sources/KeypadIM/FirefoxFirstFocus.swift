import CGTK
import KeypadGTK

/// Firefox's first field focus carries no input purpose: its IM wrapper caches the field's
/// type while it has never had IME focus ("SetInputContext(), succeeded, but we're not
/// active" in `MOZ_LOG=IMEHandler:4`), then focuses the IM context without setting
/// `input-purpose`. Later focuses set it, just before the focus-in, in all but one case:
/// when the page sends the same input context twice before the focus (as it does when the
/// tap that focuses the field also activates the window), the second one clears Firefox's
/// note to set the purpose (`IMContextWrapper::SetInputContext` in ESR 115).
///
/// So at a focus-in of a context in Firefox (its widget a `MozContainer`) whose purpose
/// Firefox did not set since the last focus-out, the module shows no keypad yet: it makes
/// the window lose focus and, a moment later, regain it, as if the user had switched
/// windows and back. Firefox moves IME focus off the field and back, now with the purpose,
/// and that focus-in shows the right keypad. The page sees the field's blur and focus once,
/// as after a window switch. After ``maximumRefocuses`` in a row with no purpose, the module
/// shows the keypad it has.
///
/// The made-up focus-in is only sent while the window really has focus: a real focus change
/// in between (the user switched windows) cancels it, so no window gets a phantom focus.
@MainActor
enum FirefoxFirstFocus {
    /// How long the window stays unfocused: Firefox's content process must see the
    /// deactivation before the activation, or the purpose is lost again.
    static let unfocusedMilliseconds = 200

    /// How many refocuses in a row the module makes while Firefox tells no purpose.
    static let maximumRefocuses = 3

    /// Whether `client` is a Firefox content widget.
    static func applies(to client: ClientWidget) -> Bool { client.isMozContainer }

    /// Schedules the focus-out and focus-in of `toplevel` (a `GtkWindow`), holding a
    /// reference on it from now until the focus-in was sent or given up.
    static func scheduleRefocus(_ toplevel: UnsafeMutablePointer<GtkWidget>) {
        let refocus = Refocus(toplevel)
        MainLoop.soon { refocus.start() }
    }

    /// One refocus of one window: owns a reference on it and watches its real focus changes
    /// while it runs.
    @MainActor
    private final class Refocus {
        private let toplevel: UnsafeMutablePointer<GtkWidget>
        private var handlers: [gulong] = []
        /// Whether GDK reported a focus change of its own (not one the module sent).
        private var realFocusChanged = false

        init(_ toplevel: UnsafeMutablePointer<GtkWidget>) {
            self.toplevel = toplevel
            g_object_ref(UnsafeMutableRawPointer(toplevel))
        }

        func start() {
            guard isUsable, gtk_window_is_active(keypad_window(toplevel)) != 0 else {
                finish()
                return
            }
            for signal in ["focus-in-event", "focus-out-event"] {
                handlers.append(
                    onEvent(UnsafeMutableRawPointer(toplevel), signal) { [weak self] event in
                        if let event, event.pointee.focus_change.send_event == 0 { self?.realFocusChanged = true }
                        return false
                    })
            }
            IMTrace.write("refocus")
            send(inside: false)
            MainLoop.after(milliseconds: unfocusedMilliseconds) { [self] in
                // A real focus-out: the user went to another window (no phantom focus there);
                // a real focus-in: GTK's window is active again by itself.
                if !realFocusChanged, isUsable { send(inside: true) }
                finish()
            }
        }

        private var isUsable: Bool {
            gtk_widget_in_destruction(toplevel) == 0 && gtk_widget_get_realized(toplevel) != 0
        }

        private func send(inside: Bool) {
            guard let window = gtk_widget_get_window(toplevel), let event = gdk_event_new(GDK_FOCUS_CHANGE)
            else { return }
            event.pointee.focus_change.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
            event.pointee.focus_change.send_event = 1
            event.pointee.focus_change.`in` = inside ? 1 : 0
            _ = gtk_widget_send_focus_change(toplevel, event)
            gdk_event_free(event)
        }

        private func finish() {
            let object = UnsafeMutableRawPointer(toplevel)
            for handler in handlers where g_signal_handler_is_connected(object, handler) != 0 {
                g_signal_handler_disconnect(object, handler)
            }
            handlers = []
            g_object_unref(object)
        }
    }
}
