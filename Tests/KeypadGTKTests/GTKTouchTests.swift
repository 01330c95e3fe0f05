import CKeypadTestDisplay
import Foundation
import KeypadCore
import KeypadGTK
import Testing

/// Fingers on a touchscreen. XTest under Xvfb sends no touch, so these tests put GTK's own
/// touch events (GdkEventTouch, each sequence numbered, from a touchscreen GdkDevice the
/// test support makes) into GTK's event path with `gtk_main_do_event`, addressed to the
/// key surface's input window, as GDK's X11 backend hands over an XI2 touch.
@MainActor
struct Fingers {
    let session: GTKSession
    let keypad: Keypad

    private var window: UnsafeMutableRawPointer? { session.window.host.keySurfaceWindow(of: keypad) }

    /// The centre of the key named `name` in the surface window, moved by `dx`, `dy`.
    func point(ofKey name: String, dx: Double = 0, dy: Double = 0, sourceLocation: SourceLocation = #_sourceLocation)
        -> CGPoint
    {
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }),
            let rect = session.window.host.keySurfaceRect(ofKey: key.id, in: keypad)
        else {
            Issue.record("no key \(name) on screen", sourceLocation: sourceLocation)
            return CGPoint(x: -100, y: -100)
        }
        return CGPoint(x: rect.midX + dx, y: rect.midY + dy)
    }

    /// The rectangle of the key named `name` in the surface window.
    func rect(ofKey name: String) -> CGRect? {
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }) else { return nil }
        return session.window.host.keySurfaceRect(ofKey: key.id, in: keypad)
    }

    private func send(_ type: KeypadTestEvent, _ finger: UInt32, at point: CGPoint, emulatingPointer: Bool = false) {
        guard let window else {
            Issue.record("the key surface has no window")
            return
        }
        keypad_test_send_touch(window, type, finger, point.x, point.y, emulatingPointer ? 1 : 0)
    }

    func begin(_ finger: UInt32, at point: CGPoint, emulatingPointer: Bool = false) {
        send(KEYPAD_TEST_TOUCH_BEGIN, finger, at: point, emulatingPointer: emulatingPointer)
    }
    func begin(_ finger: UInt32, onKey name: String) { begin(finger, at: point(ofKey: name)) }
    func move(_ finger: UInt32, to point: CGPoint) { send(KEYPAD_TEST_TOUCH_UPDATE, finger, at: point) }
    func end(_ finger: UInt32, at point: CGPoint) { send(KEYPAD_TEST_TOUCH_END, finger, at: point) }
    func end(_ finger: UInt32, onKey name: String) { end(finger, at: point(ofKey: name)) }
    func cancel(_ finger: UInt32, at point: CGPoint) { send(KEYPAD_TEST_TOUCH_CANCEL, finger, at: point) }

    /// A press or release of button 1 from the touchscreen, as its driver makes of a finger.
    func touchscreenButton(_ type: KeypadTestEvent, at point: CGPoint) {
        guard let window else { return }
        keypad_test_send_button(window, type, point.x, point.y)
    }

    /// Whether the key surface's window selects touch events: without them GDK hands it
    /// no touch from a real touchscreen (these synthetic events skip that filter).
    var selectsTouch: Bool {
        guard let window else { return false }
        return keypad_test_window_selects_touch(window) != 0
    }

    func looksPressed(_ name: String) -> Bool {
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }) else { return false }
        return session.window.host.keyLooksPressed(key.id, in: keypad)
    }
}

extension GTKTests {
    /// A docked keypad of `type` on screen for a field that edits.
    private func touchSession(_ type: KeyboardType = .numberPad) -> (GTKSession, TextField, Fingers) {
        let session = GTKSession()
        let field = session.field("Amount", type: type)
        session.show()
        session.click(field)
        return (session, field, Fingers(session: session, keypad: session.scope.defaultKeypad(for: type)))
    }

