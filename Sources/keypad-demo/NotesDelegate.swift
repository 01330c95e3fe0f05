import Foundation
import KeypadCore

/// The notes bar's delegate: its return key, labelled Done, ends editing instead of
/// inserting a line break — the UIKit way, by refusing the `"\n"` edit and resigning.
@MainActor
final class NotesDelegate: TextViewDelegate {
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        guard text == "\n" else { return true }
        textView.resignFirstResponder()
        return false
    }
}
