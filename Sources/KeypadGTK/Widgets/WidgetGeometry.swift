import CGTK
import Foundation

/// Where widgets are on the screen.
package enum WidgetGeometry {
    /// The frame of `widget` on the screen (nil while it is not realized).
    package static func screenRect(of widget: UnsafeMutablePointer<GtkWidget>) -> CGRect? {
        guard let toplevel = gtk_widget_get_toplevel(widget), let gdkWindow = gtk_widget_get_window(toplevel) else {
            return nil
        }
        var x: gint = 0
        var y: gint = 0
        guard gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &x, &y) != 0 else { return nil }
        var originX: gint = 0
        var originY: gint = 0
        gdk_window_get_origin(gdkWindow, &originX, &originY)
        return CGRect(
            x: Int(originX + x), y: Int(originY + y), width: Int(gtk_widget_get_allocated_width(widget)),
            height: Int(gtk_widget_get_allocated_height(widget)))
    }
}
