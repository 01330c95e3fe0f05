import CGTK
import Foundation
import KeypadCore

extension KeypadArea {
    /// The monitor under the app window changed (size, work area, rotation, physical
    /// size) while the keyboard's bounds already follow it: keys take the height of at
    /// least 9 mm there, and a keypad on screen moves and resizes to the bottom of the new
    /// work area (through ``windowPlacement``, as on X11, layer-shell or attached). A new
    /// key height changes the keypad's height, which the keyboard announces
    /// (willChangeFrame … didChangeFrame) as it shows the keypad anew.
    func monitorChanged(to monitor: MonitorLayout) {
        let height = KeypadPlacement.keyHeight(on: monitor)
        if height != keyHeight {
            keyHeight = height
            for view in keypadViews.values { view.keyHeight = height }
            if scope.keyboard.isVisible { scope.reloadInputViews() }
        }
        if let window = floatingWindow, isRevealed { placeWindow(window) }
    }

    /// With layer-shell and ``outputFromCompositor``, once the keypad has slid in: the output the
    /// compositor put it on (sway: the focused one) becomes ``compositorMonitor`` when it is
    /// another, and the host takes its work area (the keyboard's frames, the keypad's width) and
    /// key height. GDK knows it from the surface's wl_surface.enter, which comes with its first
    /// frame, before the slide ends.
    func learnCompositorMonitor() {
        guard outputFromCompositor, windowPlacement == .layerShell, let window = floatingWindow,
            let gdkWindow = gtk_widget_get_window(window), let display = gdk_display_get_default(),
            let monitor = gdk_display_get_monitor_at_window(display, gdkWindow), monitor != compositorMonitor
        else { return }
        g_object_ref(UnsafeMutableRawPointer(monitor))
        if let compositorMonitor { g_object_unref(UnsafeMutableRawPointer(compositorMonitor)) }
        compositorMonitor = monitor
        compositorMonitorChanged?()
    }
}
