import CGTK

/// The window a keypad serves when the app gives the context no GtkWidget (Chromium: its
/// client window is a foreign X window, and only during key dispatch): a GtkWindow of the
/// module's own that never shows. Before each keypad it is moved (unmapped) over the X
/// window that has the input focus, so the keypad window spans that window's monitor.
@MainActor
enum StandInWindow {
    private static var window: UnsafeMutablePointer<GtkWidget>?
    private static var logged = false

    /// The stand-in, placed over the focused X window; nil off X11.
    static func placed() -> UnsafeMutablePointer<GtkWidget>? {
        guard let display = gdk_display_get_default(), isX11(display) else { return nil }
        if !logged {
            logged = true
            Log.warning(
                "the app gives the input method no GTK widget (a browser such as Chromium): the keypad spans the "
                    + "focused window's monitor, with no previous/next and no scrolling of the field into view")
        }
        let window = self.window ?? make()
        if let frame = focusedWindowFrame(on: display), let gdkWindow = gtk_widget_get_window(window) {
            gdk_window_move_resize(gdkWindow, frame.x, frame.y, max(frame.width, 1), max(frame.height, 1))
        }
        return window
    }

    private static func make() -> UnsafeMutablePointer<GtkWidget> {
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(keypad_window(window), "Keypad stand-in")
        gtk_widget_realize(window)
        self.window = window
        return window
    }

    private static func isX11(_ display: OpaquePointer) -> Bool {
        g_type_check_instance_is_a(
            UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self),
            gdk_x11_display_get_type()) != 0
    }

    /// The root-relative frame of the X window with the input focus.
    private static func focusedWindowFrame(on display: OpaquePointer) -> GdkRectangle? {
        guard let xdisplay = gdk_x11_display_get_xdisplay(display) else { return nil }
        var focused: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(xdisplay, &focused, &revert)
        guard focused > 1 else { return nil }  // None or PointerRoot
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(xdisplay, focused, &attributes) != 0 else { return nil }
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(xdisplay, focused, attributes.root, 0, 0, &x, &y, &child)
        return GdkRectangle(x: x, y: y, width: attributes.width, height: attributes.height)
    }
}
