import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("A trace reveals neither a secure input's text nor its length nor its ranges; quoted text stays on one line")
struct SecureTraceTests {
    @Test("a secure field's edits and selection print as <secure>, the same for any text")
    func secureField() {
        let session = Session()
        let pin = session.field("PIN", traits: TextInputTraits(isSecureTextEntry: true))
        pin.becomeFirstResponder()
        pin.insertText("4")
        pin.insertText("21")
        pin.deleteBackward()
        pin.selectByUser(NSRange(location: 0, length: 1))
        let edit = ["PIN shouldChangeCharacters <secure> -> true", "PIN editingChanged <secure>", "PIN textDidChange"]
        #expect(
            session.recorder.takeLines()
                == ["PIN shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260)
                + Session.begin("PIN") + edit + edit + edit + ["PIN didChangeSelection <secure>"])
        #expect(pin.text == "42")
    }

    @Test("a secure text view's edits print as <secure>")
    func secureTextView() {
        let session = Session()
        let notes = session.textView("Notes", traits: TextInputTraits(isSecureTextEntry: true))
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.insertText("secret\n")
        notes.selectByUser(NSRange(location: 1, length: 0))
        #expect(
            session.recorder.takeLines() == [
                "Notes shouldChangeText <secure> -> true", "Notes didChange <secure>", "Notes textViewDidChange",
                "Notes didChangeSelection <secure>",
            ])
    }

    @Test("a keypad's text keys print as <secure> while it serves a secure input")
    func secureKeys() throws {
        let session = Session()
        let keypad = Keypad(
            layout: try #require(bundledLayout("numberPad")), notificationCenter: session.scope.notificationCenter)
        let pin = session.field("PIN", keypadHeight: nil, traits: TextInputTraits(isSecureTextEntry: true))
        pin.inputView = keypad
        session.recorder.record(keypad)
        pin.becomeFirstResponder()
        _ = session.recorder.takeLines()
        keypad.tap("7")
        keypad.tap("Delete")
        let edit = ["PIN shouldChangeCharacters <secure> -> true", "PIN editingChanged <secure>", "PIN textDidChange"]
        #expect(session.recorder.takeLines() == ["keypad <secure>"] + edit + ["keypad Delete"] + edit)
    }

    @Test("quoted text escapes backslashes, quotes, line breaks and control characters")
    func escaping() {
        let session = Session()
        let notes = session.textView("Notes")
        notes.becomeFirstResponder()
        _ = session.recorder.takeLines()
        notes.insertText("a\"b\\c\nd\r\te\u{2028}\u{7}")
        let quoted = #""a\"b\\c\nd\r\te\u{2028}\u{7}""#
        #expect(
            session.recorder.takeLines() == [
                "Notes shouldChangeText {0,0} \(quoted) -> true", "Notes didChange \(quoted)",
                "Notes textViewDidChange",
            ])
    }

    @Test(
        "a field's quoted text is escaped too, and plain text is left as it is",
        arguments: [
            ("中文 👍🏽", #""中文 👍🏽""#),
            (#"say "hi""#, #""say \"hi\"""#),
            (#"C:\path"#, #""C:\\path""#),
        ])
    func fieldQuoting(text: String, quoted: String) {
        let field = TextField(text: text)
        #expect(EventRecorder.quoted(text, of: field) == quoted)
        field.isSecureTextEntry = true
        #expect(EventRecorder.quoted(text, of: field) == "<secure>")
    }
}
