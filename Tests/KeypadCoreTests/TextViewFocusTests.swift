import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

@MainActor
@Suite("Text views follow the same order of editing events, with their own names")
struct TextViewFocusTests {
    @Test("first focus: shouldBegin, keyboard show, didBeginEditing, textViewDidBeginEditing")
    func firstFocus() {
        let session = Session()
        let notes = session.textView("Notes")
        #expect(notes.becomeFirstResponder())
        expectTrace(
            session.recorder,
            ["Notes shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + Session.viewBegin("Notes"))
    }

    @Test("resigning: shouldEnd, keyboard hide, didEndEditing, textViewDidEndEditing")
    func resign() {
        let session = Session()
        let notes = session.textView("Notes")
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(notes.resignFirstResponder())
        expectTrace(
            session.recorder,
            ["Notes shouldEndEditing -> true"] + Session.hide(from: shown260, to: hidden260)
                + Session.viewEnd("Notes"))
    }

    @Test("shouldBeginEditing false stops everything; shouldEndEditing false keeps it editing")
    func refusals() {
        let session = Session()
        let delegate = ScriptedViewDelegate()
        let notes = session.textView("Notes", delegate: delegate)
        delegate.shouldBegin = false
        #expect(!notes.becomeFirstResponder())
        expectTrace(session.recorder, ["Notes shouldBeginEditing -> false"])
        delegate.shouldBegin = true
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        delegate.shouldEnd = false
        #expect(!notes.resignFirstResponder())
        expectTrace(session.recorder, ["Notes shouldEndEditing -> false"])
        #expect(notes.isEditing && session.scope.keyboard.isVisible)
    }

    @Test("from a field to a text view with a taller keypad: change and show between end and begin")
    func fieldToTextView() {
        let session = Session()
        let a = session.field("A")
        let notes = session.textView("Notes", keypadHeight: 300)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(notes.becomeFirstResponder())
        expectTrace(
            session.recorder,
            ["Notes shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A")
                + Session.show(from: shown260, to: shown300) + Session.viewBegin("Notes"))
    }

    @Test("from a text view to a field with a keypad of the same size: no keyboard notification")
    func textViewToField() {
        let session = Session()
        let notes = session.textView("Notes")
        let a = session.field("A")
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(a.becomeFirstResponder())
        expectTrace(
            session.recorder,
            ["A shouldBeginEditing -> true", "Notes shouldEndEditing -> true"] + Session.viewEnd("Notes")
                + Session.begin("A"))
    }

    @Test("disabling an editing text view ends editing by force without asking shouldEnd")
    func disabling() {
        let session = Session()
        let delegate = ScriptedViewDelegate()
        delegate.shouldEnd = false
        let notes = session.textView("Notes", delegate: delegate)
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.isEnabled = false
        expectTrace(session.recorder, Session.hide(from: shown260, to: hidden260) + Session.viewEnd("Notes"))
        #expect(!notes.isEditing)
    }
}
