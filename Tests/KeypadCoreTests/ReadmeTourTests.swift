import Foundation
import KeypadCore
import KeypadTestSupport
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

        amount.becomeFirstResponder()
        #expect(amount.isFirstResponder)
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
        expectTrace(
            recorder,
            ["Amount shouldReturn -> true", "Amount editingDidEndOnExit", "Amount shouldEndEditing -> true"]
                + Session.hide(from: shown, to: "(0,768,1024,\(height))") + Session.end("Amount"))
        #expect(!amount.isEditing && keypad.boundInput == nil)
    }
}

extension ReadmeTourTests {
    @Test("README's recorder sample prints the whole trace it shows")
    func recorderSample() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let amount = TextField(
            placeholder: "Amount", traits: TextInputTraits(keyboardType: .decimalPad, returnKeyType: .done))
        scope.add(amount)
        let recorder = EventRecorder(scope: scope)
        recorder.record(amount)
        amount.becomeFirstResponder()
        amount.insertText("7")
        expectTrace(
            recorder,
            [
                "Amount shouldBeginEditing -> true",
                "keyboard willChangeFrame (0,768,1024,300)->(0,468,1024,300)",
                "keyboard willShow (0,768,1024,300)->(0,468,1024,300)",
                "keyboard didChangeFrame (0,768,1024,300)->(0,468,1024,300)",
                "keyboard didShow (0,768,1024,300)->(0,468,1024,300)",
                "Amount didBeginEditing", "Amount editingDidBegin", "Amount textDidBeginEditing",
                "Amount shouldChangeCharacters {0,0} \"7\" -> true",
                "Amount didChangeSelection {1,0}",
                "Amount editingChanged \"7\"", "Amount textDidChange",
            ])
    }
}
