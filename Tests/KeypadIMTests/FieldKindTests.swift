import Foundation
import KeypadCore
import KeypadGTK
import Testing

@testable import KeypadIM

/// GTK's input purposes (`GtkInputPurpose`) by value, written out here so that the table
/// in KeypadGTK is checked against GTK's numbering, not against itself.
enum Purpose: UInt32 {
    case freeForm = 0
    case alpha, digits, number, phone, url, email, name, password, pin, terminal
}

private func traits(_ purpose: Purpose, spin: Bool = false, hidden: Bool = false) -> TextInputTraits {
    FieldKind(purpose: purpose.rawValue, isSpinButton: spin, hidesText: hidden).traits
}

@Suite("The pad a GTK field gets")
struct FieldKindTests {
    @Test(
        "Each input purpose maps to the keypad docs/im-module.md's table names",
        arguments: [
            (Purpose.freeForm, KeyboardType.default, false), (.alpha, .default, false), (.digits, .numberPad, false),
            (.number, .decimalPad, false), (.phone, .phonePad, false), (.url, .url, false),
            (.email, .emailAddress, false), (.name, .default, false), (.password, .default, true),
            (.pin, .numberPad, true), (.terminal, .default, false),
        ])
    func purpose(_ purpose: Purpose, type: KeyboardType, secure: Bool) {
        #expect(traits(purpose).keyboardType == type)
        #expect(traits(purpose).isSecureTextEntry == secure)
    }

    @Test("A spin button gets the decimal pad whatever its purpose")
    func spinButton() {
        #expect(traits(.freeForm, spin: true).keyboardType == .decimalPad)
        #expect(traits(.digits, spin: true).keyboardType == .decimalPad)
    }

    @Test("An entry hiding its text is secure whatever its purpose")
    func hiddenEntry() {
        #expect(traits(.freeForm, hidden: true).isSecureTextEntry)
        #expect(traits(.freeForm, hidden: true).keyboardType == .default)
        #expect(!traits(.freeForm).isSecureTextEntry)
    }

    @Test("The INHIBIT_OSK hint asks for no keypad; other hints do not")
    func inhibitOSK() {
        #expect(!FieldKind(purpose: Purpose.digits.rawValue, hints: FieldKind.inhibitOSKHint).wantsKeypad)
        #expect(!FieldKind(purpose: 0, hints: FieldKind.inhibitOSKHint | 1).wantsKeypad)
        #expect(FieldKind(purpose: 0, hints: 1 | 2 | 4 | 64).wantsKeypad)
    }

    @Test(
        "A widget bound to a field announces the purpose that brings the module's pad for it",
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
        #expect(FieldKind(purpose: announced).traits.keyboardType == shows)
    }

    @Test("An unknown purpose from a newer GTK gets the default layout")
    func unknownPurpose() {
        #expect(FieldKind(purpose: 99).traits == TextInputTraits())
    }
}

@Suite("The locale the module reads from the environment")
struct LocaleTests {
    @Test(
        "LC_ALL wins, then the category, then LANG; codeset and modifier are dropped; C is English",
        arguments: [
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8@euro"], "fr_FR"),
            (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR", "LC_ALL": "it_IT.UTF-8"], "it_IT"),
            (["LC_ALL": "", "LANG": "pt_BR"], "pt_BR"),
            (["LANG": "C.UTF-8"], "en_US_POSIX"),
            ([:], "en_US_POSIX"),
        ])
    @MainActor
    func numericLocale(_ environment: [String: String], identifier: String) {
        #expect(IMConfiguration.locale(for: "LC_NUMERIC", in: environment).identifier == identifier)
    }

    @Test("The decimal separator follows the numeric locale")
    @MainActor
    func separator() {
        #expect(IMConfiguration.locale(for: "LC_NUMERIC", in: ["LANG": "de_DE.UTF-8"]).decimalSeparator == ",")
        #expect(IMConfiguration.locale(for: "LC_NUMERIC", in: ["LANG": "C"]).decimalSeparator == ".")
    }
}
