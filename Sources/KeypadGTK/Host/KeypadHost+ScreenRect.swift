import CGTK
import Foundation
import KeypadCore

/// The keypad's place on the screen, as keypad-osk tells an app (KeypadFrame) and tests read it.
extension KeypadHost {
    /// Where the keypad's own window is on the screen (its X window's origin and size),
    /// while it shows; nil with the docked placement.
    package var keypadWindowScreenRect: CGRect? {
        guard !isClosed, let window = area.floatingWindow, gtk_widget_get_visible(window) != 0,
            let gdkWindow = gtk_widget_get_window(window)
        else { return nil }
        var x: gint = 0
        var y: gint = 0
        gdk_window_get_origin(gdkWindow, &x, &y)
        return CGRect(
            x: Int(x), y: Int(y), width: Int(gdk_window_get_width(gdkWindow)),
            height: Int(gdk_window_get_height(gdkWindow)))
    }
}
