import Foundation
import Testing

@testable import KeypadOSK

@Suite("Byte offsets of the surrounding text an app sets, as UTF-16 offsets")
struct SurroundingTextOffsetsTests {
    @Test(
        "A byte index becomes the UTF-16 offset of the character it starts, clamped into the text",
        arguments: [
            // (bytes, byte index, UTF-16 offset)
            ([], 0, 0), ([], 5, 0), ([], -1, 0),
            (Array("abc".utf8), 0, 0), (Array("abc".utf8), 2, 2), (Array("abc".utf8), 3, 3),
            // Out of range: negative is the start, past the end is the end.
            (Array("abc".utf8), -3, 0), (Array("abc".utf8), 4, 3), (Array("abc".utf8), Int.max, 3),
            (Array("abc".utf8), Int.min, 0),
            // é is two bytes, one UTF-16 unit: inside it is its start.
            ([0xC3, 0xA9, 0x78], 1, 0), ([0xC3, 0xA9, 0x78], 2, 1), ([0xC3, 0xA9, 0x78], 3, 2),
            // 中 is three bytes, one unit.
            ([0xE4, 0xB8, 0xAD], 2, 0), ([0xE4, 0xB8, 0xAD], 3, 1),
            // 😀 is four bytes, two units (a surrogate pair).
            ([0xF0, 0x9F, 0x98, 0x80, 0x61], 1, 0), ([0xF0, 0x9F, 0x98, 0x80, 0x61], 3, 0),
            ([0xF0, 0x9F, 0x98, 0x80, 0x61], 4, 2), ([0xF0, 0x9F, 0x98, 0x80, 0x61], 5, 3),
            // Invalid UTF-8: each invalid sequence reads as one U+FFFD (one unit).
            ([0x61, 0xFF, 0x62], 1, 1), ([0x61, 0xFF, 0x62], 2, 2), ([0x61, 0xFF, 0x62], 3, 3),
            ([0x80, 0x61], 1, 1), ([0x80, 0x61], 2, 2),
            // A sequence cut short at the end: one U+FFFD for both bytes; inside it is its start.
            ([0x61, 0xE4, 0xB8], 2, 1), ([0x61, 0xE4, 0xB8], 3, 2),
            // An overlong encoding of "/" and a surrogate encoded in UTF-8 are invalid too.
            ([0xC0, 0xAF, 0x61], 3, 3), ([0xED, 0xA0, 0x80, 0x61], 4, 4),
        ] as [([UInt8], Int, Int)])
    func byteIndex(_ bytes: [UInt8], _ byteIndex: Int, _ expected: Int) {
        #expect(SurroundingText.utf16Offset(ofByte: byteIndex, in: bytes) == expected)
    }

    @Test(
        "The end of the bytes is the end of the text keypad-osk mirrors",
        arguments: [
            [], Array("abc".utf8), [0xC3, 0xA9], [0x61, 0xFF, 0x62], [0x61, 0xE4, 0xB8], [0xF0, 0x9F, 0x98],
            [0xC0, 0xAF, 0x61], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], Array("e\u{301}👍🏽中".utf8),
        ] as [[UInt8]])
    func endIsEnd(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(SurroundingText.utf16Offset(ofByte: bytes.count, in: bytes) == text.utf16.count)
        // And every index in between lands on a scalar boundary of that text, in order.
        let offsets = (0...bytes.count).map { SurroundingText.utf16Offset(ofByte: $0, in: bytes) }
        #expect(offsets == offsets.sorted())
        let boundaries = Set(text.unicodeScalars.indices.map { $0.utf16Offset(in: text) } + [text.utf16.count])
        #expect(offsets.allSatisfy(boundaries.contains))
    }
}
