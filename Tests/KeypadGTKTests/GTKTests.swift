import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTestSupport
import KeypadTesting
import Testing

/// Every GTK test, one at a time, on real widgets under Xvfb with openbox.
@MainActor
@Suite("GTK adapter on real widgets", .serialized, .enabled(if: try hasDisplay()))
struct GTKTests {
    @Test("clicking an entry begins editing in the contract's order and slides the keypad in")
    func clickBegins() {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        _ = session.recorder.takeLines()
        session.click(amount)
        // The did-notifications come when the slide has ended, after the begin events.
        #expect(MainLoop.run(until: { session.recorder.lines.contains { $0.hasPrefix("keyboard didShow") } }))
        let lines = session.recorder.takeLines().map {
            $0.hasPrefix("keyboard") ? String($0.split(separator: " ")[1]) : $0
        }
        expectLines(
            lines,
            [
                "Amount shouldBeginEditing -> true", "willChangeFrame", "willShow", "Amount didBeginEditing",
                "Amount editingDidBegin", "Amount textDidBeginEditing", "didChangeFrame", "didShow",
            ])
        #expect(session.window.host.hasKeyboardFocus(amount))
        session.close()
    }

    @Test("clicking keypad keys types into the entry; focus and cursor stay in the field")
    func keysType() {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        for digit in ["4", "2", "7"] { session.clickKey(digit, of: keypad) }
        session.clickKey("Delete", of: keypad)
        #expect(amount.text == "42")
        #expect(session.window.host.widgetText(of: amount) == "42")
        #expect(session.window.host.widgetCursor(of: amount) == 2)
        #expect(session.window.host.hasKeyboardFocus(amount) && session.window.host.isActive)
        session.close()
    }

    @Test("typing a refused character on the physical keyboard changes neither text nor cursor")
    func physicalTypingFiltered() {
        let session = GTKSession()
        let pin = session.field("PIN", delegate: DigitsOnly())
        session.show()
        session.click(pin)
        XInput.type("1a2b")
        session.settle()
        #expect(pin.text == "12")
        #expect(session.window.host.widgetText(of: pin) == "12")
        #expect(session.window.host.widgetCursor(of: pin) == 2)
        XInput.key("BackSpace")
        session.settle()
        #expect(pin.text == "1" && session.window.host.widgetText(of: pin) == "1")
        session.close()
    }

    @Test("clicking from A to B is one direct move: no hide between, the same-size keypad sends nothing")
    func directMove() {
        let session = GTKSession()
        let a = session.field("A")
        let b = session.field("B")
        session.show()
        session.click(a)
        _ = session.recorder.takeLines()
        session.click(b)
        expectTrace(
            session.recorder,
            [
                "B shouldBeginEditing -> true", "A shouldEndEditing -> true", "A didEndEditing(committed)",
                "A editingDidEnd", "A textDidEndEditing", "B didBeginEditing", "B editingDidBegin",
                "B textDidBeginEditing",
            ])
        #expect(session.window.host.hasKeyboardFocus(b))
        session.close()
    }

    @Test("shouldEndEditing false keeps GTK focus and editing in the field")
    func stickyField() {
        let session = GTKSession()
        let sticky = Sticky()
        let a = session.field("A", delegate: sticky)
        let b = session.field("B")
        session.show()
        session.click(a)
        XInput.click(session.window.host.screenCenter(of: b))
        session.settle()
        #expect(a.isFirstResponder && !b.isEditing)
        #expect(session.window.host.hasKeyboardFocus(a))
        sticky.allowsEnd = true
        session.close()
    }

    @Test("destroying the editing field's widget ends editing (cancelled) and unbinds the keypad")
    func destroyWhileBound() {
        let session = GTKSession()
        let a = session.field("A")
        session.field("B")
        session.show()
        session.click(a)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        #expect(keypad.boundInput === a)
        _ = session.recorder.takeLines()
        session.window.host.destroyWidget(of: a)
        session.settle()
        #expect(!a.isEditing && keypad.boundInput == nil && a.scope == nil)
        #expect(session.recorder.takeLines().contains("A didEndEditing(cancelled)"))
        keypad.tapKey("1")
        #expect(a.text.isEmpty)
        session.close()
    }

    @Test("the docked keypad keeps the editing field above it")
    func dockedAvoidance() {
        let session = GTKSession(height: 600)
        let fields = (1...6).map { session.field("Field \($0)") }
        session.show()
        session.click(fields[5])
        session.settle()
        session.expectAboveKeypad(fields[5], margin: Int(session.window.host.avoidanceMargin))
        session.close()
    }

    @Test("a keypad in its own window never takes focus from the field")
    func windowPlacement() {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        session.settle()
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        session.clickKey("5", of: keypad)
        session.clickKey("6", of: keypad)
        #expect(amount.text == "56")
        #expect(session.window.host.isActive && session.window.host.hasKeyboardFocus(amount))
        session.close()
    }
}
