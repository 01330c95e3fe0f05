import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTesting
import Testing

/// Refuses every composition step whose marked text holds `refused`.
@MainActor
final class RefusesInComposition: TextFieldDelegate {
    let refused: Character
    init(refusing refused: Character) { self.refused = refused }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    { !(textField.isProposingCompositionStep && string.contains(refused)) }
}

/// Whether this process may load GTK's `cyrillic_translit` input method
/// (`KEYPAD_PREEDIT_TESTS=1`; `make test` runs ``GTKPreeditTests`` so, on a display of its own).
///
/// Loading it changes every GTK input method in the process for good: GTK 3.24 adds
/// its transliteration table to the compose tables all GtkIMContextSimple contexts
/// share, so "hi" typed into any later entry gives "хи". The suite therefore never runs
/// beside the other GTK tests.
nonisolated let mayLoadTranslit = ProcessInfo.processInfo.environment["KEYPAD_PREEDIT_TESTS"] != nil

/// A real GTK input method's preedit in a bound entry: GTK's own `cyrillic_translit`
/// context (a GtkIMContextSimple, so Ctrl+Shift+U hex input works in it too), chosen
/// for the one entry through its `im-module` property, typed into with real X keys.
@MainActor
@Suite("GTK input-method preedit as marked text", .serialized, .enabled(if: try mayLoadTranslit && hasDisplay()))
struct GTKPreeditTests {
    /// A shown session with one entry named `name` using `cyrillic_translit`, editing.
    private func composingSession(_ name: String, delegate: any TextFieldDelegate, secure: Bool = false) -> (
        GTKSession, TextField
    ) {
        let session = GTKSession()
        let field = session.field(name, type: .default, delegate: delegate)
        field.isSecureTextEntry = secure
        session.show()
        session.window.host.useInputMethod("cyrillic_translit", for: field)
        session.click(field)
        return (session, field)
    }

    /// The delegate's should-change lines, without the input's name.
    private func steps(_ lines: [String], of name: String) -> [String] {
        lines.filter { $0.hasPrefix("\(name) shouldChangeCharacters ") }.map {
            String($0.dropFirst("\(name) shouldChangeCharacters ".count))
        }
    }

    @Test("a preedit past a limit of 4 is marked text in the model; its commit 「合」 fits and is kept, 「ж」 does not")
    func preeditUnderLimit() {
        let (session, field) = composingSession(
            "Name", delegate: ValidatingTextFieldDelegate(rules: [MaxLengthRule(4)]))
        let host = session.window.host
        field.text = "abc"
        session.settle()
        _ = session.recorder.takeLines()

        XInput.key("ctrl+shift+u")
        XInput.type("5408")
        session.settle()
        // The buffer holds the model's text less the marked text, which GTK draws as preedit.
        #expect(field.text == "abcu5408" && field.markedTextRange == NSRange(location: 3, length: 5))
        #expect(host.widgetText(of: field) == "abc" && host.widgetCursor(of: field) == 3)
        XInput.key("space")
        session.settle()
        #expect(field.text == "abc合" && field.markedTextRange == nil)
        #expect(host.widgetText(of: field) == "abc合" && host.widgetCursor(of: field) == 4)
        let lines = session.recorder.takeLines()
        #expect(
            steps(lines, of: "Name") == [
                #"{3,0} "u" marking -> true"#, #"{3,1} "u5" marking -> true"#, #"{3,2} "u54" marking -> true"#,
                #"{3,3} "u540" marking -> true"#, #"{3,4} "u5408" marking -> true"#, #"{3,5} "合" -> true"#,
            ])
        #expect(lines.contains(#"Name editingChanged "abcu5408" marked {3,5}"#))

