import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// Hostile content (issue #13): model and widget stay equal, the window stays on its monitor.
extension GTKTests {
    @Test("a 100 000-character paste into a field is refused whole; model and entry stay equal and a key press shows")
    func entryHoldsWhatTheModelHolds() {
        let session = GTKSession()
        let field = session.field("Amount")
        session.show()
        session.click(field)
        #expect(field.maximumUTF8Length == 65_534)
        field.replace(field.selectedRange, withText: String(repeating: "1", count: 100_000))
        session.settle()
        #expect(field.text.isEmpty && session.window.host.widgetText(of: field)?.isEmpty == true)
        field.replace(field.selectedRange, withText: String(repeating: "1", count: 65_533))
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        session.clickKey("7", of: keypad)
        #expect(field.text.utf8.count == 65_534 && field.text.hasSuffix("17"))
        session.clickKey("7", of: keypad)
        #expect(field.text.utf8.count == 65_534)
        let same = session.window.host.widgetText(of: field) == field.text
        #expect(same, "the entry shows \(session.window.host.widgetText(of: field)?.utf8.count ?? -1) bytes")
        session.close()
    }

    @Test("a field's own larger limit is lowered to what its entry holds; a smaller one stays")
    func entryLimit() {
        let session = GTKSession()
        let big = TextField()
        big.maximumUTF8Length = 1_000_000
        session.window.addField(big, label: "Big")
        let small = TextField()
        small.maximumUTF8Length = 4
        session.window.addField(small, label: "Small")
        #expect(big.maximumUTF8Length == 65_534 && small.maximumUTF8Length == 4)
        session.close()
    }

    @Test(
        "a 10 MB paste into the notes view is refused whole; a 200 000-character one is applied; model and view agree")
    func textViewHoldsWhatTheModelHolds() {
        let session = GTKSession()
        let notes = session.notes("Notes")
        session.show()
        session.click(notes)
        #expect(notes.maximumUTF8Length == 256 * 1024)
        #expect(!notes.replace(notes.selectedRange, withText: String(repeating: "1234567890", count: 1_000_000)))
        session.settle()
        #expect(notes.text.isEmpty && session.window.host.widgetCharacterCount(of: notes) == 0)
        #expect(notes.replace(notes.selectedRange, withText: String(repeating: "123456789\n", count: 20_000)))
        session.settle(timeout: 30)
        #expect(notes.utf16Length == 200_000 && session.window.host.widgetCharacterCount(of: notes) == 200_000)
        session.close()
    }

    @Test("a flood of tabs in the notes view does not widen the window")
    func tabFlood() {
        let session = GTKSession()
        let notes = session.notes("Notes")
        session.show()
        session.settle()
        let width = session.window.host.allocatedWidth
        session.click(notes)
        // Laying out 20 000 characters takes a few frames of seconds each on a busy machine.
        notes.replace(notes.selectedRange, withText: String(repeating: "\t", count: 20_000))
        session.settle(timeout: 30)
        #expect(notes.utf16Length == 20_000)
        // The vertical scrollbar may add its own width; the text's width must not count.
        #expect(
            session.window.host.allocatedWidth <= width + 20,
            "the window grew from \(width) to \(session.window.host.allocatedWidth) px")
        notes.replace(notes.selectedRange, withText: String(repeating: "x", count: 20_000))
        session.settle(timeout: 30)
        #expect(
            session.window.host.allocatedWidth <= width + 20,
            "the window grew from \(width) to \(session.window.host.allocatedWidth) px")
        session.close()
    }

    @Test("a keypad built in code with widths no file may hold is drawn within the screen (1024 px under Xvfb)")
    func undrawableKeypad() throws {
        let session = GTKSession()
        var layout = try KeypadLayout.bundled(id: "numberPad")
        layout.pages[0].rows[0][0].width = 1e308
        layout.pages[0].rows[0][1].width = .infinity
        layout.pages[0].rows[0][2].width = -.nan
        let keypad = Keypad(layout: layout, notificationCenter: session.scope.notificationCenter)
        let field = session.field("Odd")
        field.inputView = keypad
        session.field("Plain")
        session.show()
        session.settle()
        session.click(field)
        session.settle()
        #expect(
            session.window.host.allocatedWidth <= 1024, "the window is \(session.window.host.allocatedWidth) px wide")
        session.clickKey("5", of: keypad)
        #expect(field.text == "5")
        session.close()
    }
}
