import CGTK
import KeypadCore

/// GTK's input purposes and Keypad's keyboard types in one table, read both ways: a bound
/// widget announces its field's keyboard type to input methods as a purpose, and keypad-osk
/// shows the pad another app's field's purpose asks for.
///
/// | GtkInputPurpose | keypad-osk shows | a bound widget announces it for |
/// | --- | --- | --- |
/// | DIGITS | number pad | number pad, ASCII number pad |
/// | PIN | number pad, secure | — |
/// | NUMBER | decimal pad | decimal pad |
/// | PHONE | phone pad | phone pad |
/// | URL | URL layout | URL, web search |
/// | EMAIL | e-mail layout | e-mail address |
/// | NAME | default layout | name phone pad |
/// | PASSWORD | default layout, secure | — |
/// | FREE_FORM, ALPHA, TERMINAL | default layout | every other type |
package enum InputPurposeTable {
    /// One purpose and the keyboard types it stands for.
    package nonisolated struct Row: Sendable {
        /// The `GtkInputPurpose`, by value.
        package var purpose: UInt32
        /// The keyboard type the module shows for a widget of this purpose.
        package var shows: KeyboardType
        /// Whether the module makes such a field secure.
        package var isSecure = false
        /// The keyboard types whose bound widgets announce this purpose.
        package var announcedBy: [KeyboardType]
    }

    /// Every purpose that is not GTK's default (FREE_FORM).
    package nonisolated static let rows: [Row] = [
        Row(
            purpose: GTK_INPUT_PURPOSE_DIGITS.rawValue, shows: .numberPad,
            announcedBy: [.numberPad, .asciiCapableNumberPad]),
        Row(purpose: GTK_INPUT_PURPOSE_PIN.rawValue, shows: .numberPad, isSecure: true, announcedBy: []),
        Row(purpose: GTK_INPUT_PURPOSE_NUMBER.rawValue, shows: .decimalPad, announcedBy: [.decimalPad]),
        Row(purpose: GTK_INPUT_PURPOSE_PHONE.rawValue, shows: .phonePad, announcedBy: [.phonePad]),
        Row(purpose: GTK_INPUT_PURPOSE_URL.rawValue, shows: .url, announcedBy: [.url, .webSearch]),
        Row(purpose: GTK_INPUT_PURPOSE_EMAIL.rawValue, shows: .emailAddress, announcedBy: [.emailAddress]),
        Row(purpose: GTK_INPUT_PURPOSE_NAME.rawValue, shows: .default, announcedBy: [.namePhonePad]),
        Row(purpose: GTK_INPUT_PURPOSE_PASSWORD.rawValue, shows: .default, isSecure: true, announcedBy: []),
    ]

    /// The row of `purpose`; nil for FREE_FORM, ALPHA, TERMINAL and values GTK may add later,
    /// which all get the default layout.
    package nonisolated static func row(for purpose: UInt32) -> Row? {
        rows.first { $0.purpose == purpose }
    }

    /// The purpose a widget bound to a field of keyboard type `type` announces.
    package nonisolated static func purpose(announcing type: KeyboardType) -> GtkInputPurpose {
        rows.first { $0.announcedBy.contains(type) }.map { GtkInputPurpose($0.purpose) } ?? GTK_INPUT_PURPOSE_FREE_FORM
    }
}
