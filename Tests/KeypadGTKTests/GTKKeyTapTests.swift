import Foundation
import KeypadCore
import KeypadGTK
import Testing

/// Taps as a finger makes them: quick repeats on one key, and edits that must reach the
/// entry as the one change they are.
extension GTKTests {
    @Test("quick repeated taps on one key type once per tap, not once more per double or triple click")
    func repeatedTaps() {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == "9" }),
            let point = session.window.screenCenter(ofKey: key.id, in: keypad)
        else {
            Issue.record("no 9 key on screen")
            return
        }
        // Well inside GTK's double-click time (400 ms), so GDK adds 2- and 3-button presses.
        XInput.run(["mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "3", "--delay", "120", "1"])
        session.settle(seconds: 0.3)
        #expect(amount.text == "999")
        #expect(session.window.widgetText(of: amount) == "999")
        session.close()
    }

    @Test("a keypad edit in the middle of the text changes only that part of the entry; the cursor follows it")
    func editInMiddle() {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        for digit in ["1", "2", "3"] { session.clickKey(digit, of: keypad) }
        amount.selectedRange = NSRange(location: 1, length: 0)
        session.settle()
        session.clickKey("7", of: keypad)
        #expect(session.window.widgetText(of: amount) == "1723")
        #expect(session.window.widgetCursor(of: amount) == 2)
        session.clickKey("Delete", of: keypad)
        session.clickKey("Delete", of: keypad)
        #expect(session.window.widgetText(of: amount) == "23")
        #expect(session.window.widgetCursor(of: amount) == 0)
        #expect(amount.text == "23")
        session.close()
    }
}

extension GTKTests {
    @Test("moving to a field whose keypad has the same height shows that keypad (no keyboard notification comes)")
    func sameHeightKeypadSwap() {
        let session = GTKSession()
        let amount = session.field("Amount", type: .decimalPad)
        let phone = session.field("Phone", type: .phonePad)
        session.show()
        session.click(amount)
        _ = session.recorder.takeLines()
        session.click(phone)
        #expect(!session.recorder.takeLines().contains { $0.hasPrefix("keyboard") }, "the heights differ: no test")
        session.clickKey("#", of: session.scope.defaultKeypad(for: .phonePad))
        #expect(phone.text == "#" && session.window.widgetText(of: phone) == "#")
        session.close()
    }
}
