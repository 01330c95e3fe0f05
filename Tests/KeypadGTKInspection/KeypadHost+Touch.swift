import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// Where tests put touch events: the key surface's own input window, and points in it.
extension KeypadHost {
    /// The input-only GdkWindow of `keypad`'s key surface (a `GdkWindow *`), which takes
    /// its pointer and touch events; nil while the keypad is not drawn.
    package func keySurfaceWindow(of keypad: Keypad) -> UnsafeMutableRawPointer? {
        guard let surface = keypadView(of: keypad)?.widget, let window = InputOnlyWindow.of(surface) else { return nil }
        return UnsafeMutableRawPointer(window)
    }

    /// The rectangle of key `id` of `keypad` in its key surface window's coordinates.
    package func keySurfaceRect(ofKey id: String, in keypad: Keypad) -> CGRect? {
        guard let view = keypadView(of: keypad), let surface = view.widget, let button = view.button(id: id),
            gtk_widget_get_mapped(button) != 0
        else { return nil }
        var origin = GtkAllocation()
        var frame = GtkAllocation()
        gtk_widget_get_allocation(surface, &origin)
        gtk_widget_get_allocation(button, &frame)
        return CGRect(
            x: Int(frame.x - origin.x), y: Int(frame.y - origin.y), width: Int(frame.width), height: Int(frame.height))
    }
}
