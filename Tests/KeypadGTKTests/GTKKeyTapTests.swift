import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
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
            let point = session.window.host.screenCenter(ofKey: key.id, in: keypad)
        else {
            Issue.record("no 9 key on screen")
            return
        }
        // Well inside GTK's double-click time (400 ms), so GDK adds 2- and 3-button presses.
        XInput.run(["mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "3", "--delay", "120", "1"])
        session.settle()
        #expect(amount.text == "999")
        #expect(session.window.host.widgetText(of: amount) == "999")
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
        #expect(session.window.host.widgetText(of: amount) == "1723")
        #expect(session.window.host.widgetCursor(of: amount) == 2)
        session.clickKey("Delete", of: keypad)
        session.clickKey("Delete", of: keypad)
        #expect(session.window.host.widgetText(of: amount) == "23")
        #expect(session.window.host.widgetCursor(of: amount) == 0)
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
        #expect(phone.text == "#" && session.window.host.widgetText(of: phone) == "#")
        session.close()
    }
}

extension GTKTests {
    @Test("holding the phone pad's 0 types + at the long press, before the finger lifts; the field keeps focus")
    func longPressTypesPlus() {
        let session = GTKSession()
        let phone = session.field("Phone", type: .phonePad)
        session.show()
        session.click(phone)
        let keypad = session.scope.defaultKeypad(for: .phonePad)
        guard let point = session.window.host.screenCenter(ofKey: "0", in: keypad) else {
            Issue.record("no 0 key on screen")
            return
        }
        XInput.run(["mousemove", "\(point.x)", "\(point.y)", "mousedown", "1"])
        session.wait(seconds: keypad.timing.longPressDelay.seconds / 2)
        #expect(phone.text.isEmpty)
        session.wait(seconds: keypad.timing.longPressDelay.seconds / 2 + 0.2)
        #expect(phone.text == "+" && session.window.host.widgetText(of: phone) == "+")
        XInput.run(["mouseup", "1"])
        session.settle()
        #expect(phone.text == "+")
        #expect(session.window.host.hasKeyboardFocus(phone) && session.window.host.isActive)
        session.clickKey("0", of: keypad)
        #expect(phone.text == "+0")
        session.close()
    }

    @Test("a key with several alternatives offers them above it; sliding onto one and lifting types it")
    func alternativesPopover() throws {
        let session = GTKSession()
        let layout = try KeypadLayout.decode(Data(accentLayout.utf8), fileName: "accents.json")
        let keypad = Keypad(layout: layout, notificationCenter: session.scope.notificationCenter)
        let name = session.field("Name", type: .default)
        name.inputView = keypad
        session.show()
        session.click(name)
        guard let point = session.window.host.screenCenter(ofKey: "e", in: keypad) else {
            Issue.record("no e key on screen")
            return
        }
        XInput.run(["mousemove", "\(point.x)", "\(point.y)", "mousedown", "1"])
        session.wait(seconds: keypad.timing.longPressDelay.seconds + 0.2)
        #expect(session.window.host.alternativesShown(in: keypad) == ["é", "è", "ê"])
        #expect(keypad.alternativesPopup?.selectedIndex == 0)
        #expect(name.text.isEmpty)
        let centers = session.window.host.alternativeCenters(in: keypad)
        #expect(centers.count == 3)
        if centers.count == 3 {
            XInput.run(["mousemove", "\(centers[1].x)", "\(centers[1].y)"])
            session.settle()
        }
        XInput.run(["mouseup", "1"])
        session.settle()
        #expect(name.text == "è" && session.window.host.widgetText(of: name) == "è")
        #expect(session.window.host.alternativesShown(in: keypad) == nil)
        #expect(session.window.host.hasKeyboardFocus(name) && session.window.host.isActive)
        session.close()
    }
}

private let accentLayout = """
    {"id": "accents", "keyboardTypes": [], "rowHeight": 60, "pages": [{"id": "letters", "rows": [[
        {"id": "e", "insert": "e", "alternatives": ["é", "è", "ê"]},
        {"id": "a", "insert": "a"},
        {"id": "delete", "action": "deleteBackward"}
    ]]}]}
    """

extension Duration {
    /// The duration in seconds, for settling the main loop.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension GTKTests {
    @Test("each field's caption labels it for assistive technology")
    func captionsLabelFields() {
        let session = GTKSession()
        let pin = session.field("PIN")
        let amount = session.field("Amount")
        session.show()
        #expect(session.window.host.accessibleLabels(of: pin) == ["PIN"])
        #expect(session.window.host.accessibleLabels(of: amount) == ["Amount"])
        session.close()
    }
}