    @Test("two overlapping touches on two keys type both, in the order they began, each key pressed while held")
    func twoOverlappingTouches() {
        let (session, amount, fingers) = touchSession()
        #expect(fingers.selectsTouch)
        fingers.begin(1, onKey: "5")
        fingers.begin(2, onKey: "8")
        #expect(amount.text == "58")
        #expect(fingers.looksPressed("5") && fingers.looksPressed("8"))
        fingers.end(1, onKey: "5")
        #expect(!fingers.looksPressed("5") && fingers.looksPressed("8"))
        fingers.end(2, onKey: "8")
        session.settle()
        #expect(amount.text == "58" && session.window.host.widgetText(of: amount) == "58")
        #expect(!fingers.looksPressed("8"))
        session.close()
    }

    @Test("three fingers down at once type three keys; they lift in another order without typing again")
    func threeFingers() {
        let (session, amount, fingers) = touchSession()
        fingers.begin(7, onKey: "1")
        fingers.begin(8, onKey: "2")
        fingers.begin(9, onKey: "3")
        fingers.end(8, onKey: "2")
        fingers.end(9, onKey: "3")
        fingers.end(7, onKey: "1")
        // The same three keys again, a second finger landing on the key a first still holds.
        fingers.begin(10, onKey: "1")
        fingers.begin(11, onKey: "1")
        fingers.end(10, onKey: "1")
        #expect(fingers.looksPressed("1"))
        fingers.end(11, onKey: "1")
        session.settle()
        #expect(amount.text == "12311" && session.window.host.widgetText(of: amount) == "12311")
        #expect(!fingers.looksPressed("1"))
        session.close()
    }

    @Test("a cancelled touch lets its key go without typing again, and a long-press key it held never acts")
    func cancelledTouch() {
        let (session, phone, fingers) = touchSession(.phonePad)
        fingers.begin(1, onKey: "5")
        #expect(phone.text == "5" && fingers.looksPressed("5"))
        fingers.cancel(1, at: fingers.point(ofKey: "5"))
        #expect(!fingers.looksPressed("5"))
        // The phone pad's 0 acts on release or long press: a cancel before either types nothing.
        fingers.begin(2, onKey: "0")
        fingers.cancel(2, at: fingers.point(ofKey: "0"))
        fingers.end(2, onKey: "0")
        session.wait(seconds: 0.7)
        session.settle()
        #expect(phone.text == "5" && session.window.host.widgetText(of: phone) == "5")
        #expect(session.window.host.alternativesShown(in: fingers.keypad) == nil)
        session.close()
    }

    @Test("a touch in the gap between two keys types the nearer one; a touch on a disabled key types nothing")
    func touchInGap() {
        let (session, amount, fingers) = touchSession(.decimalPad)
        guard let five = fingers.rect(ofKey: "5"), let eight = fingers.rect(ofKey: "8"),
            let six = fingers.rect(ofKey: "6")
        else {
            Issue.record("no 5, 6 or 8 key on screen")
            return
        }
        // 5 is above 8 (a 6 px gap): 1 px below 5's bottom edge is nearer 5, 1 px above 8's top nearer 8.
        #expect(eight.minY - five.maxY == 6)
        fingers.begin(1, at: CGPoint(x: five.midX, y: five.maxY + 1))
        fingers.end(1, at: CGPoint(x: five.midX, y: five.maxY + 1))
        fingers.begin(2, at: CGPoint(x: eight.midX, y: eight.minY - 2))
        fingers.end(2, at: CGPoint(x: eight.midX, y: eight.minY - 2))
        // Between 5 and 6, 2 px left of 6.
        fingers.begin(3, at: CGPoint(x: six.minX - 2, y: six.midY))
        fingers.end(3, at: CGPoint(x: six.minX - 2, y: six.midY))
        fingers.begin(4, onKey: "Decimal separator")
        fingers.end(4, onKey: "Decimal separator")
        // A second separator is disabled: a touch on it does nothing, not even its neighbour's digit.
        fingers.begin(5, onKey: "Decimal separator")
        fingers.end(5, onKey: "Decimal separator")
        session.settle()
        let typed = "586" + fingers.keypad.decimalSeparator
        #expect(amount.text == typed && session.window.host.widgetText(of: amount) == typed)
        session.close()
    }

