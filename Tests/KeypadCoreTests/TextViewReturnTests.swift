import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

@MainActor
@Suite("A text view's return key inserts a line break through shouldChangeText, whatever its returnKeyType")
struct TextViewReturnTests {
    @Test(
        "return asks shouldChangeText with \"\\n\", then selection, didChange and the notification",
        arguments: ReturnKeyType.allCases)
    func lineBreak(returnKeyType: ReturnKeyType) {
        let session = Session()
        let notes = session.textView("Notes", traits: TextInputTraits(returnKeyType: returnKeyType))
        let a = session.field("A")
        notes.becomeFirstResponder()
        notes.insertText("hi")
        _ = session.recorder.takeLines()
        notes.performReturn()
        expectTrace(
            session.recorder,
            [
                "Notes shouldChangeText {2,0} \"\\n\" -> true", "Notes didChangeSelection {3,0}",
                "Notes didChange \"hi\\n\"", "Notes textViewDidChange",
            ])
        #expect(notes.text == "hi\n" && notes.isEditing && !a.isEditing)
    }

    @Test("a delegate that answers false for \"\\n\" and resigns makes Done: no line break, the resign sequence")
    func doneByDelegate() {
        let session = Session()
        let delegate = ScriptedViewDelegate()
        delegate.shouldChange = { view, _, text in
            guard text == "\n" else { return true }
            view.resignFirstResponder()
            return false
        }
        let notes = session.textView("Notes", delegate: delegate, traits: TextInputTraits(returnKeyType: .done))
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.performReturn()
        expectTrace(
            session.recorder,
            ["Notes shouldChangeText {0,0} \"\\n\" -> false", "Notes shouldEndEditing -> true"]
                + Session.hide(from: shown260, to: hidden260) + Session.viewEnd("Notes"))
        #expect(notes.text.isEmpty && !notes.isEditing)
    }

    @Test("the delegate's answer completes its line once the resign it started has been recorded")
    func answerCompletesLater() {
        let session = Session()
        let delegate = ScriptedViewDelegate()
        delegate.shouldChange = { view, _, text in
            if text == "\n" { view.resignFirstResponder() }
            return text != "\n"
        }
        let notes = session.textView("Notes", delegate: delegate)
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        var streamed: [String] = []
        session.recorder.onLine = { streamed.append($0) }
        notes.performReturn()
        #expect(streamed.first == "Notes shouldChangeText {0,0} \"\\n\" -> false")
        #expect(streamed.last == "Notes textViewDidEndEditing")
    }

    @Test("return on a text view that is not editing does nothing")
    func notEditing() {
        let session = Session()
        let notes = session.textView("Notes")
        notes.performReturn()
        expectTrace(session.recorder, [])
        #expect(notes.text.isEmpty)
    }
}
