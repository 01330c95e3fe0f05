import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// An app rule that writes down whether each edit it sees is a composition step.
private final class StepWitness: TextFieldRule, @unchecked Sendable {
    var seen: [(String, Bool)] = []
    func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        seen.append((edit.replacement, edit.isCompositionStep))
        return .allow
    }
}

@MainActor
@Suite("Marked text under rules and keypad keys: the commit is judged, not each step")
struct MarkedTextRuleTests {
    private func limited(_ text: String, rules: [any TextFieldRule]) -> (Session, TextField) {
        let session = Session()
        let field = session.field("F", delegate: ValidatingTextFieldDelegate(rules: rules))
        field.text = text
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        return (session, field)
    }

    private func compose(_ letters: String, in field: TextField) {
        var marked = ""
        for letter in letters {
            marked.append(letter)
            #expect(field.setMarkedText(marked, selectedRange: NSRange(location: marked.utf16.count, length: 0)))
        }
    }

    @Test("limit 4, \"abc\": \"zhuang\" runs past the limit while marked, and the commit 「装」 is kept")
    func compositionFinishes() {
        let (session, field) = limited("abc", rules: [MaxLengthRule(4)])
        compose("zhuang", in: field)
        #expect(field.text == "abczhuang" && field.markedTextRange == NSRange(location: 3, length: 6))
        field.insertText("装")
        #expect(field.text == "abc装" && field.markedTextRange == nil)
        #expect(field.selectedRange == NSRange(location: 4, length: 0))
        let lines = session.recorder.takeLines()
        #expect(lines.filter { $0.contains("shouldChangeCharacters") }.count == 7)
        #expect(
            lines.suffix(4) == [
                #"F shouldChangeCharacters {3,6} "装" -> true"#, "F didChangeSelection {4,0}",
                #"F editingChanged "abc装""#, "F textDidChange",
            ])
    }

    @Test("limit 4, \"abcd\": the commit 「哈」 does not fit, so text and caret are as before the composition")
    func commitRefused() {
        let (session, field) = limited("abcd", rules: [MaxLengthRule(4)])
        compose("ha", in: field)
        _ = session.recorder.takeLines()
        field.insertText("哈")
        #expect(field.text == "abcd" && field.markedTextRange == nil)
        #expect(field.selectedRange == NSRange(location: 4, length: 0))
        #expect(
            session.recorder.takeLines() == [
                #"F shouldChangeCharacters {4,2} "哈" -> false"#, "F didChangeSelection {4,0}",
                #"F editingChanged "abcd""#, "F textDidChange",
            ])
    }

    @Test("a refused commit inside a selection puts the selected text and the selection back")
    func commitRefusedRestoresSelection() {
        let (session, field) = limited("abcd", rules: [MaxLengthRule(4)])
        field.selectedRange = NSRange(location: 1, length: 1)
        compose("ha", in: field)
        #expect(field.text == "ahacd")
        field.insertText("哈哈")
        #expect(field.text == "abcd" && field.selectedRange == NSRange(location: 1, length: 1))
        withExtendedLifetime(session) {}
    }

    @Test("the other built-in rules let steps through and judge the commit")
    func otherRules() {
        let (session, field) = limited("", rules: [AllowedCharactersRule(), DecimalRule()])
        field.keyboardType = .decimalPad
        compose("yi", in: field)
        #expect(field.text == "yi")
        field.insertText("一")
        #expect(field.text.isEmpty && field.markedTextRange == nil)
        compose("1", in: field)
        field.insertText("1")
        #expect(field.text == "1")
        withExtendedLifetime(session) {}
    }

    @Test("ProposedEdit tells an app rule which edits are composition steps")
    func proposedEditFlag() {
        let witness = StepWitness()
        let (session, field) = limited("", rules: [witness])
        compose("ha", in: field)
        field.insertText("哈")
        #expect(witness.seen.map(\.0) == ["h", "ha", "哈"])
        #expect(witness.seen.map(\.1) == [true, true, false])
        #expect(!field.isProposingCompositionStep)
        withExtendedLifetime(session) {}
    }

    @Test("a formatter's commit ends the composition with its own edit, not a revert")
    func formatterCommit() {
        let (session, field) = limited("123", rules: [GroupingFormatter()])
        compose("4", in: field)
        #expect(field.text == "1234")
        field.insertText("4")
        #expect(field.text == "1,234" && field.markedTextRange == nil)
        withExtendedLifetime(session) {}
    }

    // MARK: - Keypad keys

    private func keypadForm() throws -> (KeypadForm, EventRecorder) {
        let form = try KeypadForm("numberPad", traits: TextInputTraits(keyboardType: .numberPad, returnKeyType: .done))
        let recorder = EventRecorder(scope: form.scope)
        recorder.record(form.field)
        return (form, recorder)
    }

    @Test("a key that types commits the marked text first, then types")
    func typingKeyCommits() throws {
        let (form, recorder) = try keypadForm()
        form.field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        _ = recorder.takeLines()
        form.keypad.tap("7")
        #expect(form.field.text == "ha7" && form.field.markedTextRange == nil)
        #expect(
            recorder.takeLines() == [
                #"F shouldChangeCharacters {0,2} "ha" -> true"#, #"F editingChanged "ha""#, "F textDidChange",
                #"F shouldChangeCharacters {2,0} "7" -> true"#, "F didChangeSelection {3,0}",
                #"F editingChanged "ha7""#, "F textDidChange",
            ])
    }

    @Test("Delete deletes the composition's last character, as a step")
    func deleteInComposition() throws {
        let (form, recorder) = try keypadForm()
        form.field.text = "1"
        form.field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        _ = recorder.takeLines()
        form.keypad.tap("Delete")
        #expect(form.field.text == "1h" && form.field.markedTextRange == NSRange(location: 1, length: 1))
        form.keypad.tap("Delete")
        #expect(form.field.text == "1" && form.field.markedTextRange == nil)
        #expect(
            recorder.takeLines() == [
                #"F shouldChangeCharacters {1,2} "h" marking -> true"#, "F didChangeSelection {2,0}",
                #"F editingChanged "1h" marked {1,1}"#, "F textDidChange",
                #"F shouldChangeCharacters {1,1} "" marking -> true"#, "F didChangeSelection {1,0}",
                #"F editingChanged "1""#, "F textDidChange",
            ])
    }

    @Test("Return commits, then does what Return does")
    func returnCommits() throws {
        let (form, recorder) = try keypadForm()
        form.field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        _ = recorder.takeLines()
        form.keypad.tap("Done")
        #expect(form.field.text == "ha" && !form.field.isEditing)
        #expect(
            Array(recorder.takeLines().prefix(5)) == [
                #"F shouldChangeCharacters {0,2} "ha" -> true"#, #"F editingChanged "ha""#, "F textDidChange",
                "F shouldReturn -> true", "F editingDidEndOnExit",
            ])
    }
}