    @Test("pointer events a touchscreen makes of a finger type nothing more: each finger types once")
    func touchscreenPointerEventsIgnored() {
        let (session, amount, fingers) = touchSession()
        let point = fingers.point(ofKey: "4")
        // The first finger: GTK gets the touch (marked as the one it emulates the pointer
        // with) and a driver's pointer press from the same touchscreen.
        fingers.begin(1, at: point, emulatingPointer: true)
        fingers.touchscreenButton(KEYPAD_TEST_BUTTON_PRESS, at: point)
        fingers.touchscreenButton(KEYPAD_TEST_BUTTON_RELEASE, at: point)
        fingers.end(1, at: point)
        session.settle()
        #expect(amount.text == "4")
        // The mouse still types.
        session.clickKey("2", of: fingers.keypad)
        #expect(amount.text == "42" && session.window.host.widgetText(of: amount) == "42")
        session.close()
    }

    @Test("a long touch on the phone pad's 0 gives +; a touch held on Delete repeats until it lifts")
    func longPressAndRepeatByTouch() {
        let (session, phone, fingers) = touchSession(.phonePad)
        fingers.begin(1, onKey: "0")
        #expect(phone.text.isEmpty && fingers.looksPressed("0"))
        session.wait(seconds: 0.7)
        #expect(phone.text == "+")
        fingers.end(1, onKey: "0")
        #expect(phone.text == "+" && !fingers.looksPressed("0"))
        for digit in ["1", "2", "3", "4", "5", "6", "7", "8", "9"] {
            fingers.begin(2, onKey: digit)
            fingers.end(2, onKey: digit)
        }
        #expect(phone.text == "+123456789")
        // Delete acts on the press, repeats after 500 ms, then every 100 ms.
        fingers.begin(3, onKey: "Delete")
        #expect(phone.text == "+12345678")
        session.wait(seconds: 0.75)
        fingers.end(3, onKey: "Delete")
        let left = phone.text.count
        #expect((4...7).contains(left), "\(phone.text)")
        session.wait(seconds: 0.3)
        session.settle()
        #expect(phone.text.count == left && session.window.host.widgetText(of: phone) == phone.text)
        session.close()
    }

    @Test("a second finger turns the page while the first holds a key: the keys are rebuilt, both lift cleanly")
    func pageTurnUnderFingers() {
        let (session, name, fingers) = touchSession(.default)
        let q = fingers.point(ofKey: "q")
        fingers.begin(1, at: q)
        fingers.begin(2, onKey: "Numbers and symbols")
        #expect(name.text == "q")
        // The 1 key is on the page just shown; the first finger still rests where q was.
        fingers.begin(3, onKey: "1")
        fingers.end(3, onKey: "1")
        fingers.end(1, at: q)
        fingers.end(2, at: q)
        session.settle()
        #expect(name.text == "q1" && session.window.host.widgetText(of: name) == "q1")
        #expect(!fingers.keypad.rows.joined().contains { fingers.looksPressed($0.accessibleName) })
        session.close()
    }

    @Test("a finger that slides off its key and lifts on another types only the first, as a dragged pointer")
    func slideOffKey() {
        let (session, amount, fingers) = touchSession()
        fingers.begin(1, onKey: "5")
        fingers.move(1, to: fingers.point(ofKey: "5", dy: 30))
        fingers.move(1, to: fingers.point(ofKey: "9"))
        #expect(fingers.looksPressed("5") && !fingers.looksPressed("9"))
        fingers.end(1, onKey: "9")
        session.settle()
        #expect(amount.text == "5" && !fingers.looksPressed("5"))
        session.close()
    }
}
