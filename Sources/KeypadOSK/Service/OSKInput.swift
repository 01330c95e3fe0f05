import Foundation
import KeypadCore

/// The model input that stands for the focused field of whichever app the keypad serves.
///
/// As the module's field does for a GTK widget, it mirrors the app's text and selection
/// (the keypad reads them for the return key and the one decimal separator), and its
/// delegate turns each edit a key asks for into a call to the service, refusing the
/// model's own change: the app stays the source of truth.
@MainActor
final class OSKInput: TextField {
    /// Where the keys' edits and the return key go.
    weak var service: OSKService?
    private let editor = Editor()

    override init(text: String = "", placeholder: String? = nil, traits: TextInputTraits = TextInputTraits()) {
        super.init(text: text, placeholder: placeholder, traits: traits)
        delegate = editor
    }

    /// The return key acts as Return on a physical keyboard.
    override func performReturn() {
        guard isEditing else { return }
        service?.pressReturn()
    }

    /// Sets the mirror, telling observers (the keypad) only of what changed.
    func mirror(text newText: String, selection: NSRange) {
        if text != newText { text = newText }
        let units = newText.utf16.count
        let location = min(max(selection.location, 0), units)
        let bounded = NSRange(location: location, length: min(max(selection.length, 0), units - location))
        if selectedRange != bounded { selectedRange = bounded }
    }

    private final class Editor: TextFieldDelegate {
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            (textField as? OSKInput)?.service?.apply(range, replacement: string)
            return false
        }
    }
}
