import Foundation
import KeypadCore
import KeypadGTK
import Testing

@testable import KeypadOSK

@Suite("org.keypad.OSK1's field: code points in, UTF-16 for the model, secure text dropped")
struct OSKWireFieldTests {
    /// "é" is one code point and one UTF-16 unit, "😀" one code point and two units.
    static let text = "aé😀b"

    @Test("Code-point offsets become a UTF-16 selection, whichever end the cursor is")
    func selection() throws {
        var field = OSKWireField(purpose: 0)
        try field.setText(Self.text, cursor: 3, anchor: 3)
        #expect(field.field.text == Self.text)
        #expect(field.field.selection == NSRange(location: 4, length: 0))
        try field.setText(Self.text, cursor: 1, anchor: 3)
        #expect(field.field.selection == NSRange(location: 1, length: 3))
        try field.setText(Self.text, cursor: 3, anchor: 1)
        #expect(field.field.selection == NSRange(location: 1, length: 3))
    }

    @Test("A deletion in UTF-16 goes out as code points from the caret")
    func deletion() throws {
        var field = OSKWireField()
        try field.setText(Self.text, cursor: 3, anchor: 3)
        // The emoji before the caret: two UTF-16 units, one code point.
        let before = try #require(field.deleteArguments(for: NSRange(location: 2, length: 2)))
        #expect(before.offset == -1 && before.count == 1)
        // Characters after the caret: from the caret on.
        try field.setText(Self.text, cursor: 1, anchor: 1)
        let after = try #require(field.deleteArguments(for: NSRange(location: 1, length: 3)))
        #expect(after.offset == 0 && after.count == 2)
        #expect(field.deleteArguments(for: NSRange(location: 4, length: 9)) == nil)
    }

    @Test("Over a selection no DeleteSurrounding goes out: the app deletes its own selection (Backspace)")
    func deletionOverASelection() throws {
        var field = OSKWireField()
        // The app may have dropped this selection since (the user tapped the field): a range
        // worked out from it would delete characters the user never selected.
        for (cursor, anchor) in [(1, 3), (3, 1)] {
            try field.setText(Self.text, cursor: Int32(cursor), anchor: Int32(anchor))
            #expect(field.deleteArguments(for: NSRange(location: 1, length: 3)) == nil)
        }
    }

    @Test("Edits sent to the app are followed until its own text comes")
    func followsEdits() throws {
        var field = OSKWireField()
        try field.setText("12", cursor: 2, anchor: 2)
        field.applyEdit(field.selection, replacement: "3")
        #expect(field.field.text == "123" && field.field.selection == NSRange(location: 3, length: 0))
        field.applyEdit(NSRange(location: 2, length: 1), replacement: "")
        #expect(field.field.text == "12" && field.field.selection == NSRange(location: 2, length: 0))
    }

    @Test("Password, PIN and hidden text keep no text, whatever arrives")
    func secure() throws {
        for (purpose, flags) in [(UInt32(8), UInt32(0)), (9, 0), (0, OSKWireField.hiddenTextFlag)] {
            var field = OSKWireField(purpose: purpose, flags: flags)
            try field.setText("hunter2", cursor: 7, anchor: 7)
            #expect(field.field.text == nil)
            #expect(field.field.traits.isSecureTextEntry)
            #expect(field.deleteArguments(for: NSRange(location: 6, length: 1)) == nil)
        }
        var becomes = OSKWireField(purpose: 0)
        try becomes.setText("hunter2", cursor: 7, anchor: 7)
        becomes.purpose = 8
        becomes.forgetTextIfSecure()
        #expect(becomes.field.text == nil)
    }

    @Test("Flag 0x4 enables previous and next; 0x20 and 0x40 take them from the first and the last field")
    func focusChainEnds() {
        let chain = OSKWireField.focusChainFlag
        let cases: [(UInt32, Bool, Bool)] = [
            (0, false, false), (chain, true, true), (chain | OSKWireField.firstInChainFlag, false, true),
            (chain | OSKWireField.lastInChainFlag, true, false),
            (OSKWireField.firstInChainFlag | OSKWireField.lastInChainFlag, false, false),
        ]
        for (flags, previous, next) in cases {
            let field = OSKWireField(flags: flags).field
            #expect(field.hasPreviousField == previous && field.hasNextField == next, "flags \(flags)")
        }
    }

