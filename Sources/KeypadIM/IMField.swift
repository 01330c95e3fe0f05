import Foundation
import KeypadCore

/// The model input that stands for one GTK widget while the keypad edits it.
///
/// It is a ``TextField`` in the window's scope, so the scope, the default keypads, the
/// accessory toolbar and the keyboard notifications treat it as any field. The widget
/// stays the source of truth: the field mirrors its text and selection (the keypad reads
/// them for the return key and the one decimal separator), and every edit a key asks for
/// goes to GTK instead — the field's editor answers `shouldChangeCharacters` by telling
/// the session to commit or delete there, and refuses the model's own change.
@MainActor
final class IMField: TextField {
    /// What the keys' edits and the return key do to the widget.
    weak var session: IMSession?
    private let editor = Editor()

    override init(text: String = "", placeholder: String? = nil, traits: TextInputTraits = TextInputTraits()) {
        super.init(text: text, placeholder: placeholder, traits: traits)
        delegate = editor
    }

    /// The return key acts as Return on a physical keyboard.
    override func performReturn() {
        guard isEditing else { return }
        session?.pressReturn()
    }

    /// Sets the mirror to the widget's `text` and `selection` (UTF-16), telling observers
    /// (the keypad) only of what changed.
    func mirror(text newText: String, selection: NSRange) {
        if text != newText { text = newText }
        if selectedRange != selection { selectedRange = selection }
    }

    /// Sends the keys' edits to the widget; the model's copy follows from the widget.
    private final class Editor: TextFieldDelegate {
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            (textField as? IMField)?.session?.apply(range, replacement: string)
            return false
        }
    }
}
