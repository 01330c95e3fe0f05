import Foundation
import KeypadCore

/// Stands in as a field's delegate: records each call, forwards it, and completes
/// the call's line with the answer once the delegate has given it.
@MainActor
final class TextFieldDelegateProxy: TextFieldDelegate {
    weak var target: (any TextFieldDelegate)?
    weak var recorder: EventRecorder?

    init(target: (any TextFieldDelegate)?, recorder: EventRecorder) {
        self.target = target
        self.recorder = recorder
    }

    private func ask(_ field: TextField, _ question: String, _ decide: () -> Bool) -> Bool {
        recorder?.ask(field, question, decide) ?? decide()
    }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        ask(textField, "shouldBeginEditing") { target?.textFieldShouldBeginEditing(textField) ?? true }
    }

    func textFieldDidBeginEditing(_ textField: TextField) {
        recorder?.log(textField, "didBeginEditing")
        target?.textFieldDidBeginEditing(textField)
    }

    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        ask(textField, "shouldEndEditing") { target?.textFieldShouldEndEditing(textField) ?? true }
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason) {
        recorder?.log(textField, "didEndEditing(\(reason))")
        target?.textFieldDidEndEditing(textField, reason: reason)
    }

    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        let edit = EventRecorder.describeEdit(range, string, of: textField)
        return ask(textField, "shouldChangeCharacters \(edit)") {
            target?.textField(textField, shouldChangeCharactersIn: range, replacementString: string) ?? true
        }
    }

    func textFieldDidChangeSelection(_ textField: TextField) {
        recorder?.log(textField, "didChangeSelection \(EventRecorder.describeSelection(of: textField))")
        target?.textFieldDidChangeSelection(textField)
    }

    func textFieldShouldClear(_ textField: TextField) -> Bool {
        ask(textField, "shouldClear") { target?.textFieldShouldClear(textField) ?? true }
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        ask(textField, "shouldReturn") { target?.textFieldShouldReturn(textField) ?? true }
    }
}

/// Stands in as a text view's delegate: records each call, forwards it, and completes
/// the call's line with the answer once the delegate has given it.
@MainActor
final class TextViewDelegateProxy: TextViewDelegate {
    weak var target: (any TextViewDelegate)?
    weak var recorder: EventRecorder?

    init(target: (any TextViewDelegate)?, recorder: EventRecorder) {
        self.target = target
        self.recorder = recorder
    }

    private func ask(_ view: TextView, _ question: String, _ decide: () -> Bool) -> Bool {
        recorder?.ask(view, question, decide) ?? decide()
    }

    func textViewShouldBeginEditing(_ textView: TextView) -> Bool {
        ask(textView, "shouldBeginEditing") { target?.textViewShouldBeginEditing(textView) ?? true }
    }

    func textViewDidBeginEditing(_ textView: TextView) {
        recorder?.log(textView, "didBeginEditing")
        target?.textViewDidBeginEditing(textView)
    }

    func textViewShouldEndEditing(_ textView: TextView) -> Bool {
        ask(textView, "shouldEndEditing") { target?.textViewShouldEndEditing(textView) ?? true }
    }

    func textViewDidEndEditing(_ textView: TextView) {
        recorder?.log(textView, "didEndEditing")
        target?.textViewDidEndEditing(textView)
    }

    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let edit = EventRecorder.describeEdit(range, text, of: textView)
        return ask(textView, "shouldChangeText \(edit)") {
            target?.textView(textView, shouldChangeTextIn: range, replacementText: text) ?? true
        }
    }

    func textViewDidChange(_ textView: TextView) {
        let marked = EventRecorder.describeMarkedText(of: textView)
        recorder?.log(textView, "didChange \(EventRecorder.quoted(textView.text, of: textView))\(marked)")
        target?.textViewDidChange(textView)
    }

    func textViewDidChangeSelection(_ textView: TextView) {
        recorder?.log(textView, "didChangeSelection \(EventRecorder.describeSelection(of: textView))")
        target?.textViewDidChangeSelection(textView)
    }
}
