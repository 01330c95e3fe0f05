import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// One composition step or commit, and what the delegate must be asked.
struct CompositionStep: Sendable, CustomStringConvertible {
    /// The marked text to set; nil commits `commit` with insertText.
    var marked: String?
    var commit: String?
    var range: NSRange
    var replacement: String
    var text: String
    var markedRange: NSRange?

    static func mark(_ marked: String, asks range: NSRange, text: String, marks markedRange: NSRange) -> Self {
        Self(marked: marked, range: range, replacement: marked, text: text, markedRange: markedRange)
    }

    static func commit(_ commit: String, asks range: NSRange, text: String) -> Self {
        Self(commit: commit, range: range, replacement: commit, text: text)
    }

    var description: String { marked.map { "mark \($0)" } ?? "commit \(commit ?? "")" }
}

@MainActor
@Suite("Marked text: each composition step asks the delegate with the range it replaces, as seed 000 lists")
struct MarkedTextTests {
    private func editing(_ text: String = "", delegate: ScriptedFieldDelegate = ScriptedFieldDelegate()) -> (
        Session, TextField
    ) {
        let session = Session()
        let field = session.field("F", delegate: delegate)
        field.text = text
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        return (session, field)
    }

    /// Runs `steps` on a field holding `text` with `selection`, checking each question
    /// the delegate is asked and the text and marked range after it.
    private func run(_ steps: [CompositionStep], text: String = "", selection: NSRange? = nil) {
        var asked: [(NSRange, String)] = []
        let delegate = ScriptedFieldDelegate()
        delegate.shouldChange = { range, string in
            asked.append((range, string))
            return true
        }
        let (session, field) = editing(text, delegate: delegate)
        if let selection { field.selectedRange = selection }
        for step in steps {
            asked.removeAll()
            if let marked = step.marked {
                #expect(field.setMarkedText(marked, selectedRange: NSRange(location: marked.utf16.count, length: 0)))
            } else {
                field.insertText(step.commit ?? "")
            }
            #expect(asked.count == 1 && asked.first?.0 == step.range && asked.first?.1 == step.replacement, "\(step)")
            #expect(field.text == step.text && field.markedTextRange == step.markedRange, "\(step)")
        }
        withExtendedLifetime(session) {}
    }

    @Test("seed 000's pinyin: {0,0} \"h\", {0,1} \"ha\", {0,2} 「哈」")
    func seedSteps() {
        run([
            .mark("h", asks: NSRange(location: 0, length: 0), text: "h", marks: NSRange(location: 0, length: 1)),
            .mark("ha", asks: NSRange(location: 0, length: 1), text: "ha", marks: NSRange(location: 0, length: 2)),
            .commit("哈", asks: NSRange(location: 0, length: 2), text: "哈"),
        ])
    }

