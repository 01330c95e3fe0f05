import CGTK
import Foundation
import KeypadCore

extension KeypadArea {
    /// The monitor under the app window changed (size, work area, rotation, physical
    /// size) while the keyboard's bounds already follow it: keys take the height of at
    /// least 9 mm there, and a keypad on screen moves and resizes to the bottom of the new
    /// work area. A new key height changes the keypad's height, which the keyboard
    /// announces (willChangeFrame … didChangeFrame) as it re-shows.
    func monitorChanged(to monitor: MonitorLayout) {
        let height = KeypadPlacement.keyHeight(on: monitor)
        if height != keyHeight {
            keyHeight = height
            for view in keypadViews.values { view.keyHeight = height }
            if scope.keyboard.isVisible { scope.reloadInputViews() }
        }
        guard let window = floatingWindow, isRevealed, let frame = scope.keyboard.frame else { return }
        place(window, at: KeypadPlacement.windowFrame(on: monitor, height: Int(frame.height)))
    }

    /// Moves and resizes the keypad window to `frame` (screen pixels).
    private func place(_ window: UnsafeMutablePointer<GtkWidget>, at frame: CGRect) {
        let width = gint(frame.width)
        let height = gint(frame.height)
        gtk_window_set_default_size(keypad_window(window), width, height)
        gtk_widget_set_size_request(window, width, height)
        gtk_window_resize(keypad_window(window), width, height)
        gtk_window_move(keypad_window(window), gint(frame.minX), gint(frame.minY))
    }
}
