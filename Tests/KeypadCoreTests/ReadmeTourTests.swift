import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("README's short tour runs as written")
struct ReadmeTourTests {
    @Test("the tour's calls, on a fresh notification center, do what its comments say")
    func tour() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let formController = ScriptedFieldDelegate()
        let amount = TextField(
            placeholder: "Amount", traits: TextInputTraits(keyboardType: .decimalPad, returnKeyType: .done))
        amount.locale = Locale(identifier: "de_DE")
        amount.delegate = formController
        var changes: [String] = []
        amount.addAction(for: .editingChanged) { field in changes.append(field.text) }
        scope.add(amount)
        let recorder = EventRecorder(scope: scope)
        recorder.record(amount)

        #expect(amount.becomeFirstResponder())
        #expect(recorder.takeLines().first == "Amount shouldBeginEditing -> true")
        let keypad = scope.defaultKeypad(for: .decimalPad)
        #expect(keypad.boundInput === amount)
        keypad.tapKey("1")
        keypad.tapKey("decimalSeparator")
        keypad.tapKey("5")
        #expect(amount.text == "1,5" && changes == ["1", "1,", "1,5"])
        _ = recorder.takeLines()
        keypad.tapKey("return")
        let height = Int(keypad.preferredHeight)
        let shown = "(0,\(768 - height),1024,\(height))"
        #expect(
            recorder.takeLines()
                == ["Amount shouldReturn -> true", "Amount editingDidEndOnExit", "Amount shouldEndEditing -> true"]
                + Session.hide(from: shown, to: "(0,768,1024,\(height))") + Session.end("Amount"))
        #expect(!amount.isEditing && keypad.boundInput == nil)
    }
}
