import CGTK
import Foundation
import KeypadCore
import KeypadGTK

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

    /// Waits until what the test's X input set going has run its course: an X round trip
    /// (the server has handed over every event made before it), the main loop drained,
    /// no keypad sliding, a hidden keypad's own window hidden, and then two frames drawn
    /// (so every queued resize has been laid out and painted). False on timeout.
    package func waitUntilSettled(timeout: Double = 5) -> Bool {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        var quietSince: gint64?
        return MainLoop.run(
            until: {
                MainLoop.drain()
                guard !isClosed else { return true }
                let windowShown = area.floatingWindow.map { gtk_widget_get_visible($0) != 0 } ?? area.isRevealed
                guard !area.isSliding, windowShown == area.isRevealed else {
                    quietSince = nil
                    return false
                }
                guard let clock = gtk_widget_get_frame_clock(window) else { return true }
                let frame = gdk_frame_clock_get_frame_counter(clock)
                guard let start = quietSince else {
                    quietSince = frame
                    gtk_widget_queue_draw(window)
                    return false
                }
                if frame < start + 2 { gtk_widget_queue_draw(window) }
                return frame >= start + 2
            }, timeout: timeout)
    }
}
