import Foundation
import KeypadCore
import Testing

@Suite("TextBuffer")
struct TextBufferTests {
    @Test(
        "deleteBackward's range covers one whole grapheme",
        arguments: [
            ("a👍🏽", 4), ("a🇩🇪", 4), ("a👨‍👩‍👧", 8), ("a中", 1), ("ae\u{301}", 2), ("ab", 1),
        ])
    func graphemeDeletion(text: String, expectedLength: Int) {
        let buffer = TextBuffer(text: text)
        let range = buffer.rangeForDeleteBackward
        #expect(range == NSRange(location: text.utf16.count - expectedLength, length: expectedLength))
    }
}
