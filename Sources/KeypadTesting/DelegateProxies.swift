import Foundation
import KeypadCore

/// Stands in as a field's delegate: records each call with its answer, then forwards it.
@MainActor
final class TextFieldDelegateProxy: TextFieldDelegate {
    weak var target: (any TextFieldDelegate)?
    weak var recorder: EventRecorder?

    init(target: (any TextFieldDelegate)?, recorder: EventRecorder) {
        self.target = target
        self.recorder = recorder
    }

    private func log(_ field: TextField, _ text: String) {
        recorder?.append("\(EventRecorder.name(of: field)) \(text)")
    }

    private func ask(_ field: TextField, _ text: String, _ answer: Bool) -> Bool {
        log(field, "\(text) -> \(answer)")
        return answer
    }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        ask(textField, "shouldBeginEditing", target?.textFieldShouldBeginEditing(textField) ?? true)
    }

    func textFieldDidBeginEditing(_ textField: TextField) {
        log(textField, "didBeginEditing")
        target?.textFieldDidBeginEditing(textField)
    }

    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        ask(textField, "shouldEndEditing", target?.textFieldShouldEndEditing(textField) ?? true)
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason) {
        log(textField, "didEndEditing(\(reason))")
        target?.textFieldDidEndEditing(textField, reason: reason)
    }

    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        let answer =
            target?.textField(textField, shouldChangeCharactersIn: range, replacementString: string) ?? true
        let replacement = EventRecorder.quoted(string, of: textField)
        return ask(textField, "shouldChangeCharacters \(EventRecorder.describe(range)) \(replacement)", answer)
    }

    func textFieldDidChangeSelection(_ textField: TextField) {
        log(textField, "didChangeSelection \(EventRecorder.describe(textField.selectedRange))")
        target?.textFieldDidChangeSelection(textField)
    }

    func textFieldShouldClear(_ textField: TextField) -> Bool {
        ask(textField, "shouldClear", target?.textFieldShouldClear(textField) ?? true)
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        ask(textField, "shouldReturn", target?.textFieldShouldReturn(textField) ?? true)
    }
}

/// Stands in as a text view's delegate: records each call with its answer, then forwards it.
@MainActor
final class TextViewDelegateProxy: TextViewDelegate {
    weak var target: (any TextViewDelegate)?
    weak var recorder: EventRecorder?

    init(target: (any TextViewDelegate)?, recorder: EventRecorder) {
        self.target = target
        self.recorder = recorder
    }

    private func log(_ view: TextView, _ text: String) {
        recorder?.append("\(EventRecorder.name(of: view)) \(text)")
    }

    private func ask(_ view: TextView, _ text: String, _ answer: Bool) -> Bool {
        log(view, "\(text) -> \(answer)")
        return answer
    }

    func textViewShouldBeginEditing(_ textView: TextView) -> Bool {
        ask(textView, "shouldBeginEditing", target?.textViewShouldBeginEditing(textView) ?? true)
    }

    func textViewDidBeginEditing(_ textView: TextView) {
        log(textView, "didBeginEditing")
        target?.textViewDidBeginEditing(textView)
    }

    func textViewShouldEndEditing(_ textView: TextView) -> Bool {
        ask(textView, "shouldEndEditing", target?.textViewShouldEndEditing(textView) ?? true)
    }

    func textViewDidEndEditing(_ textView: TextView) {
        log(textView, "didEndEditing")
        target?.textViewDidEndEditing(textView)
    }

    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let answer = target?.textView(textView, shouldChangeTextIn: range, replacementText: text) ?? true
        let replacement = EventRecorder.quoted(text, of: textView)
        return ask(textView, "shouldChangeText \(EventRecorder.describe(range)) \(replacement)", answer)
    }

    func textViewDidChange(_ textView: TextView) {
        log(textView, "didChange \(EventRecorder.quoted(textView.text, of: textView))")
        target?.textViewDidChange(textView)
    }

    func textViewDidChangeSelection(_ textView: TextView) {
        log(textView, "didChangeSelection \(EventRecorder.describe(textView.selectedRange))")
        target?.textViewDidChangeSelection(textView)
    }
}
