/// The minimal editing interface a keypad uses to change text.
///
/// A keypad never writes a field's `text` directly: every key goes through
/// ``insertText(_:)`` or ``deleteBackward()``, so the field's delegate sees
/// each edit in `shouldChangeCharacters(in:replacementString:)` first.
@MainActor
public protocol KeyInput: AnyObject {
    /// Whether the receiver holds any text.
    var hasText: Bool { get }

    /// Inserts `text` at the cursor, replacing the selection if there is one.
    func insertText(_ text: String)

    /// Deletes the selection, or the grapheme before the cursor when nothing is selected.
    func deleteBackward()
}