    @Test("Absurd sizes and offsets are refused, keeping no text")
    func bounds() {
        var field = OSKWireField()
        let long = String(repeating: "x", count: OSKWireField.maximumTextBytes + 1)
        #expect(throws: OSKWireField.TextError.tooLong(bytes: long.utf8.count)) {
            try field.setText(long, cursor: 0, anchor: 0)
        }
        #expect(throws: OSKWireField.TextError.self) { try field.setText("ab", cursor: 3, anchor: 0) }
        #expect(throws: OSKWireField.TextError.self) { try field.setText("ab", cursor: 1, anchor: -2) }
        #expect(field.field.text == nil)
    }

    @Test(
        "Each GTK input purpose maps to the pad docs/im-module.md's table names",
        arguments: [
            (Purpose.freeForm, KeyboardType.default, false), (.alpha, .default, false), (.digits, .numberPad, false),
            (.number, .decimalPad, false), (.phone, .phonePad, false), (.url, .url, false),
            (.email, .emailAddress, false), (.name, .default, false), (.password, .default, true),
            (.pin, .numberPad, true), (.terminal, .default, false),
        ])
    func purpose(_ purpose: Purpose, type: KeyboardType, secure: Bool) {
        let traits = OSKWireField(purpose: purpose.rawValue).field.traits
        #expect(traits.keyboardType == type)
        #expect(traits.isSecureTextEntry == secure)
    }

    @Test("A field hiding its text is secure whatever its purpose; an unknown purpose gets the default pad")
    func hiddenAndUnknown() {
        let hidden = OSKWireField(purpose: Purpose.freeForm.rawValue, flags: OSKWireField.hiddenTextFlag).field
        #expect(hidden.traits.isSecureTextEntry && hidden.traits.keyboardType == .default)
        #expect(!OSKWireField(purpose: Purpose.freeForm.rawValue).field.traits.isSecureTextEntry)
        #expect(OSKWireField(purpose: 99).field.traits == TextInputTraits())
    }

    @Test("The INHIBIT_OSK hint asks for no keypad; other hints do not")
    func inhibitOSK() {
        #expect(!OSKWireField(purpose: Purpose.digits.rawValue, hints: OSKWireField.inhibitOSKHint).field.wantsKeypad)
        #expect(!OSKWireField(purpose: 0, hints: OSKWireField.inhibitOSKHint | 1).field.wantsKeypad)
        #expect(OSKWireField(purpose: 0, hints: 1 | 2 | 4 | 64).field.wantsKeypad)
    }

    @Test(
        "A widget bound to a field announces the purpose that brings keypad-osk's pad for it",
        arguments: [
            (KeyboardType.numberPad, Purpose.digits, KeyboardType.numberPad),
            (.asciiCapableNumberPad, .digits, .numberPad), (.decimalPad, .number, .decimalPad),
            (.phonePad, .phone, .phonePad), (.emailAddress, .email, .emailAddress), (.url, .url, .url),
            (.webSearch, .url, .url), (.namePhonePad, .name, .default), (.default, .freeForm, .default),
            (.twitter, .freeForm, .default),
        ])
    @MainActor
    func announcedPurpose(_ type: KeyboardType, purpose: Purpose, shows: KeyboardType) {
        let announced = InputPurposeTable.purpose(announcing: type).rawValue
        #expect(announced == purpose.rawValue)
        #expect(OSKWireField(purpose: announced).field.traits.keyboardType == shows)
    }
}

/// GTK's input purposes (`GtkInputPurpose`) by value, written out here so that the table in
/// KeypadGTK is checked against GTK's numbering, not against itself.
enum Purpose: UInt32 {
    case freeForm = 0
    case alpha, digits, number, phone, url, email, name, password, pin, terminal
}
