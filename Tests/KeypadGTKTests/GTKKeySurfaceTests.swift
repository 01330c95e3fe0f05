import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// The pointer reaches keys through the keypad's touch surface, not through each
/// GtkButton: the key acts on the press, looks pressed while held, a disabled key does
/// nothing, and a press in the gap between keys goes to the nearer key.
extension GTKTests {
    @Test("a held key acts on the press and looks pressed until the finger lifts; no key takes the pointer itself")
    func heldKeyLooksPressed() {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        #expect(session.window.host.keysTakingThePointer(in: keypad).isEmpty)
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == "5" }),
            let point = session.window.host.screenCenter(ofKey: key.id, in: keypad)
        else {
            Issue.record("no 5 key on screen")
            return
        }
        XInput.run(["mousemove", "\(point.x)", "\(point.y)", "mousedown", "1"])
        session.settle()
        #expect(amount.text == "5" && session.window.host.widgetText(of: amount) == "5")
        #expect(session.window.host.keyLooksPressed(key.id, in: keypad))
        XInput.run(["mouseup", "1"])
        session.settle()
        #expect(!session.window.host.keyLooksPressed(key.id, in: keypad))
        #expect(amount.text == "5")
        #expect(session.window.host.hasKeyboardFocus(amount) && session.window.host.isActive)
        session.close()
    }

    @Test("a press on a disabled key types nothing and presses nothing; a press between two keys types the nearer")
    func disabledKeyAndGap() {
        let session = GTKSession()
        let amount = session.field("Amount", type: .decimalPad)
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .decimalPad)
        guard let separator = keypad.rows.joined().first(where: { $0.action == .decimalSeparator }),
            let point = session.window.host.screenCenter(ofKey: separator.id, in: keypad),
            let one = keypad.rows.joined().first(where: { $0.accessibleName == "1" }),
            let two = keypad.rows.joined().first(where: { $0.accessibleName == "2" }),
            let left = session.window.host.screenCenter(ofKey: one.id, in: keypad),
            let right = session.window.host.screenCenter(ofKey: two.id, in: keypad)
        else {
            Issue.record("no separator, 1 or 2 key on screen")
            return
        }
        session.clickKey("1", of: keypad)
        XInput.click(point)
        session.settle()
        let typed = "1" + keypad.decimalSeparator
        #expect(amount.text == typed)
        // A second separator is refused: the key is disabled, and a press on it does nothing.
        #expect(keypad.key(id: separator.id)?.isEnabled == false)
        XInput.click(point)
        session.settle()
        #expect(amount.text == typed && session.window.host.widgetText(of: amount) == typed)
        // Halfway between the centres of 1 and 2 lies the grid's 6 px spacing, which no key
        // owns: a press there goes to the nearer key, and exactly halfway to the first.
        let gapX = (left.x + right.x) / 2
        XInput.run(["mousemove", "\(gapX - 2)", "\(left.y)", "click", "1"])
        XInput.run(["mousemove", "\(gapX + 2)", "\(left.y)", "click", "1"])
        session.settle()
        #expect(amount.text == typed + "12" && session.window.host.widgetText(of: amount) == typed + "12")
        #expect(!keypad.rows.joined().contains { session.window.host.keyLooksPressed($0.id, in: keypad) })
        session.close()
    }
}
