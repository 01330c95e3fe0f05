import KeypadCore

/// What the module knows of a field from GTK: its purpose and hints, and what its widget is.
///
/// The purpose and hints are GTK's `GtkInputPurpose` and `GtkInputHints` values, kept as
/// plain numbers so the mapping to a keypad is a pure function.
nonisolated struct FieldKind: Equatable, Sendable {
    /// GTK's input purposes (`GtkInputPurpose`), by value.
    enum Purpose: UInt32, Sendable {
        case freeForm = 0
        case alpha, digits, number, phone, url, email, name, password, pin, terminal
    }

    /// `GTK_INPUT_HINT_INHIBIT_OSK`: the field asks for no on-screen keyboard.
    static let inhibitOSKHint: UInt32 = 1 << 7

    var purpose: UInt32
    var hints: UInt32 = 0
    /// A GtkSpinButton: GTK 3 leaves its purpose at free form, yet it wants numbers.
    var isSpinButton = false
    /// A GtkEntry whose text is hidden (`visibility` false): a password whatever its purpose.
    var hidesText = false

    /// The purpose and hints as the trace writes them.
    var traceDescription: String { "purpose=\(purpose) hints=\(hints)" }

    /// Whether the field wants a keypad at all.
    var wantsKeypad: Bool { hints & Self.inhibitOSKHint == 0 }

    /// The traits of the model input that stands for the field:
    ///
    /// | GTK | Keypad |
    /// | --- | --- |
    /// | DIGITS, PIN | number pad (PIN secure) |
    /// | NUMBER, a GtkSpinButton | decimal pad |
    /// | PHONE | phone pad |
    /// | EMAIL, URL | e-mail and URL layouts |
    /// | PASSWORD, a hidden entry | secure default layout |
    /// | anything else | default layout |
    var traits: TextInputTraits {
        var traits = TextInputTraits()
        switch isSpinButton ? .number : Purpose(rawValue: purpose) {
        case .digits: traits.keyboardType = .numberPad
        case .pin:
            traits.keyboardType = .numberPad
            traits.isSecureTextEntry = true
        case .number: traits.keyboardType = .decimalPad
        case .phone: traits.keyboardType = .phonePad
        case .email: traits.keyboardType = .emailAddress
        case .url: traits.keyboardType = .url
        case .password: traits.isSecureTextEntry = true
        case .freeForm, .alpha, .name, .terminal, nil: break
        }
        if hidesText { traits.isSecureTextEntry = true }
        return traits
    }
}
