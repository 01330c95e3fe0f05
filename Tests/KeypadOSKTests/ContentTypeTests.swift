import Foundation
import KeypadCore
import Testing

@testable import KeypadOSK

/// text-input-v3's purposes by value (zwp_text_input_v3.content_purpose), written out here so
/// the mapping is checked against the protocol's numbering, not GTK's.
enum WaylandPurpose: UInt32 {
    case normal = 0
    case alpha, digits, number, phone, url, email, name, password, pin, date, time, datetime, terminal
}

@Suite("The pad a Wayland field gets")
struct ContentTypeTests {
    @Test(
        "Each text-input-v3 purpose maps to its keypad",
        arguments: [
            (WaylandPurpose.normal, KeyboardType.default, false), (.alpha, .default, false),
            (.digits, .numberPad, false), (.number, .decimalPad, false), (.phone, .phonePad, false),
            (.url, .url, false), (.email, .emailAddress, false), (.name, .default, false),
            (.password, .default, true), (.pin, .numberPad, true), (.date, .numbersAndPunctuation, false),
            (.time, .numbersAndPunctuation, false), (.datetime, .numbersAndPunctuation, false),
            (.terminal, .default, false),
        ])
    func purpose(_ purpose: WaylandPurpose, type: KeyboardType, secure: Bool) {
        let traits = ContentType(hint: 0, purpose: purpose.rawValue).traits
        #expect(traits.keyboardType == type)
        #expect(traits.isSecureTextEntry == secure)
    }

    @Test("HIDDEN_TEXT and SENSITIVE_DATA make any field secure; other hints do not")
    func hints() {
        #expect(ContentType(hint: 0x40, purpose: WaylandPurpose.normal.rawValue).traits.isSecureTextEntry)
        #expect(ContentType(hint: 0x80, purpose: WaylandPurpose.digits.rawValue).traits.isSecureTextEntry)
        #expect(ContentType(hint: 0x80, purpose: WaylandPurpose.digits.rawValue).traits.keyboardType == .numberPad)
        // Chromium's text field: auto_capitalization.
        #expect(!ContentType(hint: 4, purpose: WaylandPurpose.normal.rawValue).traits.isSecureTextEntry)
        #expect(!ContentType(hint: 0x3F | 0x300, purpose: 0).traits.isSecureTextEntry)
    }

    @Test("A purpose the protocol may add later gets the default layout")
    func unknownPurpose() {
        #expect(ContentType(hint: 0, purpose: 14).traits.keyboardType == .default)
        #expect(ContentType(hint: 0, purpose: .max).traits.keyboardType == .default)
    }
}
