import KeypadCore
import KeypadGTK

/// A text input's content type as text-input-v3 (and so input-method-v2) sends it, and the
/// keypad it asks for.
///
/// Purposes 0–9 are GTK's own values, so they map through ``InputPurposeTable``; after 9 the
/// numbering differs from GTK's: 10 date, 11 time, 12 datetime, 13 terminal.
///
/// | purpose | keypad |
/// | --- | --- |
/// | DIGITS (2), PIN (9) | number pad (PIN: secure) |
/// | NUMBER (3) | decimal pad |
/// | PHONE (4) | phone pad |
/// | URL (5), EMAIL (6) | their layouts |
/// | PASSWORD (8) | default layout, secure |
/// | DATE, TIME, DATETIME (10–12) | numbers and punctuation |
/// | NORMAL, ALPHA, NAME, TERMINAL, unknown | default layout |
///
/// The hints HIDDEN_TEXT and SENSITIVE_DATA make any field secure.
nonisolated struct ContentType: Equatable, Sendable {
    static let hiddenTextHint: UInt32 = 0x40
    static let sensitiveDataHint: UInt32 = 0x80
    static let dateTimePurposes: ClosedRange<UInt32> = 10...12
    static let terminalPurpose: UInt32 = 13

    var hint: UInt32
    var purpose: UInt32

    /// The purpose and hint as the trace writes them.
    var traceDescription: String { "purpose=\(purpose) hints=\(hint)" }

    /// Whether the text is hidden or sensitive (a password, a PIN).
    var isSecure: Bool {
        if hint & (Self.hiddenTextHint | Self.sensitiveDataHint) != 0 { return true }
        return purpose <= 9 && InputPurposeTable.row(for: purpose)?.isSecure == true
    }

    /// Whether the field is a terminal's, which the keyboard on request serves better than
    /// its pad (Tab and the arrows, every character as a key).
    var isTerminal: Bool { purpose == Self.terminalPurpose }

    /// The traits of the model input standing for such a field.
    var traits: TextInputTraits {
        var traits = TextInputTraits()
        if Self.dateTimePurposes.contains(purpose) {
            traits.keyboardType = .numbersAndPunctuation
        } else if purpose <= 9, let row = InputPurposeTable.row(for: purpose) {
            traits.keyboardType = row.shows
        }
        traits.isSecureTextEntry = isSecure
        return traits
    }
}
