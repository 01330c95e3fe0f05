import CGTK
import Glibc
import KeypadGTK

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

    /// Sends a left-button press (`press` true) or release to the middle of `button`;
    /// returns the CLOCK_MONOTONIC nanoseconds just before GTK got it, or nil when
    /// the button has no input window (not realized).
    @discardableResult
    static func send(_ press: Bool, to button: UnsafeMutablePointer<GtkWidget>) -> Int? {
        guard let window = inputWindow(of: button),
            let display = gdk_display_get_default(),
            let seat = gdk_display_get_default_seat(display),
            let event = gdk_event_new(press ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE)
        else { return nil }
        defer { gdk_event_free(event) }
        event.pointee.button.window = window
        g_object_ref(UnsafeMutableRawPointer(window))  // gdk_event_free drops it
        event.pointee.button.time = guint32(g_get_monotonic_time() / 1000)
        event.pointee.button.x = Double(gdk_window_get_width(window)) / 2
        event.pointee.button.y = Double(gdk_window_get_height(window)) / 2
        event.pointee.button.button = 1
        if !press { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
        gdk_event_set_device(event, gdk_seat_get_pointer(seat))
        let start = now()
        gtk_main_do_event(event)
        return start
    }

    /// The GdkWindow that receives the button's pointer events: its input-only child
    /// window (GtkButton makes one when realized) or its own window.
    private static func inputWindow(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard let parent = gtk_widget_get_window(widget) else { return nil }
        var child = gdk_window_peek_children(parent)
        while let node = child {
            if let candidate = node.pointee.data {
                var owner: gpointer?
                gdk_window_get_user_data(OpaquePointer(candidate), &owner)
                if owner == UnsafeMutableRawPointer(widget) { return OpaquePointer(candidate) }
            }
            child = node.pointee.next
        }
        return gtk_widget_get_has_window(widget) != 0 ? parent : nil
    }
}
