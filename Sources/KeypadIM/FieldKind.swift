import KeypadCore
import KeypadGTK

/// What the module knows of a field from GTK: its purpose and hints, and what its widget is.
///
/// The purpose and hints are GTK's `GtkInputPurpose` and `GtkInputHints` values, kept as
/// plain numbers so the mapping to a keypad is a pure function.
nonisolated struct FieldKind: Equatable, Sendable {
    /// `GTK_INPUT_HINT_INHIBIT_OSK`: the field asks for no on-screen keyboard.
    static let inhibitOSKHint: UInt32 = 1 << 7

    var purpose: UInt32
    var hints: UInt32 = 0
    /// A GtkSpinButton: GTK 3 leaves its purpose at free form, yet it wants numbers.
    var isSpinButton = false
    /// A GtkEntry whose text is hidden (`visibility` false): a password whatever its purpose.
    var hidesText = false

    /// Whether the field wants a keypad at all.
    var wantsKeypad: Bool { hints & Self.inhibitOSKHint == 0 }

    /// The traits of the model input that stands for the field: the row of its purpose in
    /// ``InputPurposeTable`` (the default layout for a purpose in no row), the decimal pad
    /// for a GtkSpinButton, and secure for a hidden entry.
    var traits: TextInputTraits {
        var traits = TextInputTraits()
        if isSpinButton {
            traits.keyboardType = .decimalPad
        } else if let row = InputPurposeTable.row(for: purpose) {
            traits.keyboardType = row.shows
            traits.isSecureTextEntry = row.isSecure
        }
        if hidesText { traits.isSecureTextEntry = true }
        return traits
    }
}
