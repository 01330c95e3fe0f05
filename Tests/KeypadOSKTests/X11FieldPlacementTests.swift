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

    /// A FocusIn is placed before the keypad shows (its monitor) and stacked after
    /// (DBusFront.focusSoon): the first placement leaves the stacking alone, so a field taking
    /// focus in another window changes the keypad's WM_TRANSIENT_FOR once, not twice (each
    /// change is a PropertyNotify, read one per main-loop turn).
    @Test("A field taking focus in another window restacks the keypad once; a caret move there, not at all")
    func focusInAnotherWindowRestacksOnce() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        let windows: [UnsafeMutablePointer<GtkWidget>] = try (0..<2).map { _ in
            try #require(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        }
        defer { for window in windows { gtk_widget_destroy(window) } }
        for window in windows { gtk_widget_realize(window) }
        let (first, second) = (UInt64(keypad_test_x_window(windows[0])), UInt64(keypad_test_x_window(windows[1])))
        try #require(first != 0 && second != 0, "the X11 display of make test")
        let field = GdkRectangle(x: 10, y: 20, width: 2, height: 20)
        service.followX11Field(window: first, cursor: field, stacking: .unchanged)
        service.focusIn(client, field: OSKField(traits: TextInputTraits(keyboardType: .numberPad), text: "1"))
        service.followX11Field(window: first, cursor: field, stacking: .again)
        let keypad = keypad_test_x_window(try #require(service.stage?.host?.area.floatingWindow))
        try #require(keypad != 0, "the keypad's window is realized")
        let watch = keypad_test_watch_property(keypad, "WM_TRANSIENT_FOR")
        defer { keypad_test_watch_end(watch) }
        try #require(watch != nil)
        // DBusFront's FocusIn of a field in the second window.
        service.followX11Field(window: second, cursor: field, stacking: .unchanged)
        service.focusIn(client, field: OSKField(traits: TextInputTraits(keyboardType: .numberPad), text: "2"))
        service.followX11Field(window: second, cursor: field, stacking: .again)
        #expect(keypad_test_property_changes(watch) == 1)
        // Its caret moves: nothing; a caret move into the first window: once.
        service.followX11Field(window: second, cursor: GdkRectangle(x: 10, y: 80, width: 2, height: 20))
        #expect(keypad_test_property_changes(watch) == 1)
        service.followX11Field(window: first, cursor: field)
        #expect(keypad_test_property_changes(watch) == 2)
    }
}