    @Test("the seed's steps as the recorder prints them: each step marked, then its change events")
    func seedTrace() {
        let (session, field) = editing()
        field.setMarkedText("h", selectedRange: NSRange(location: 1, length: 0))
        field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        field.insertText("哈")
        #expect(
            session.recorder.takeLines() == [
                #"F shouldChangeCharacters {0,0} "h" marking -> true"#, "F didChangeSelection {1,0}",
                #"F editingChanged "h" marked {0,1}"#, "F textDidChange",
                #"F shouldChangeCharacters {0,1} "ha" marking -> true"#, "F didChangeSelection {2,0}",
                #"F editingChanged "ha" marked {0,2}"#, "F textDidChange",
                #"F shouldChangeCharacters {0,2} "哈" -> true"#, "F didChangeSelection {1,0}",
                #"F editingChanged "哈""#, "F textDidChange",
            ])
        #expect(field.selectedRange == NSRange(location: 1, length: 0))
    }

    @Test("a composition after existing text replaces nothing before it")
    func afterText() {
        run(
            [
                .mark("n", asks: NSRange(location: 3, length: 0), text: "abcn", marks: NSRange(location: 3, length: 1)),
                .mark(
                    "ni", asks: NSRange(location: 3, length: 1), text: "abcni", marks: NSRange(location: 3, length: 2)),
                .commit("你", asks: NSRange(location: 3, length: 2), text: "abc你"),
            ], text: "abc")
    }

    @Test("a composition inside a selection replaces the selection with its first step")
    func insideSelection() {
        run(
            [
                .mark("h", asks: NSRange(location: 2, length: 3), text: "abh", marks: NSRange(location: 2, length: 1)),
                .mark(
                    "ha", asks: NSRange(location: 2, length: 1), text: "abha", marks: NSRange(location: 2, length: 2)),
                .commit("哈", asks: NSRange(location: 2, length: 2), text: "ab哈"),
            ], text: "abcde", selection: NSRange(location: 2, length: 3))
    }

    @Test("the selection given to setMarkedText lands inside the marked text")
    func selectionInsideMarkedText() {
        let (_, field) = editing("ab")
        field.setMarkedText("xyz", selectedRange: NSRange(location: 1, length: 1))
        #expect(field.selectedRange == NSRange(location: 3, length: 1))
        field.setMarkedText("pq", selectedRange: NSRange(location: 9, length: 0))
        #expect(field.text == "abpq" && field.selectedRange == NSRange(location: 4, length: 0))
        #expect(field.markedText == "pq")
    }

    @Test("unmarkText keeps the marked text, asks nothing and sends nothing")
    func unmark() {
        let (session, field) = editing("a")
        field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        _ = session.recorder.takeLines()
        field.unmarkText()
        #expect(field.text == "ani" && field.markedTextRange == nil)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        #expect(session.recorder.takeLines().isEmpty)
    }

    @Test("nil or empty marked text removes the marked text as a step; with nothing marked it asks nothing")
    func removeMarkedText() {
        let (session, field) = editing("a")
        #expect(field.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0)))
        #expect(session.recorder.takeLines().isEmpty)
        field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        _ = session.recorder.takeLines()
        #expect(field.setMarkedText("", selectedRange: NSRange(location: 0, length: 0)))
        #expect(field.text == "a" && field.markedTextRange == nil)
        #expect(
            session.recorder.takeLines() == [
                #"F shouldChangeCharacters {1,2} "" marking -> true"#, "F didChangeSelection {1,0}",
                #"F editingChanged "a""#, "F textDidChange",
            ])
    }

    @Test("a refused step leaves text, selection and marked range as they were")
    func refusedStep() {
        let delegate = ScriptedFieldDelegate()
        delegate.shouldChange = { _, string in string != "ha" }
        let (session, field) = editing("", delegate: delegate)
        field.setMarkedText("h", selectedRange: NSRange(location: 1, length: 0))
        _ = session.recorder.takeLines()
        #expect(!field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0)))
        #expect(field.text == "h" && field.markedTextRange == NSRange(location: 0, length: 1))
        #expect(field.selectedRange == NSRange(location: 1, length: 0))
        #expect(session.recorder.takeLines() == [#"F shouldChangeCharacters {0,1} "ha" marking -> false"#])
    }

    @Test("resigning with marked text commits it first, then asks shouldEndEditing")
    func resignCommits() {
        let (session, field) = editing()
        field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        _ = session.recorder.takeLines()
        #expect(field.resignFirstResponder())
        #expect(field.text == "ha" && field.markedTextRange == nil)
        #expect(
            Array(session.recorder.takeLines().prefix(4)) == [
                #"F shouldChangeCharacters {0,2} "ha" -> true"#, #"F editingChanged "ha""#, "F textDidChange",
                "F shouldEndEditing -> true",
            ])
    }

    @Test("focus moving to another field commits the marked text")
    func focusMoveCommits() {
        let (session, field) = editing()
        let other = session.field("G")
        field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        #expect(other.becomeFirstResponder())
        #expect(field.text == "ha" && field.markedTextRange == nil && !field.isEditing)
    }

    @Test("a secure field never composes: setMarkedText changes and asks nothing, and returns false")
    func secureRefuses() {
        let (session, field) = editing()
        field.isSecureTextEntry = true
        _ = session.recorder.takeLines()
        #expect(!field.setMarkedText("h", selectedRange: NSRange(location: 1, length: 0)))
        #expect(field.text.isEmpty && field.markedTextRange == nil)
        #expect(session.recorder.takeLines().isEmpty)
    }

    @Test("a field turned secure while composing keeps its marked text as ordinary text")
    func turnedSecure() {
        let (_, field) = editing()
        field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        field.isSecureTextEntry = true
        #expect(field.text == "ha" && field.markedTextRange == nil)
    }

    @Test("setting text or a selection outside the marked text from code ends the composition")
    func codeEndsComposition() {
        let (_, field) = editing("ab")
        field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        field.selectedRange = NSRange(location: 3, length: 0)
        #expect(field.markedTextRange == NSRange(location: 2, length: 2))
        field.selectedRange = NSRange(location: 0, length: 0)
        #expect(field.markedTextRange == nil && field.text == "abni")
        field.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
        field.text = "new"
        #expect(field.markedTextRange == nil)
    }

    @Test("a text view composes through textView(_:shouldChangeTextIn:replacementText:), and Return commits first")
    func textViewComposes() {
        let session = Session()
        let view = session.textView("N")
        view.text = "a\n"
        view.becomeFirstResponder()
        _ = session.recorder.takeLines()
        view.setMarkedText("k", selectedRange: NSRange(location: 1, length: 0))
        view.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
        view.performReturn()
        #expect(view.text == "a\nka\n" && view.markedTextRange == nil)
        #expect(
            session.recorder.takeLines() == [
                #"N shouldChangeText {2,0} "k" marking -> true"#, "N didChangeSelection {3,0}",
                #"N didChange "a\nk" marked {2,1}"#, "N textViewDidChange",
                #"N shouldChangeText {2,1} "ka" marking -> true"#, "N didChangeSelection {4,0}",
                #"N didChange "a\nka" marked {2,2}"#, "N textViewDidChange",
                #"N shouldChangeText {2,2} "ka" -> true"#, #"N didChange "a\nka""#, "N textViewDidChange",
                #"N shouldChangeText {4,0} "\n" -> true"#, "N didChangeSelection {5,0}",
                #"N didChange "a\nka\n""#, "N textViewDidChange",
            ])
    }
}
