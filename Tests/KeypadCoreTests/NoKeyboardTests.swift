import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

@MainActor
@Suite("An input with no input view edits with no keyboard and no keyboard notification")
struct NoKeyboardTests {
    /// A session whose default input view is none, with field A on a 260-point keypad and B on none.
    private func session() -> (Session, TextField, TextField) {
        let session = Session()
        session.scope.defaultInputView = { _ in nil }
        let a = session.field("A")
        let b = session.field("B", keypadHeight: nil)
        return (session, a, b)
    }

    @Test("focus and resign of a field with no input view send no keyboard notification")
    func noShow() {
        let (session, _, b) = session()
        #expect(b.becomeFirstResponder())
        #expect(b.isEditing && !session.scope.keyboard.isVisible && session.scope.keyboard.frame == nil)
        #expect(b.resignFirstResponder())
        expectTrace(
            session.recorder,
            ["B shouldBeginEditing -> true"] + Session.begin("B") + ["B shouldEndEditing -> true"]
                + Session.end("B"))
    }

    @Test("a zero-height input view is no keyboard either")
    func zeroHeight() {
        let session = Session()
        let z = session.field("Z", keypadHeight: 0)
        z.becomeFirstResponder()
        expectTrace(session.recorder, ["Z shouldBeginEditing -> true"] + Session.begin("Z"))
        #expect(!session.scope.keyboard.isVisible)
    }

    @Test("from a field with a keypad to one without: the keypad hides between end and begin")
    func keypadToNone() {
        let (session, a, b) = session()
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        b.becomeFirstResponder()
        expectTrace(
            session.recorder,
            ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A")
                + Session.hide(from: shown260, to: hidden260) + Session.begin("B"))
        #expect(!session.scope.keyboard.isVisible && session.scope.keyboard.inputView == nil)
    }

    @Test("from a field without a keypad to one with: the keypad shows as from hidden")
    func noneToKeypad() {
        let (session, a, b) = session()
        b.becomeFirstResponder()
        _ = session.recorder.takeLines()
        a.becomeFirstResponder()
        expectTrace(
            session.recorder,
            ["A shouldBeginEditing -> true", "B shouldEndEditing -> true"] + Session.end("B")
                + Session.show(from: hidden260, to: shown260) + Session.begin("A"))
    }

    @Test("an accessory view alone still shows, at its own height")
    func accessoryAlone() {
        let (session, _, b) = session()
        let toolbar = FixedAccessoryView(height: 44)
        b.inputAccessoryView = toolbar
        b.becomeFirstResponder()
        expectTrace(
            session.recorder,
            ["B shouldBeginEditing -> true"] + Session.show(from: "(0,768,1024,44)", to: "(0,724,1024,44)")
                + Session.begin("B"))
    }
}
