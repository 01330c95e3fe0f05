import CKeypadOSKWayland
import Testing

@Suite("Surrounding text from the compositor, bounded")
struct SurroundingLimitsTests {
    private func usable(_ bytes: [UInt8], cursor: UInt32, anchor: UInt32) -> Bool {
        let terminated = (bytes + [0]).map { CChar(bitPattern: $0) }
        return keypad_osk_surrounding_is_usable(terminated, cursor, anchor) != 0
    }

    @Test("UTF-8 up to the protocol's 4000 bytes, with indices on character boundaries, is kept")
    func kept() {
        #expect(usable(Array("aé😀".utf8), cursor: 7, anchor: 1))
        #expect(usable([], cursor: 0, anchor: 0))
        #expect(usable(Array(repeating: UInt8(ascii: "7"), count: 4000), cursor: 4000, anchor: 0))
    }

    @Test("Too long, not UTF-8, indices out of range or inside a character: the text is unknown")
    func refused() {
        #expect(!usable(Array(repeating: UInt8(ascii: "7"), count: 4001), cursor: 0, anchor: 0))
        #expect(!usable([0x61, 0xFF, 0x62], cursor: 0, anchor: 0))
        #expect(!usable([0xE2, 0x82], cursor: 0, anchor: 0))
        #expect(!usable(Array("abc".utf8), cursor: 4, anchor: 0))
        #expect(!usable(Array("abc".utf8), cursor: 0, anchor: .max))
        #expect(!usable(Array("é".utf8), cursor: 1, anchor: 1))
        #expect(keypad_osk_surrounding_is_usable(nil, 0, 0) == 0)
    }
}
