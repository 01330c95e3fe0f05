import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("Edits go through the delegate and keep text and cursor exact")
struct EditingTests {
    private func editingField(_ text: String = "", delegate: ScriptedFieldDelegate? = nil) -> (Session, TextField) {
        let session = Session()
        let field = session.field("F", delegate: delegate)
        field.text = text
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        return (session, field)
    }

    @Test("insertText asks shouldChange with the cursor range, then sends editingChanged and textDidChange")
    func insertSequence() {
        let (session, field) = editingField()
        field.insertText("1")
        #expect(
            session.recorder.takeLines() == [
                "F shouldChangeCharacters {0,0} \"1\" -> true", "F editingChanged \"1\"", "F textDidChange",
            ])
        #expect(field.text == "1" && field.selectedRange == NSRange(location: 1, length: 0))
    }

    @Test("a rejected edit changes neither text nor cursor and sends nothing else")
    func rejectedEdit() {
        let delegate = ScriptedFieldDelegate()
        let (session, field) = editingField("12345", delegate: delegate)
        field.selectedRange = NSRange(location: 2, length: 0)
        delegate.shouldChange = { _, _ in false }
        field.insertText("x")
        field.deleteBackward()
        #expect(field.text == "12345" && field.selectedRange == NSRange(location: 2, length: 0))
        #expect(
            session.recorder.takeLines() == [
                "F shouldChangeCharacters {2,0} \"x\" -> false", "F shouldChangeCharacters {1,1} \"\" -> false",
            ])
    }

    @Test(
        "deleteBackward removes one whole grapheme and asks with its UTF-16 range",
        arguments: [
            ("12👍🏽", "12", NSRange(location: 2, length: 4)),
            ("🇩🇪🇫🇷", "🇩🇪", NSRange(location: 4, length: 4)),
            ("a👨‍👩‍👧‍👦", "a", NSRange(location: 1, length: 11)),
            ("中文", "中", NSRange(location: 1, length: 1)),
            ("cafe\u{301}", "caf", NSRange(location: 3, length: 2)),
        ])
    func graphemeDelete(text: String, expected: String, range: NSRange) {
        let delegate = ScriptedFieldDelegate()
        var asked: [NSRange] = []
        delegate.shouldChange = { range, string in
            asked.append(range)
            return string.isEmpty
        }
        let (session, field) = editingField(text, delegate: delegate)
        field.deleteBackward()
        #expect(field.text == expected)
        #expect(asked == [range])
        #expect(field.selectedRange == NSRange(location: range.location, length: 0))
        withExtendedLifetime(session) {}
    }

    @Test("deleteBackward at the start with nothing selected asks nothing")
    func deleteAtStart() {
        let (session, field) = editingField("ab")
        field.selectedRange = NSRange(location: 0, length: 0)
        field.deleteBackward()
        #expect(field.text == "ab" && session.recorder.takeLines().isEmpty)
    }

    @Test("insertion replaces the selection; the cursor lands after the inserted text")
    func replaceSelection() {
        let (session, field) = editingField("hello world")
        field.selectedRange = NSRange(location: 6, length: 5)
        field.insertText("🌍!")
        #expect(field.text == "hello 🌍!")
        #expect(field.selectedRange == NSRange(location: 9, length: 0))
        #expect(session.recorder.takeLines().first == "F shouldChangeCharacters {6,5} \"🌍!\" -> true")
    }

    @Test("deleteBackward with a selection deletes exactly the selection")
    func deleteSelection() {
        let (session, field) = editingField("abcdef")
        field.selectedRange = NSRange(location: 1, length: 3)
        field.deleteBackward()
        #expect(field.text == "aef" && field.selectedRange == NSRange(location: 1, length: 0))
        withExtendedLifetime(session) {}
    }

    @Test("a selection is clamped to the text and never splits a surrogate pair")
    func selectionClamp() {
        let (session, field) = editingField("a😀b")
        field.selectedRange = NSRange(location: 2, length: 0)
        #expect(field.selectedRange == NSRange(location: 1, length: 0))
        field.selectedRange = NSRange(location: 1, length: 1)
        #expect(field.selectedRange == NSRange(location: 1, length: 2))
        field.selectedRange = NSRange(location: 10, length: 3)
        #expect(field.selectedRange == NSRange(location: 4, length: 0))
        withExtendedLifetime(session) {}
    }

    @Test("replace refuses a range that splits a surrogate pair or leaves the text, without asking")
    func invalidRange() {
        let (session, field) = editingField("a😀b")
        #expect(!field.replace(NSRange(location: 2, length: 1), withText: "x"))
        #expect(!field.replace(NSRange(location: 3, length: 5), withText: "x"))
        #expect(field.text == "a😀b" && session.recorder.takeLines().isEmpty)
    }

    @Test("a single-line field turns inserted line breaks into spaces")
    func singleLine() {
        let (session, field) = editingField()
        field.insertText("a\nb\r\nc")
        #expect(field.text == "a b c")
        withExtendedLifetime(session) {}
    }

    @Test("setting text from code sends no delegate call, event or notification")
    func programmaticText() {
        let (session, field) = editingField("1")
        field.text = "42"
        #expect(session.recorder.takeLines().isEmpty)
        #expect(field.selectedRange == NSRange(location: 2, length: 0))
    }

    @Test("the clear button asks shouldClear, not shouldChange, then sends the change events")
    func clearButton() {
        let (session, field) = editingField("123")
        #expect(field.clear())
        #expect(session.recorder.takeLines() == ["F shouldClear -> true", "F editingChanged \"\"", "F textDidChange"])
        #expect(field.text.isEmpty)
    }

    @Test("a refused clear keeps the text")
    func clearRefused() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldClear = false
        let (session, field) = editingField("123", delegate: delegate)
        #expect(!field.clear())
        #expect(field.text == "123" && session.recorder.takeLines() == ["F shouldClear -> false"])
    }

    @Test("the clear button on a field that is not editing begins editing first, then clears")
    func clearBeginsEditing() {
        let session = Session()
        let field = session.field("F")
        field.text = "123"
        #expect(field.clear())
        #expect(field.isEditing && field.text.isEmpty)
        #expect(
            session.recorder.takeLines()
                == ["F shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + Session.begin("F") + ["F shouldClear -> true", "F editingChanged \"\"", "F textDidChange"])
    }

    @Test("the clear button on a field that refuses to begin editing changes nothing")
    func clearRefusedBegin() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldBegin = false
        let session = Session()
        let field = session.field("F", delegate: delegate)
        field.text = "123"
        #expect(!field.clear())
        #expect(!field.isEditing && field.text == "123")
        #expect(session.recorder.takeLines() == ["F shouldBeginEditing -> false"])
    }

    @Test("clear on a field outside any scope changes nothing")
    func clearOutsideScope() {
        let field = TextField(text: "123")
        var events = 0
        field.addAction(for: .allEditingEvents) { _ in events += 1 }
        #expect(!field.clear())
        #expect(field.text == "123" && events == 0)
    }

    @Test("clearsOnBeginEditing asks shouldClear after the keyboard; the change events follow the begin events")
    func clearsOnBegin() {
        let session = Session()
        let field = session.field("F")
        field.text = "old"
        field.clearsOnBeginEditing = true
        var textAtDidBegin: String?
        field.addAction(for: .editingDidBegin) { textAtDidBegin = $0.text }
        field.becomeFirstResponder()
        #expect(
            session.recorder.takeLines()
                == ["F shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + ["F shouldClear -> true"] + Session.begin("F") + ["F editingChanged \"\"", "F textDidChange"])
        #expect(field.text.isEmpty && textAtDidBegin == "")
    }

    @Test("clearsOnBeginEditing refused by shouldClear keeps the text and sends no change event")
    func clearsOnBeginRefused() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldClear = false
        let session = Session()
        let field = session.field("F", delegate: delegate)
        field.text = "old"
        field.clearsOnBeginEditing = true
        field.becomeFirstResponder()
        #expect(
            session.recorder.takeLines()
                == ["F shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + ["F shouldClear -> false"] + Session.begin("F"))
        #expect(field.text == "old")
    }

    @Test("clearsOnBeginEditing on an empty field asks nothing and sends no change event")
    func clearsOnBeginEmpty() {
        let session = Session()
        let field = session.field("F")
        field.clearsOnBeginEditing = true
        field.becomeFirstResponder()
        #expect(
            session.recorder.takeLines()
                == ["F shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + Session.begin("F"))
    }

    @Test("clearsOnInsertion selects the text as editing begins so the first key replaces it")
    func clearsOnInsertion() {
        let session = Session()
        let field = session.field("F")
        field.text = "12"
        field.clearsOnInsertion = true
        field.becomeFirstResponder()
        field.insertText("3")
        field.insertText("4")
        #expect(field.text == "34")
    }

    @Test("return with .done: shouldReturn, editingDidEndOnExit, then the resign sequence")
    func returnDone() {
        let session = Session()
        let field = session.field("F", traits: TextInputTraits(returnKeyType: .done))
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        field.performReturn()
        #expect(
            session.recorder.takeLines()
                == ["F shouldReturn -> true", "F editingDidEndOnExit", "F shouldEndEditing -> true"]
                + Session.hide(from: shown260, to: hidden260) + Session.end("F"))
    }

    @Test("return with .next moves to the next enabled field, skipping disabled ones")
    func returnNext() {
        let session = Session()
        let a = session.field("A", traits: TextInputTraits(returnKeyType: .next))
        let b = session.field("B")
        let c = session.field("C")
        b.isEnabled = false
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        a.performReturn()
        #expect(c.isFirstResponder)
        #expect(
            session.recorder.takeLines()
                == [
                    "A shouldReturn -> true", "A editingDidEndOnExit", "C shouldBeginEditing -> true",
                    "A shouldEndEditing -> true",
                ] + Session.end("A") + Session.begin("C"))
    }

    @Test("return refused by shouldReturn does nothing more")
    func returnRefused() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldReturn = false
        let (session, field) = editingField("1", delegate: delegate)
        field.performReturn()
        #expect(session.recorder.takeLines() == ["F shouldReturn -> false"])
        #expect(field.isEditing)
    }

    @Test("text views ask shouldChangeText and report didChange; return inserts a line break")
    func textViewEditing() {
        let session = Session()
        let notes = session.textView("Notes")
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.insertText("hi")
        notes.performReturn()
        #expect(notes.text == "hi\n" && notes.lineCount == 2)
        #expect(
            session.recorder.takeLines() == [
                "Notes shouldChangeText {0,0} \"hi\" -> true", "Notes didChange \"hi\"", "Notes textViewDidChange",
                #"Notes shouldChangeText {2,0} "\n" -> true"#, #"Notes didChange "hi\n""#, "Notes textViewDidChange",
            ])
    }
}
