import CGTK
import CKeypadTestDisplay
import KeypadCore
import KeypadGTK
import Testing

@testable import KeypadOSK

extension OSKServiceTests {
    /// keypad-osk follows the focused field's X window at every FocusIn. Each X request that
    /// changes a window brings an event back, and GDK reads one X event per main-loop turn:
    /// a burst of focus changes queued them in Xlib faster than GDK read them, and Xlib keeps
    /// its queue's largest size for good (measured, #31: 17.7 MB of `_XEnq` after 20 000 focus
    /// changes). Following the same window on the same monitor again changes nothing.
    @Test("Following another app's field again on the same monitor sends the X server no change")
    func followingAFieldAgainQueuesNoXEvents() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        let other: UnsafeMutablePointer<GtkWidget> = try #require(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        defer { gtk_widget_destroy(other) }
        gtk_widget_realize(other)
        let window = UInt64(keypad_test_x_window(other))
        try #require(window != 0, "the X11 display of make test")
        service.focusIn(client, field: OSKField(traits: TextInputTraits(keyboardType: .numberPad), text: "1"))
        // Two fields high in the window, so the keypad stays at the bottom for both.
        let fields = [
            GdkRectangle(x: 10, y: 20, width: 2, height: 20), GdkRectangle(x: 10, y: 80, width: 2, height: 20),
        ]
        service.followX11Field(window: window, cursor: fields[0])
        let before = keypad_test_queued_x_events()
        for move in 0..<200 {
            service.followX11Field(window: window, cursor: fields[move % 2])
        }
        let queued = keypad_test_queued_x_events() - before
        // The window manager's own events for the keypad shown above come in meanwhile (about
        // ten); a move that changed a window brought one or more each (241 measured).
        #expect(queued < 50, "200 moves between two fields queued \(queued) X events")
    }
}
