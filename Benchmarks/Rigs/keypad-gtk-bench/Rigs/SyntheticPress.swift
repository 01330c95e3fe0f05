import CGTK
import Glibc
import KeypadGTK
import KeypadGTKInspection

/// Button events made in-process and handed straight to `gtk_main_do_event`, the
/// way GDK hands over the events it reads from the X server: GTK's own dispatch and
/// the app's handlers, with no X server, driver or scheduler in between.
@MainActor
enum SyntheticPress {
    /// Nanoseconds of CLOCK_MONOTONIC.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    /// Sends a left-button press (`press` true) or release to the middle of `button`,
    /// through the input window of `surface` when one lies over the button (the
    /// keypad's touch surface) or else the button's own; returns the CLOCK_MONOTONIC
    /// nanoseconds just before GTK got it, or nil when there is no input window (not
    /// realized).
    @discardableResult
    static func send(
        _ press: Bool, to button: UnsafeMutablePointer<GtkWidget>,
        through surface: UnsafeMutablePointer<GtkWidget>? = nil
    ) -> Int? {
        let target = surface ?? button
        var x: gint = 0
        var y: gint = 0
        guard let window = inputWindow(of: target),
            gtk_widget_translate_coordinates(
                button, target, gtk_widget_get_allocated_width(button) / 2,
                gtk_widget_get_allocated_height(button) / 2, &x, &y) != 0,
            let display = gdk_display_get_default(),
            let seat = gdk_display_get_default_seat(display),
            let event = gdk_event_new(press ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE)
        else { return nil }
        defer { gdk_event_free(event) }
        event.pointee.button.window = window
        g_object_ref(UnsafeMutableRawPointer(window))  // gdk_event_free drops it
        event.pointee.button.time = guint32(g_get_monotonic_time() / 1000)
        event.pointee.button.x = Double(x)
        event.pointee.button.y = Double(y)
        event.pointee.button.button = 1
        if !press { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
        gdk_event_set_device(event, gdk_seat_get_pointer(seat))
        let start = now()
        gtk_main_do_event(event)
        return start
    }

    /// The GdkWindow that receives the widget's pointer events: its input-only child
    /// window (GtkButton and GtkEventBox make one when realized) or its own window.
    private static func inputWindow(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        InputOnlyWindow.of(widget) ?? (gtk_widget_get_has_window(widget) != 0 ? gtk_widget_get_window(widget) : nil)
    }
}
