import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("A keypad serving a secure input tells nobody what it types")
struct KeypadSecureTests {
    private let secure = TextInputTraits(isSecureTextEntry: true)

    @Test("digits, the separator and a refused second separator carry the concealed id; delete keeps its own")
    func concealedIDs() throws {
        let form = try KeypadForm("decimalPad", traits: secure)
        for name in ["1", "Decimal separator", "5", "Decimal separator", "Delete"] { form.keypad.tap(name) }
        #expect(form.field.text == "1.")
        #expect(
            form.keyEvents == [
                .keyActivated("•"), .keyActivated("•"), .keyActivated("•"), .keyRejected("•"), .keyActivated("delete"),
            ])
    }

    @Test("a long-press alternative typed into a secure input carries the concealed id")
    func concealedAlternative() throws {
        let form = try KeypadForm("phonePad", traits: secure)
        form.keypad.press("0", at: .zero)
        form.keypad.advance(to: .seconds(1))
        form.keypad.release("0", at: .seconds(1))
        #expect(form.field.text == "+" && form.keyEvents == [.keyActivated("•")])
    }

    @Test("a plain input's key events carry the keys' ids")
    func plainIDs() throws {
        let form = try KeypadForm("decimalPad")
        for name in ["1", "Decimal separator", "Decimal separator"] { form.keypad.tap(name) }
        #expect(
            form.keyEvents == [.keyActivated("1"), .keyActivated("decimalSeparator"), .keyRejected("decimalSeparator")])
    }

    @Test("the recorder's trace of a secure session shows no digit")
    func trace() throws {
        let form = try KeypadForm("numberPad", traits: secure)
        let recorder = EventRecorder(scope: form.scope)
        recorder.record(form.keypad, name: "pad")
        for name in ["4", "2", "Delete"] { form.keypad.tap(name) }
        #expect(
            recorder.takeLines() == [
                "pad <secure>", "F textDidChange", "pad <secure>", "F textDidChange", "pad Delete", "F textDidChange",
            ])
    }
}
