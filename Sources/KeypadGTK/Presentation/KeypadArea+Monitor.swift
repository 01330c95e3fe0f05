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
}
