import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

extension GTKSession {
    /// Adds a recorded notes bar (a growing text view) named `name`, with a rounded border.
    func notes(_ name: String) -> TextView {
        let notes = TextView()
        notes.accessibilityLabel = name
        notes.placeholder = name
        notes.appearance.borderStyle = .roundedRect
        window.setInputBar(notes)
        recorder.record(notes)
        return notes
    }
}

/// The notes bar: placeholder, text inset, rounded frame, and the model's appearance.
extension GTKTests {
    @Test("the text view shows its placeholder while empty, also while editing, and hides it with text")
    func textViewPlaceholder() {
        let session = GTKSession()
        let notes = session.notes("Notes")
        session.show()
        #expect(session.window.host.shownPlaceholder(of: notes) == "Notes")
        session.click(notes)
        #expect(session.window.host.shownPlaceholder(of: notes) == "Notes")
        XInput.type("hi")
        session.settle()
        #expect(notes.text == "hi")
        #expect(session.window.host.shownPlaceholder(of: notes) == nil)
        XInput.key("BackSpace")
        XInput.key("BackSpace")
        session.settle()
        #expect(session.window.host.shownPlaceholder(of: notes) == "Notes")
        notes.placeholder = "Remarks"
        session.settle()
        #expect(session.window.host.shownPlaceholder(of: notes) == "Remarks")
        session.close()
    }

    @Test("text starts inside the frame's border by the inset, and the frame's rounded corners are not painted over")
    func textViewFrame() throws {
        let session = GTKSession()
        try Theme.dark.install()  // its window and text backgrounds differ
        defer { Theme.uninstall() }
        let notes = session.notes("Notes")
        notes.appearance.background = yellow
        notes.text = "hello"
        session.show()
        session.settle()
        let origin = try #require(session.window.host.firstCharacterRect(of: notes))
        #expect(origin.x >= 12 && origin.y >= 8, "text starts at \(origin.x), \(origin.y) in the frame")
        // Inside the border, left of the text: the frame's background.
        let inside = session.window.host.renderedPixel(of: notes, x: 4, y: origin.y + 8)
        #expect(sameColor(inside, yellow), "inside \(String(describing: inside))")
        // The very corner lies outside the 8 px radius: the window shows through, as it
        // does just left of the frame.
        let corner = try #require(session.window.host.renderedPixel(of: notes, x: 1, y: 1))
        let beside = try #require(session.window.host.renderedPixel(of: notes, x: -4, y: 1))
        #expect(sameColor(corner, beside), "corner \(corner), window \(beside)")
        session.close()
    }

    @Test("the text view takes the model's font, colour, background and accessible name, also when they change")
    func textViewAppearance() throws {
        let session = GTKSession()
        try Theme.dark.install()
        defer { Theme.uninstall() }
        let notes = session.notes("Notes")
        session.show()
        #expect(session.window.host.accessibleName(of: notes) == "Notes")
        notes.appearance.font.size = 24
        notes.appearance.textColor = red
        notes.appearance.background = yellow
        notes.accessibilityLabel = "Delivery notes"
        notes.text = "█"  // a full block: its middle is drawn in the text colour alone
        session.settle()
        let style = session.window.host.renderedStyle(of: notes)
        #expect(abs((style?.fontSize ?? 0) - 24) < 0.5, "font \(String(describing: style?.fontSize))")
        #expect(sameColor(style?.color, red), "colour \(String(describing: style?.color))")
        #expect(sameColor(style?.background, yellow), "background \(String(describing: style?.background))")
        #expect(session.window.host.accessibleName(of: notes) == "Delivery notes")
        let block = try #require(session.window.host.firstCharacterRect(of: notes))
        let drawn = session.window.host.renderedPixel(
            of: notes, x: block.x + block.width / 2, y: block.y + block.height / 2)
        #expect(sameColor(drawn, red), "the text is drawn in \(String(describing: drawn))")
        session.close()
    }
}