        // Transliterated "zh": "з" is marked past the limit, then "ж" is committed and refused.
        XInput.type("zh")
        session.settle()
        #expect(field.text == "abc合" && field.markedTextRange == nil)
        #expect(host.widgetText(of: field) == "abc合" && host.widgetCursor(of: field) == 4)
        let refusal = session.recorder.takeLines()
        #expect(steps(refusal, of: "Name") == [#"{4,0} "з" marking -> true"#, #"{4,1} "ж" -> false"#])
        #expect(refusal.last(where: { $0.contains("editingChanged") }) == #"Name editingChanged "abc合""#)
        session.close()
    }

    @Test("a refused preedit step: the IM is reset and the entry shows what the model holds")
    func refusedPreeditStep() {
        let (session, field) = composingSession("Code", delegate: RefusesInComposition(refusing: "5"))
        let host = session.window.host
        _ = session.recorder.takeLines()
        XInput.key("ctrl+shift+u")
        XInput.type("5")
        session.settle()
        #expect(field.text == "u" && field.markedTextRange == NSRange(location: 0, length: 1))
        #expect(host.widgetText(of: field) == "u")
        #expect(
            steps(session.recorder.takeLines(), of: "Code") == [
                #"{0,0} "u" marking -> true"#, #"{0,1} "u5" marking -> false"#,
            ])
        // Typing on: a plain letter goes in after the marked text, which stays as it is.
        XInput.type("a")
        session.settle()
        #expect(field.text == "uа" && field.markedTextRange == nil && host.widgetText(of: field) == "uа")
        session.close()
    }

    @Test("a secure entry never composes: its preedit is refused, nothing is marked or traced")
    func secureEntry() {
        let (session, field) = composingSession("PIN", delegate: RefusesInComposition(refusing: "!"), secure: true)
        let host = session.window.host
        _ = session.recorder.takeLines()
        XInput.type("zh")
        session.settle()
        // "z" (preedit "з") is refused and the IM reset, so "h" alone gives "х".
        #expect(field.text == "х" && field.markedTextRange == nil && host.widgetText(of: field) == "х")
        let lines = session.recorder.takeLines()
        #expect(lines.contains("PIN shouldChangeCharacters <secure> -> true"))
        #expect(!lines.contains { $0.contains("mark") || $0.contains("х") || $0.contains("з") })
        session.close()
    }

    @Test("a text view follows the preedit too: steps marked, the commit judged, the buffer without the preedit")
    func textViewPreedit() {
        let session = GTKSession()
        let notes = session.notes("Notes")
        session.show()
        session.window.host.useInputMethod("cyrillic_translit", for: notes)
        session.click(notes)
        notes.text = "a"
        session.settle()
        _ = session.recorder.takeLines()
        XInput.type("sh")
        session.settle()
        #expect(notes.text == "aш" && notes.markedTextRange == NSRange(location: 1, length: 1))
        #expect(session.window.host.widgetText(of: notes) == "a")
        XInput.type("ch")
        session.settle()
        #expect(notes.text == "aщ" && notes.markedTextRange == nil && session.window.host.widgetText(of: notes) == "aщ")
        let asked = session.recorder.takeLines().filter { $0.hasPrefix("Notes shouldChangeText ") }
        #expect(
            asked == [
                #"Notes shouldChangeText {1,0} "с" marking -> true"#,
                #"Notes shouldChangeText {1,1} "ш" marking -> true"#,
                #"Notes shouldChangeText {1,1} "щ" -> true"#,
            ])
        session.close()
    }

    @Test("keypad keys during a GTK preedit: a digit commits it, then types; Delete deletes the marked character")
    func keypadDuringPreedit() {
        let session = GTKSession()
        let field = session.field("Code", type: .numberPad)
        session.show()
        session.window.host.useInputMethod("cyrillic_translit", for: field)
        session.click(field)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        XInput.type("s")
        session.settle()
        #expect(field.text == "с" && field.markedTextRange == NSRange(location: 0, length: 1))
        #expect(session.window.host.widgetText(of: field) == "")
        session.clickKey("7", of: keypad)
        // The model committed "с" and typed "7"; the IM was reset, so the entry shows both.
        #expect(field.text == "с7" && field.markedTextRange == nil)
        #expect(session.window.host.widgetText(of: field) == "с7" && session.window.host.widgetCursor(of: field) == 2)
        XInput.type("s")
        session.settle()
        #expect(field.text == "с7с" && session.window.host.widgetText(of: field) == "с7")
        session.clickKey("Delete", of: keypad)
        #expect(field.text == "с7" && field.markedTextRange == nil && session.window.host.widgetText(of: field) == "с7")
        // The IM starts afresh: "h" alone is "х", committed at once.
        XInput.type("h")
        session.settle()
        #expect(field.text == "с7х" && session.window.host.widgetText(of: field) == "с7х")
        session.close()
    }

    @Test("moving focus during a preedit commits it first, and the entry shows the committed text")
    func focusMoveCommitsPreedit() {
        let session = GTKSession()
        let field = session.field("A", type: .default)
        let other = session.field("B")
        session.show()
        session.window.host.useInputMethod("cyrillic_translit", for: field)
        session.click(field)
        _ = session.recorder.takeLines()
        XInput.type("s")
        session.settle()
        #expect(field.markedTextRange == NSRange(location: 0, length: 1))
        session.click(other)
        #expect(field.text == "с" && field.markedTextRange == nil && !field.isEditing)
        #expect(session.window.host.widgetText(of: field) == "с")
        let lines = session.recorder.takeLines()
        #expect(
            Array(lines.prefix(7)) == [
                #"A shouldChangeCharacters {0,0} "с" marking -> true"#, "A didChangeSelection {1,0}",
                #"A editingChanged "с" marked {0,1}"#, "A textDidChange", "B shouldBeginEditing -> true",
                #"A shouldChangeCharacters {0,1} "с" -> true"#, #"A editingChanged "с""#,
            ])
        session.close()
    }
}
