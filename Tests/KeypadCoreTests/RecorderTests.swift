import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

/// Resigns from inside `textFieldShouldReturn`, as many UIKit apps do.
@MainActor
private final class ResigningOnReturn: TextFieldDelegate {
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }
}

@MainActor
@Suite("The event recorder prints a session in the order it happened")
struct RecorderTests {
    @Test("a delegate that resigns inside shouldReturn: its answer's line comes before the resign it caused")
    func resignInsideShouldReturn() {
        let session = Session()
        let field = session.field("F", delegate: ResigningOnReturn())
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        field.performReturn()
        expectTrace(
            session.recorder,
            ["F shouldReturn -> true", "F shouldEndEditing -> true"]
                + Session.hide(from: shown260, to: hidden260) + Session.end("F")
                + ["F editingDidEndOnExit"])
    }

    @Test("onLine hears every line once, in the recorded order, even while a delegate answer is pending")
    func liveTraceOrder() {
        let session = Session()
        let field = session.field("F", delegate: ResigningOnReturn())
        var live: [String] = []
        session.recorder.onLine = { live.append($0) }
        field.becomeFirstResponder()
        field.insertText("7")
        field.performReturn()
        // In steps: Debian's Swift 6.2.3 (make test-arm64's cross build) gave up type-checking one sum.
        let typed = [
            "F shouldChangeCharacters {0,0} \"7\" -> true", "F didChangeSelection {1,0}", "F editingChanged \"7\"",
            "F textDidChange",
        ]
        var expected = ["F shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
        expected += Session.begin("F") + typed + ["F shouldReturn -> true", "F shouldEndEditing -> true"]
        expected += Session.hide(from: shown260, to: hidden260) + Session.end("F") + ["F editingDidEndOnExit"]
        expectTrace(session.recorder, expected)
        #expect(live == expected)
    }

    @Test("recording a text view and a keypad twice prints each event once")
    func recordTwice() throws {
        let session = Session()
        let keypad = Keypad(
            layout: try #require(bundledLayout("numberPad")), notificationCenter: session.scope.notificationCenter)
        session.recorder.record(keypad)
        session.recorder.record(keypad)
        let notes = session.textView("Notes")
        notes.inputView = keypad
        session.recorder.record(notes)
        notes.becomeFirstResponder()
        #expect(session.recorder.takeLines().filter { $0.hasPrefix("keypad") } == ["keypad bound to Notes"])
        keypad.tap("7")
        expectTrace(
            session.recorder,
            [
                "keypad \"7\"", "Notes shouldChangeText {0,0} \"7\" -> true", "Notes didChangeSelection {1,0}",
                "Notes didChange \"7\"",
                "Notes textViewDidChange",
            ])
    }

    @Test("a whole session prints exactly: focus, type 1, return with .done, which resigns")
    func wholeSession() {
        let session = Session()
        let amount = session.field("Amount", traits: TextInputTraits(returnKeyType: .done))
        amount.becomeFirstResponder()
        amount.insertText("1")
        amount.performReturn()
        #expect(
            session.recorder.takeLines().joined(separator: "\n") == #"""
                Amount shouldBeginEditing -> true
                keyboard willChangeFrame (0,768,1024,260)->(0,508,1024,260)
                keyboard willShow (0,768,1024,260)->(0,508,1024,260)
                keyboard didChangeFrame (0,768,1024,260)->(0,508,1024,260)
                keyboard didShow (0,768,1024,260)->(0,508,1024,260)
                Amount didBeginEditing
                Amount editingDidBegin
                Amount textDidBeginEditing
                Amount shouldChangeCharacters {0,0} "1" -> true
                Amount didChangeSelection {1,0}
                Amount editingChanged "1"
                Amount textDidChange
                Amount shouldReturn -> true
                Amount editingDidEndOnExit
                Amount shouldEndEditing -> true
                keyboard willChangeFrame (0,508,1024,260)->(0,768,1024,260)
                keyboard willHide (0,508,1024,260)->(0,768,1024,260)
                keyboard didChangeFrame (0,508,1024,260)->(0,768,1024,260)
                keyboard didHide (0,508,1024,260)->(0,768,1024,260)
                Amount didEndEditing(committed)
                Amount editingDidEnd
                Amount textDidEndEditing
                """#)
        #expect(!amount.isEditing && amount.text == "1")
    }
}
