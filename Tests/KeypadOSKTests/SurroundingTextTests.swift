import Foundation
import Testing

@testable import KeypadOSK

@Suite("The app's text around the caret, bytes to UTF-16 and back")
struct SurroundingTextTests {
    @Test("The selection in UTF-16 offsets, whichever end the cursor is")
    func selection() {
        // "é" is 2 bytes and 1 UTF-16 unit, "😀" 4 bytes and 2 units.
        let text = "aé😀b"
        #expect(SurroundingText(text: text, cursor: 7, anchor: 7).selection == NSRange(location: 4, length: 0))
        #expect(SurroundingText(text: text, cursor: 1, anchor: 7).selection == NSRange(location: 1, length: 3))
        #expect(SurroundingText(text: text, cursor: 7, anchor: 1).selection == NSRange(location: 1, length: 3))
    }

    @Test("A deletion around the caret in bytes before and after it")
    func deletion() throws {
        let caret = SurroundingText(text: "aé😀b", cursor: 7, anchor: 7)
        // The emoji before the caret: two UTF-16 units, four bytes.
        let before = try #require(caret.deletion(of: NSRange(location: 2, length: 2)))
        #expect(before.before == 4 && before.after == 0)
        // A selection with the cursor at its start.
        let selected = SurroundingText(text: "aé😀b", cursor: 1, anchor: 7)
        let after = try #require(selected.deletion(of: NSRange(location: 1, length: 3)))
        #expect(after.before == 0 && after.after == 6)
    }

    @Test("A range away from the caret or outside the text is refused")
    func refusals() {
        let caret = SurroundingText(text: "abc", cursor: 3, anchor: 3)
        #expect(caret.deletion(of: NSRange(location: 0, length: 1)) == nil)
        #expect(caret.deletion(of: NSRange(location: 2, length: 5)) == nil)
        #expect(caret.deletion(of: NSRange(location: -1, length: 1)) == nil)
        #expect(caret.replacing(NSRange(location: 4, length: 0), with: "x") == nil)
    }

    @Test("An edit leaves the caret after the text it put in")
    func replacing() {
        let selected = SurroundingText(text: "aé😀b", cursor: 1, anchor: 7)
        #expect(
            selected.replacing(selected.selection, with: "12") == SurroundingText(text: "a12b", cursor: 3, anchor: 3))
        let caret = SurroundingText(text: "12", cursor: 2, anchor: 2)
        #expect(
            caret.replacing(NSRange(location: 1, length: 1), with: "")
                == SurroundingText(text: "1", cursor: 1, anchor: 1))
    }
}
