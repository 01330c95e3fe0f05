import Foundation
import KeypadCore
import Testing

@Suite("TextBuffer")
struct TextBufferTests {
    @Test(
        "deleteBackward's range covers one whole grapheme",
        arguments: [
            ("a👍🏽", 4), ("a🇩🇪", 4), ("a👨‍👩‍👧", 8), ("a中", 1), ("ae\u{301}", 2), ("ab", 1),
            // ASCII before the cursor: alone after ASCII or the start, except CR LF and a prepended mark.
            ("5", 1), ("75", 1), ("中5", 1), ("\n5", 1), ("\r\n", 2), ("a\r\n", 2), ("a\u{0600}5", 2),
        ])
    func graphemeDeletion(text: String, expectedLength: Int) {
        let buffer = TextBuffer(text: text)
        let range = buffer.rangeForDeleteBackward
        #expect(range == NSRange(location: text.utf16.count - expectedLength, length: expectedLength))
    }

    @Test("UTF-16 offsets convert from the start, the cursor or the end; one inside a surrogate pair is refused")
    func offsetsFromAnchors() {
        // "a😀中b😀": a 1, 😀 2, 中 1, b 1, 😀 2 UTF-16 units; the cursor starts at the end, 7.
        var buffer = TextBuffer(text: "a😀中b😀")
        let applied1 = buffer.replace(NSRange(location: 2, length: 0), with: "x")
        #expect(!applied1)  // inside the first 😀, from the start
        let applied2 = buffer.replace(NSRange(location: 6, length: 0), with: "x")
        #expect(!applied2)  // inside the last 😀, from the end
        #expect(!buffer.isValid(NSRange(location: 7, length: 1)))
        #expect(buffer.text == "a😀中b😀")
        let applied3 = buffer.replace(NSRange(location: 3, length: 1), with: "Z")
        #expect(applied3)
        #expect(buffer.text == "a😀Zb😀")
        #expect(buffer.selectedRange == NSRange(location: 4, length: 0))
        // From the cursor at 4, back over Z and the first 😀.
        let applied4 = buffer.replace(NSRange(location: 1, length: 3), with: "")
        #expect(applied4)
        #expect(buffer.text == "ab😀")
        #expect(buffer.selectedRange == NSRange(location: 1, length: 0))
        #expect(buffer.rangeForDeleteBackward == NSRange(location: 0, length: 1))
        let applied5 = buffer.replace(NSRange(location: 4, length: 0), with: "!")
        #expect(applied5)
        #expect(buffer.text == "ab😀!")
    }
}
