import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

@MainActor
@Suite("A secure field that begins editing again replaces its old text at the first edit, as UIKit does")
struct SecureReentryTests {
    private let secure = TextInputTraits(isSecureTextEntry: true)

    /// A secure field "PIN" holding `text`, editing again, with the trace emptied.
    private func reentered(_ text: String = "1234", delegate: ScriptedFieldDelegate? = nil) -> (Session, TextField) {
        let session = Session()
        let pin = session.field("PIN", delegate: delegate, traits: secure)
        pin.becomeFirstResponder()
        pin.insertText(text)
        pin.resignFirstResponder()
        pin.becomeFirstResponder()
        _ = session.recorder.takeLines()
        return (session, pin)
    }

    @Test("the first character asks to replace the whole text, then typing goes on at the cursor")
    func firstInsertion() {
        let delegate = ScriptedFieldDelegate()
        var asked: [NSRange] = []
        delegate.shouldChange = { range, _ in
            asked.append(range)
            return true
        }
        let (session, pin) = reentered(delegate: delegate)
        asked.removeAll()
        pin.insertText("5")
        pin.insertText("6")
        #expect(pin.text == "56")
        #expect(asked == [NSRange(location: 0, length: 4), NSRange(location: 1, length: 0)])
        expectTrace(
            session.recorder,
            [
                "PIN shouldChangeCharacters <secure> -> true", "PIN didChangeSelection <secure>",
                "PIN editingChanged <secure>", "PIN textDidChange",
                "PIN shouldChangeCharacters <secure> -> true", "PIN didChangeSelection <secure>",
                "PIN editingChanged <secure>", "PIN textDidChange",
            ])
    }

    @Test("deleteBackward as the first edit deletes all of the old text")
    func firstDeletion() {
        let (session, pin) = reentered()
        pin.deleteBackward()
        #expect(pin.text.isEmpty && pin.selectedRange == NSRange(location: 0, length: 0))
        expectTrace(
            session.recorder,
            [
                "PIN shouldChangeCharacters <secure> -> true", "PIN didChangeSelection <secure>",
                "PIN editingChanged <secure>", "PIN textDidChange",
            ])
    }

    @Test("a refused first edit keeps the text, and the next edit still replaces all of it")
    func refusedFirstEdit() {
        let delegate = ScriptedFieldDelegate()
        let (session, pin) = reentered(delegate: delegate)
        delegate.shouldChange = { _, _ in false }
        pin.insertText("5")
        #expect(pin.text == "1234")
        delegate.shouldChange = { _, _ in true }
        pin.insertText("6")
        #expect(pin.text == "6")
        withExtendedLifetime(session) {}
    }

    @Test("the first editing session of an empty field, and a field that is not secure, edit at the cursor")
    func noClearing() {
        let session = Session()
        let plain = session.field("A")
        plain.text = "12"
        plain.becomeFirstResponder()
        plain.insertText("3")
        #expect(plain.text == "123")
        let pin = session.field("PIN", traits: secure)
        pin.becomeFirstResponder()
        pin.insertText("1")
        pin.insertText("2")
        #expect(pin.text == "12")
    }

    @Test("text set from code while editing is edited at the cursor")
    func textFromCode() {
        let (_, pin) = reentered()
        pin.text = "99"
        pin.insertText("1")
        #expect(pin.text == "991")
    }
}
