import CGTK
import Foundation

extension Monitor {
    /// The geometry, work area and physical height of the monitor showing `widget`.
    static func layout(of widget: UnsafeMutablePointer<GtkWidget>?) -> MonitorLayout? {
        of(widget).map(layout(ofMonitor:))
    }

    /// The geometry, work area and physical height of `monitor` (a `GdkMonitor *`).
    static func layout(ofMonitor monitor: OpaquePointer) -> MonitorLayout {
        var geometry = GdkRectangle()
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        gdk_monitor_get_workarea(monitor, &area)
        return MonitorLayout(
            geometry: CGRect(
                x: Int(geometry.x), y: Int(geometry.y), width: Int(geometry.width), height: Int(geometry.height)),
            workArea: CGRect(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)),
            heightMillimetres: Int(gdk_monitor_get_height_mm(monitor)))
    }
}
