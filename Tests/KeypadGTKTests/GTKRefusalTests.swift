import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTestSupport
import Testing

/// Refuses to begin editing.
@MainActor
final class NeverBegins: TextFieldDelegate {
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { false }
}

/// Refuses every edit.
@MainActor
final class ReadOnly: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    { false }
}

extension GTKSession {
    /// Presses `keys` (xdotool names) and expects `field` and its entry to hold `text` with
    /// the selection `selection` (characters, UTF-16 here as the texts are ASCII) after it.
    func press(
        _ keys: String, on field: TextField, expecting text: String, selection: Range<Int>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        XInput.key(keys)
        settle()
        #expect(field.text == text && window.host.widgetText(of: field) == text, sourceLocation: sourceLocation)
        let range = NSRange(location: selection.lowerBound, length: selection.count)
        #expect(field.selectedRange == range, sourceLocation: sourceLocation)
        #expect(window.host.widgetSelection(of: field) == selection, sourceLocation: sourceLocation)
    }
}

/// Refusals seen from GTK: focus that must not move, clipboard edits that must not land.
extension GTKTests {
    @Test("shouldBeginEditing false keeps GTK focus off the field; the field editing before keeps it")
    func refusedBegin() {
        let session = GTKSession()
        let a = session.field("A")
        let b = session.field("B", delegate: NeverBegins())
        session.show()
        XInput.click(session.window.host.screenCenter(of: b))
        session.settle()
        #expect(!b.isEditing && session.scope.firstResponder == nil)
        #expect(!session.window.host.hasKeyboardFocus(b), "B took GTK focus with nothing editing")

        session.click(a)
        _ = session.recorder.takeLines()
        XInput.click(session.window.host.screenCenter(of: b))
        session.settle()
        expectTrace(session.recorder, ["B shouldBeginEditing -> false"])
        #expect(a.isFirstResponder && !b.isEditing)
        #expect(session.window.host.hasKeyboardFocus(a) && !session.window.host.hasKeyboardFocus(b))
        session.close()
    }

    @Test("a refused paste (or keystroke) changes neither text nor cursor, nor a selection it would replace")
    func refusedPaste() {
        let session = GTKSession()
        let pin = session.field("PIN", delegate: DigitsOnly())
        session.show()
        session.click(pin)
        XInput.type("12")
        session.settle()
        pin.selectedRange = NSRange(location: 1, length: 0)
        KioskWindow.setClipboardText("ab")
        session.settle()
        session.press("ctrl+v", on: pin, expecting: "12", selection: 1..<1)
        pin.selectedRange = NSRange(location: 0, length: 1)
        session.settle()
        session.press("ctrl+v", on: pin, expecting: "12", selection: 0..<1)
        session.press("a", on: pin, expecting: "12", selection: 0..<1)  // a refused keystroke: the same
        KioskWindow.setClipboardText("7")  // an accepted paste still lands, over the selection
        session.settle()
        session.press("ctrl+v", on: pin, expecting: "72", selection: 1..<1)
        session.close()
    }

    @Test("a refused cut changes neither text nor selection")
    func refusedCut() {
        let session = GTKSession()
        let amount = session.field("Amount", delegate: ReadOnly())
        session.show()
        amount.text = "1234"
        session.click(amount)
        amount.selectedRange = NSRange(location: 1, length: 2)
        session.settle()
        session.press("ctrl+x", on: amount, expecting: "1234", selection: 1..<3)
        session.press("BackSpace", on: amount, expecting: "1234", selection: 1..<3)
        session.close()
    }
}
