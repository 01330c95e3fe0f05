import CGTK
import KeypadGTK

/// Firefox's first field focus carries no input purpose: its IM wrapper caches the field's
/// type while it has never had IME focus ("SetInputContext(), succeeded, but we're not
/// active" in `MOZ_LOG=IMEHandler:4`), then focuses the IM context without setting
/// `input-purpose`. Once it has had IME focus, it sets the purpose at every focus.
///
/// So at the first focus-in of a context in Firefox (its widget a `MozContainer`), the
/// module shows no keypad yet: it makes the window lose focus and, a moment later, regain
/// it, as if the user had switched windows and back. Firefox moves IME focus off the field
/// and back, now with the purpose, and that second focus-in shows the right keypad. The page
/// sees the field's blur and focus once, as after a window switch.
@MainActor
enum FirstFocusWorkaround {
    /// How long the window stays unfocused: Firefox's content process must see the
    /// deactivation before the activation, or the purpose is lost again.
    static let unfocusedMilliseconds = 200

    /// Whether `client` is a Firefox content widget.
    static func applies(to client: ClientWidget) -> Bool { client.isMozContainer }

    /// Sends a focus-out to `toplevel` (a `GtkWindow`) now, and a focus-in shortly after.
    static func refocus(_ toplevel: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(toplevel)
        g_object_ref(object)
        send(inside: false, to: toplevel)
        MainLoop.after(milliseconds: unfocusedMilliseconds) {
            defer { g_object_unref(object) }
            send(inside: true, to: toplevel)
        }
    }

    private static func send(inside: Bool, to toplevel: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_in_destruction(toplevel) == 0, gtk_widget_get_realized(toplevel) != 0,
            let window = gtk_widget_get_window(toplevel), let event = gdk_event_new(GDK_FOCUS_CHANGE)
        else { return }
        event.pointee.focus_change.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.focus_change.send_event = 1
        event.pointee.focus_change.`in` = inside ? 1 : 0
        _ = gtk_widget_send_focus_change(toplevel, event)
        gdk_event_free(event)
    }
}
