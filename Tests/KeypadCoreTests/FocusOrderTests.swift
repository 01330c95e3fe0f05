import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("The order of editing events is the contract")
struct FocusOrderTests {
    @Test("first focus: shouldBegin, first responder, keyboard show, then did-begin events")
    func firstFocus() {
        let session = Session()
        let a = session.field("A")
        #expect(a.becomeFirstResponder())
        #expect(a.isFirstResponder && a.isEditing)
        #expect(
            session.recorder.takeLines()
                == ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A"))
        #expect(session.scope.keyboard.frame == CGRect(x: 0, y: 508, width: 1024, height: 260))
    }

    @Test("resigning: shouldEnd, keyboard hide, then did-end events")
    func resign() {
        let session = Session()
        let a = session.field("A")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(a.resignFirstResponder())
        #expect(!a.isFirstResponder && session.scope.firstResponder == nil)
        #expect(
            session.recorder.takeLines()
                == ["A shouldEndEditing -> true"] + Session.hide(from: shown260, to: hidden260) + Session.end("A"))
        #expect(!session.scope.keyboard.isVisible)
    }

    @Test("shouldBeginEditing false stops everything")
    func shouldBeginFalse() {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        delegate.shouldBegin = false
        let a = session.field("A", delegate: delegate)
        #expect(!a.becomeFirstResponder())
        #expect(session.recorder.takeLines() == ["A shouldBeginEditing -> false"])
        #expect(session.scope.firstResponder == nil && !session.scope.keyboard.isVisible)
    }

    @Test("shouldEndEditing false keeps the field editing")
    func shouldEndFalse() {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        let a = session.field("A", delegate: delegate)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        delegate.shouldEnd = false
        #expect(!a.resignFirstResponder())
        #expect(session.recorder.takeLines() == ["A shouldEndEditing -> false"])
        #expect(a.isFirstResponder && session.scope.keyboard.isVisible)
    }

    @Test("A to B with keypads of different sizes: change and show, no hide")
    func directMoveDifferentSize() {
        let session = Session()
        let a = session.field("A")
        let b = session.field("B", keypadHeight: 300)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(b.becomeFirstResponder())
        let expected =
            ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A")
            + Session.show(from: shown260, to: shown300) + Session.begin("B")
        #expect(session.recorder.takeLines() == expected)
        #expect(b.isFirstResponder && !a.isFirstResponder)
    }

    @Test("A to B with keypads of the same size sends no keyboard notification")
    func directMoveSameSize() {
        let session = Session()
        let a = session.field("A")
        let b = session.field("B")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        b.becomeFirstResponder()
        let expected =
            ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A") + Session.begin("B")
        #expect(session.recorder.takeLines() == expected)
    }

    @Test("A to B with the same keypad size but another accessory view shows again")
    func directMoveOtherAccessory() {
        let session = Session()
        let a = session.field("A", keypadHeight: 216)
        let b = session.field("B", keypadHeight: 216)
        let toolbarA = FixedAccessoryView(height: 44)
        let toolbarB = FixedAccessoryView(height: 44)
        a.inputAccessoryView = toolbarA
        b.inputAccessoryView = toolbarB
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        b.becomeFirstResponder()
        let expected =
            ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A")
            + Session.show(from: shown260, to: shown260) + Session.begin("B")
        #expect(session.recorder.takeLines() == expected)
    }

    @Test("A to B when B refuses to begin: A keeps editing and nothing else happens")
    func directMoveRefusedByB() {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        delegate.shouldBegin = false
        let a = session.field("A")
        let b = session.field("B", delegate: delegate)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(!b.becomeFirstResponder())
        #expect(session.recorder.takeLines() == ["B shouldBeginEditing -> false"])
        #expect(a.isFirstResponder)
    }

    @Test("A to B when A refuses to end: A keeps editing")
    func directMoveRefusedByA() {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        delegate.shouldEnd = false
        let a = session.field("A", delegate: delegate)
        let b = session.field("B")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(!b.becomeFirstResponder())
        #expect(session.recorder.takeLines() == ["B shouldBeginEditing -> true", "A shouldEndEditing -> false"])
        #expect(a.isFirstResponder && !b.isEditing)
    }

    @Test("a disabled field refuses focus without asking its delegate")
    func disabledRefuses() {
        let session = Session()
        let a = session.field("A")
        a.isEnabled = false
        #expect(!a.becomeFirstResponder())
        #expect(session.recorder.takeLines().isEmpty)
    }

    @Test("disabling the editing field ends editing by force, reason cancelled")
    func disablingEnds() {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        delegate.shouldEnd = false
        let a = session.field("A", delegate: delegate)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        a.isEnabled = false
        #expect(
            session.recorder.takeLines() == Session.hide(from: shown260, to: hidden260)
                + Session.end("A", reason: "cancelled"))
        #expect(!a.isEditing)
    }

    @Test("removing the editing field from its scope ends editing, reason cancelled")
    func removingEnds() {
        let session = Session()
        let a = session.field("A")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        session.scope.remove(a)
        #expect(
            session.recorder.takeLines() == Session.hide(from: shown260, to: hidden260)
                + Session.end("A", reason: "cancelled"))
        #expect(a.scope == nil && !a.becomeFirstResponder())
    }

    @Test("a field outside any scope cannot become first responder")
    func noScope() {
        let field = TextField()
        #expect(!field.becomeFirstResponder())
        #expect(field.resignFirstResponder())
    }

    @Test("becomeFirstResponder answers false when the field is disabled in its own didBeginEditing")
    func becomeAnswersTruth() {
        let session = Session()
        let a = session.field("A", delegate: DisablingOnBegin())
        #expect(!a.becomeFirstResponder())
        #expect(!a.isFirstResponder && session.scope.firstResponder == nil)
        #expect(
            session.recorder.takeLines()
                == ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A")
                + Session.hide(from: shown260, to: hidden260) + Session.end("A", reason: "cancelled"))
    }

    @Test("resignFirstResponder answers false when the field is focused again in its own didEndEditing")
    func resignAnswersTruth() {
        let session = Session()
        let a = session.field("A", delegate: RefocusingOnEnd())
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        #expect(!a.resignFirstResponder())
        #expect(a.isFirstResponder)
        #expect(
            session.recorder.takeLines()
                == ["A shouldEndEditing -> true"] + Session.hide(from: shown260, to: hidden260) + Session.end("A")
                + ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A"))
    }

    @Test("endEditing answers false when a field is focused again while editing ends")
    func endEditingAnswersTruth() {
        let session = Session()
        let a = session.field("A", delegate: RefocusingOnEnd())
        a.becomeFirstResponder()
        #expect(!session.scope.endEditing())
        #expect(session.scope.firstResponder === a)
    }

    @Test("a focus change asked for inside a delegate call runs after the current one")
    func queuedFocusChange() {
        let session = Session()
        let a = session.field("A")
        let b = session.field("B")
        let redirect = RedirectingDelegate()
        a.delegate = redirect
        session.recorder.record(a)
        redirect.target = b
        #expect(!a.becomeFirstResponder())
        #expect(b.isFirstResponder && redirect.redirectReturned == false)
        let expected =
            ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A")
            + ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A") + Session.begin("B")
        #expect(session.recorder.takeLines() == expected)
    }

    @Test("recording a field twice prints each event once")
    func recordTwice() {
        let session = Session()
        let a = session.field("A")
        session.recorder.record(a)
        a.becomeFirstResponder()
        a.insertText("1")
        #expect(
            session.recorder.takeLines()
                == ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A")
                + ["A shouldChangeCharacters {0,0} \"1\" -> true", "A editingChanged \"1\"", "A textDidChange"])
    }
}

/// Moves focus to `target` as soon as its field begins editing.
@MainActor
private final class RedirectingDelegate: TextFieldDelegate {
    weak var target: TextField?
    var redirectReturned: Bool?
    func textFieldDidBeginEditing(_ textField: TextField) {
        redirectReturned = target?.becomeFirstResponder()
    }
}

/// Disables its field as soon as it begins editing.
@MainActor
private final class DisablingOnBegin: TextFieldDelegate {
    func textFieldDidBeginEditing(_ textField: TextField) {
        textField.isEnabled = false
    }
}

/// Focuses its field again once, as soon as it ends editing.
@MainActor
private final class RefocusingOnEnd: TextFieldDelegate {
    private var refocused = false
    func textFieldDidEndEditing(_ textField: TextField, reason: DidEndEditingReason) {
        guard !refocused else { return }
        refocused = true
        textField.becomeFirstResponder()
    }
}
