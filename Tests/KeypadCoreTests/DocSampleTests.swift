import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// The Swift samples of KeypadCore's and KeypadTesting's documentation, as written there
/// (scripts/checks/check-doc-samples, run by `make lint`, finds each one here), run with
/// assertions on what their comments say.
@MainActor
@Suite("The documentation's samples compile and do what they say")
struct DocSampleTests {
    @Test("GrowingTextHeight's sample: 60 fits, 240 stops at the maximum and scrolls")
    func growingTextHeight() {
        let growing = GrowingTextHeight(minimum: 37, maximum: 100)
        let short = growing.sizing(forContentHeight: 60)  // height 60, no scrolling
        let long = growing.sizing(forContentHeight: 240)  // height 100, scrolls
        #expect(short.height == 60 && !short.scrolls)
        #expect(long.height == 100 && long.scrolls)
    }

    /// TextView's sample: a delegate that turns the return key's line break into "Done".
    final class DoneOnReturn: TextViewDelegate {
        func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            guard text == "\n" else { return true }
            textView.resignFirstResponder()  // or send the message
            return false
        }
    }

    @Test("TextView's sample: a line break resigns instead of being inserted; other text goes in")
    func textViewDone() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let notes = TextView()
        let delegate = DoneOnReturn()
        notes.delegate = delegate
        scope.add(notes)
        #expect(notes.becomeFirstResponder())
        notes.insertText("hi")
        notes.insertText("\n")
        #expect(notes.text == "hi" && !notes.isFirstResponder)
    }

    /// The ValidatingInput article's sample, in the app's own delegate.
    final class AmountController: TextFieldDelegate {
        let amount = TextField(traits: TextInputTraits(keyboardType: .decimalPad))
        private(set) var asked: [String] = []

        func install() -> ValidatingTextFieldDelegate {
            let rules = ValidatingTextFieldDelegate(rules: [
                AllowedCharactersRule(), GroupingFormatter(), MaxLengthRule(12),
            ])
            rules.next = self
            amount.delegate = rules
            return rules
        }

        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            asked.append(string)
            return true
        }
    }

    @Test("the ValidatingInput sample: rules filter and group, then the app's delegate is asked")
    func validatingInput() {
        let controller = AmountController()
        let rules = controller.install()
        controller.amount.locale = Locale(identifier: "en_US")
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.add(controller.amount)
        #expect(controller.amount.becomeFirstResponder())
        controller.amount.insertText("12a34")
        #expect(controller.amount.text == "1,234")
        #expect(!controller.asked.isEmpty)
        #expect(rules.next === controller)
    }

    @Test("EventRecorder's sample: the first line of a session is the delegate's answer")
    func eventRecorder() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let pin = TextField(placeholder: "PIN", traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(pin)
        let recorder = EventRecorder(scope: scope)
        recorder.record(pin)
        pin.becomeFirstResponder()
        #expect(recorder.takeLines().first == "PIN shouldBeginEditing -> true")
    }
}
