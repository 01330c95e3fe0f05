import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

@MainActor
@Suite("Typing, deleting and keypad keys call didChangeSelection whenever the selection moved")
struct SelectionChangeTests {
    @Test("a field: shouldChange, didChangeSelection, editingChanged, textDidChange for typing and deleting")
    func fieldTypingAndDeleting() {
        let session = Session()
        let field = session.field("F")
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        field.insertText("12")
        field.deleteBackward()
        expectTrace(
            session.recorder,
            [
                "F shouldChangeCharacters {0,0} \"12\" -> true", "F didChangeSelection {2,0}",
                "F editingChanged \"12\"", "F textDidChange",
                "F shouldChangeCharacters {1,1} \"\" -> true", "F didChangeSelection {1,0}",
                "F editingChanged \"1\"", "F textDidChange",
            ])
    }

    @Test("a text view: shouldChangeText, didChangeSelection, didChange, textViewDidChange")
    func textView() {
        let session = Session()
        let notes = session.textView("Notes")
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.insertText("a")
        expectTrace(
            session.recorder,
            [
                "Notes shouldChangeText {0,0} \"a\" -> true", "Notes didChangeSelection {1,0}",
                "Notes didChange \"a\"", "Notes textViewDidChange",
            ])
    }

    @Test("a keypad key's edit tells the selection too, after the key's line")
    func keypadKey() throws {
        let form = try KeypadForm("numberPad", text: "12")
        let recorder = EventRecorder(scope: form.scope)
        recorder.record(form.field)
        recorder.record(form.keypad, name: "pad")
        form.keypad.tap("7")
        form.keypad.tap("Delete")
        expectTrace(
            recorder,
            [
                "pad \"7\"", "F shouldChangeCharacters {2,0} \"7\" -> true", "F didChangeSelection {3,0}",
                "F editingChanged \"127\"", "F textDidChange",
                "pad Delete", "F shouldChangeCharacters {2,1} \"\" -> true", "F didChangeSelection {2,0}",
                "F editingChanged \"12\"", "F textDidChange",
            ])
    }

    @Test("an edit that leaves the selection where it was (an empty replacement of nothing) sends no selection call")
    func unchangedSelection() {
        let session = Session()
        let field = session.field("F")
        field.becomeFirstResponder()
        field.text = "ab"
        _ = session.recorder.takeLines()
        field.replace(NSRange(location: 2, length: 0), withText: "")
        expectTrace(
            session.recorder,
            ["F shouldChangeCharacters {2,0} \"\" -> true", "F editingChanged \"ab\"", "F textDidChange"])
    }

    @Test("a refused edit sends no selection call; a user's selection still does")
    func refusedAndUser() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldChange = { _, _ in false }
        let session = Session()
        let field = session.field("F", delegate: delegate)
        field.text = "abc"
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        field.insertText("x")
        field.selectByUser(NSRange(location: 1, length: 1))
        expectTrace(
            session.recorder, ["F shouldChangeCharacters {3,0} \"x\" -> false", "F didChangeSelection {1,1}"])
    }

    @Test("the clear button moves the cursor to the start: shouldClear, didChangeSelection, editingChanged")
    func clearButton() {
        let session = Session()
        let field = session.field("F")
        field.text = "abc"
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        field.clear()
        expectTrace(
            session.recorder,
            ["F shouldClear -> true", "F didChangeSelection {0,0}", "F editingChanged \"\"", "F textDidChange"])
    }
}
