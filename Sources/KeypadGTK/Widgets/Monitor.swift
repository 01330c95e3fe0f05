import CGTK

/// The monitor a window is on (or the primary one), in GDK's scaled pixels.
enum Monitor {
    /// The monitor showing most of `widget`'s window; the primary (or first) monitor
    /// when the widget is not realized or nil.
    static func of(_ widget: UnsafeMutablePointer<GtkWidget>?) -> OpaquePointer? {
        guard let display = gdk_display_get_default() else { return nil }
        if let widget, let gdkWindow = gtk_widget_get_window(widget),
            let monitor = gdk_display_get_monitor_at_window(display, gdkWindow)
        {
            return monitor
        }
        return gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
    }

    /// The work area (the monitor less panels) of the monitor showing `widget`.
    static func workArea(of widget: UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle? {
        of(widget).map(workArea(ofMonitor:))
    }

    /// The work area of `monitor` (a `GdkMonitor *`).
    static func workArea(ofMonitor monitor: OpaquePointer) -> GdkRectangle {
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return area
    }

    /// Vertical pixels per millimetre of the monitor showing `widget`, or nil when the
    /// monitor reports no physical size.
    static func pixelsPerMillimetre(of widget: UnsafeMutablePointer<GtkWidget>?) -> Double? {
        guard let monitor = of(widget) else { return nil }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        let millimetres = gdk_monitor_get_height_mm(monitor)
        guard millimetres > 0 else { return nil }
        return Double(geometry.height) / Double(millimetres)
    }
}
