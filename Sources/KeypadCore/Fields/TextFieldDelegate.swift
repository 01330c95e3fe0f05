import Foundation

/// The editing decisions and reports of a ``TextField``, as UIKit's `UITextFieldDelegate`.
///
/// Every method is optional: the protocol extension supplies UIKit's defaults
/// (every `should` answers true).
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may begin editing; false leaves focus where it was.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field became first responder and its keypad is on screen.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may stop editing; false keeps it editing (the place to validate).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field stopped editing.
    func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason)
    /// Whether `range` (UTF-16 units) may be replaced by `string`; a deletion has an empty string.
    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool
    /// The user moved the cursor or the selection.
    func textFieldDidChangeSelection(_ textField: TextField)
    /// Whether the clear button (or `clearsOnBeginEditing`) may empty the field.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Whether the return key's action may run.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason) {}
    public func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: TextField) {}
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
