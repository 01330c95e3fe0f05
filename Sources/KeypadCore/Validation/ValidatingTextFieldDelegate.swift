import Foundation

/// A field delegate made of rules, usable alone or in front of the app's own delegate.
///
/// Each edit passes the rules in order, each seeing the edit as the rules before it
/// left it: a rule may refuse it, replace what is inserted, or format the whole text —
/// after which the edit is "replace the whole text with the formatted one", so a later
/// rule (a maximum length, say) judges the formatted text. The edit as the rules leave
/// it is then offered to ``next``. An edit no rule changed is answered true and the
/// field applies it; one a rule changed is applied by this delegate with
/// `applyDelegateEdit`, which sends the change events once, and the original is refused.
/// When editing is about to end, every rule's `validate` runs; a failure keeps the
/// field editing and is reported through ``lastFailure`` and ``onFailure``. Every other
/// delegate call is forwarded to ``next``.
@MainActor
public final class ValidatingTextFieldDelegate: TextFieldDelegate {
    /// The rules, in order.
    public var rules: [any TextFieldRule]
    /// The app's own delegate, asked after the rules; held weakly.
    public weak var next: (any TextFieldDelegate)?
    /// The failure that last kept a field editing; nil once the text passes.
    public private(set) var lastFailure: ValidationFailure?
    /// Called with each failure, for the UI to show its message.
    public var onFailure: (@MainActor (ValidationFailure) -> Void)?

    public init(rules: [any TextFieldRule], next: (any TextFieldDelegate)? = nil) {
        self.rules = rules
        self.next = next
    }

    public func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        var edit = ProposedEdit(
            text: textField.text, range: range, replacement: string, locale: textField.locale,
            keyboardType: textField.keyboardType, isCompositionStep: textField.isProposingCompositionStep)
        var formattedSelection: NSRange?
        for rule in rules {
            switch rule.evaluate(edit) {
            case .allow:
                continue
            case .reject:
                return false
            case .replace(let replacement):
                edit.replacement = replacement
                formattedSelection = nil
            case .format(let text, let selection):
                edit.range = NSRange(location: 0, length: edit.text.utf16.count)
                edit.replacement = text
                formattedSelection = selection
            }
        }
        guard
            next?.textField(textField, shouldChangeCharactersIn: edit.range, replacementString: edit.replacement)
                ?? true
        else { return false }
        if let formattedSelection {
            if edit.replacement != textField.text || formattedSelection != textField.selectedRange {
                textField.applyDelegateEdit(text: edit.replacement, selectedRange: formattedSelection)
            }
            return false
        }
        guard edit.range != range || edit.replacement != string else { return true }
        textField.applyDelegateEdit(edit.range, withText: edit.replacement)
        return false
    }

    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        for rule in rules {
            if let failure = rule.validate(textField.text) {
                lastFailure = failure
                onFailure?(failure)
                return false
            }
        }
        lastFailure = nil
        return next?.textFieldShouldEndEditing(textField) ?? true
    }

    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        next?.textFieldShouldBeginEditing(textField) ?? true
    }
    public func textFieldDidBeginEditing(_ textField: TextField) { next?.textFieldDidBeginEditing(textField) }
    public func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason) {
        next?.textFieldDidEndEditing(textField, reason: reason)
    }
    public func textFieldDidChangeSelection(_ textField: TextField) { next?.textFieldDidChangeSelection(textField) }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { next?.textFieldShouldClear(textField) ?? true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { next?.textFieldShouldReturn(textField) ?? true }
}
