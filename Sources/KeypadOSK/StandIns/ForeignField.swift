import Foundation
import KeypadCore

/// What owns the real field a ``ForeignField`` stands for: keypad-osk's service, for a field
/// of another process.
@MainActor
package protocol ForeignFieldOwner: AnyObject {
    /// Replaces the UTF-16 `range` of the real field's text with `replacement`.
    func apply(_ range: NSRange, replacement: String)
    /// Acts as Return on a physical keyboard in the real field.
    func pressReturn()
}

/// The model input that stands for a field the keypad does not own (another app's field,
/// reached through a thin module or the compositor) while the keypad edits it.
///
/// It is a ``TextField`` in a scope, so the scope, the default keypads, the accessory
/// toolbar and the keyboard notifications treat it as any field. The real field stays the
/// source of truth: this one mirrors its text and selection (the keypad reads them for the
/// return key and the one decimal separator), and every edit a key asks for goes to the
/// owner instead — the field's editor answers `shouldChangeCharacters` by handing the edit
/// to ``owner`` and refuses the model's own change.
@MainActor
package final class ForeignField: TextField {
    /// Where the keys' edits and the return key go.
    package weak var owner: (any ForeignFieldOwner)?
    private let editor = Editor()

    package override init(text: String = "", placeholder: String? = nil, traits: TextInputTraits = TextInputTraits()) {
        super.init(text: text, placeholder: placeholder, traits: traits)
        delegate = editor
    }

    /// The return key acts as Return on a physical keyboard.
    package override func performReturn() {
        guard isEditing else { return }
        owner?.pressReturn()
    }

    /// Sets the mirror to the real field's `text` and `selection` (UTF-16, clamped to the
    /// text), telling observers (the keypad) only of what changed.
    package func mirror(text newText: String, selection: NSRange) {
        if text != newText { text = newText }
        let units = newText.utf16.count
        let location = min(max(selection.location, 0), units)
        let bounded = NSRange(location: location, length: min(max(selection.length, 0), units - location))
        if selectedRange != bounded { selectedRange = bounded }
    }

    /// Sends the keys' edits to the owner; the model's copy follows from the real field.
    private final class Editor: TextFieldDelegate {
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            (textField as? ForeignField)?.owner?.apply(range, replacement: string)
            return false
        }
    }
}
