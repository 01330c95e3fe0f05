import CGTK
import CKeypadIM

/// The window a keypad serves when the app gives the context no GtkWidget (Chromium: its
/// client window is a foreign X window, and only during key dispatch): a GtkWindow of the
/// module's own that never shows. Before each keypad it is moved (unmapped) over the X
/// window that has the input focus, so the keypad window spans that window's monitor.
@MainActor
enum StandInWindow {
    private static var window: UnsafeMutablePointer<GtkWidget>?
    private static var logged = false

    /// The stand-in, placed over the focused X window; nil off X11 or with no X window focused.
    static func placed() -> UnsafeMutablePointer<GtkWidget>? {
        var frame = GdkRectangle()
        guard keypad_im_focused_window_frame(&frame) != 0 else { return nil }
        if !logged {
            logged = true
            Log.warning(
                "the app gives the input method no GTK widget: the keypad spans the focused X window's monitor, "
                    + "with no previous/next and no scrolling of the field into view")
        }
        let window = self.window ?? make()
        if let gdkWindow = gtk_widget_get_window(window) {
            gdk_window_move_resize(gdkWindow, frame.x, frame.y, max(frame.width, 1), max(frame.height, 1))
        }
        return window
    }

    /// Keeps the keypad windows that stand over the stand-in above the focused X window:
    /// they are transient for the stand-in, which never shows, and a window manager stacks a
    /// focused fullscreen window (a kiosk browser) above them otherwise.
    static func stackKeypadsOverFocusedWindow() {
        guard let window, let list = gtk_window_list_toplevels() else { return }
        defer { g_list_free(list) }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            node = current.pointee.next
            guard let data = current.pointee.data else { continue }
            let toplevel = data.assumingMemoryBound(to: GtkWidget.self)
            guard gtk_window_get_transient_for(keypad_window(toplevel)) == keypad_window(window),
                let gdkWindow = gtk_widget_get_window(toplevel)
            else { continue }
            _ = keypad_im_stack_over_focused_window(gdkWindow)
        }
    }

    private static func make() -> UnsafeMutablePointer<GtkWidget> {
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(keypad_window(window), "Keypad stand-in")
        gtk_widget_realize(window)
        self.window = window
        return window
    }
}
