import CGTK
import Foundation
import KeypadCore

/// Driving the window from inside the process, through the same GTK paths a user's
/// input takes — for soak runs and scripted demos, where one xdotool process per
/// event would be far too slow.
extension KeypadHost {
    /// Gives GTK keyboard focus to the widget of `input`, as a click or Tab would; the
    /// model hears of it through the widget's focus signals.
    package func focusWidget(of input: TextResponder) {
        guard let widget = widget(for: input) else { return }
        gtk_widget_grab_focus(widget)
    }

    /// Activates the on-screen key `id` of `keypad` the way AT-SPI's press action does
    /// (the GtkButton's `clicked`); false if that key is not on screen.
    @discardableResult
    package func activateKey(_ id: String, in keypad: Keypad) -> Bool {
        guard let button = keypadView(of: keypad)?.button(id: id),
            gtk_widget_get_mapped(button) != 0
        else { return false }
        gtk_button_clicked(keypad_button(button))
        return true
    }

}

extension KioskWindow {
    /// Runs every main-loop source that is ready now, without waiting.
    package static func drainPendingEvents() {
        GTKMainLoop.drain()
    }
}
