import Foundation
import KeypadCore
import Testing

/// Fingers overlap when typing fast: every finger's key types, in the order the fingers
/// came down, and each finger keeps its own key, timers and release.
@MainActor
@Suite("Overlapping presses: several fingers down at once")
struct OverlappingPressTests {
    private let first = KeyTouch(1)
    private let second = KeyTouch(2)
    private let third = KeyTouch(3)

    /// A scope with one editing field of `type` and its default keypad.
    private func editing(_ type: KeyboardType, text: String = "") -> (ResponderScope, TextField, Keypad) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let field = TextField(text: text, traits: TextInputTraits(keyboardType: type))
        scope.add(field)
        field.becomeFirstResponder()
        return (scope, field, scope.defaultKeypad(for: type))
    }

    private func id(_ name: String, in keypad: Keypad, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        try #require(keypad.key(named: name), sourceLocation: sourceLocation).id
    }

    @Test("two fingers down at once each type their key on press; the first to lift lets go of its own key only")
    func twoFingers() throws {
        let (scope, field, keypad) = editing(.numberPad)
        let five = try id("5", in: keypad)
        let eight = try id("8", in: keypad)
        keypad.pressKey(five, at: .zero, touch: first)
        keypad.pressKey(eight, at: .milliseconds(30), touch: second)
        #expect(field.text == "58" && keypad.heldKeyIDs == [five, eight])
        keypad.releaseKey(five, at: .milliseconds(60), touch: first)
        #expect(keypad.heldKeyIDs == [eight])
        // A release from a finger that holds another key does nothing.
        keypad.releaseKey(eight, at: .milliseconds(70), touch: first)
        #expect(keypad.heldKeyIDs == [eight])
        keypad.releaseKey(eight, at: .milliseconds(90), touch: second)
        #expect(field.text == "58" && keypad.heldKeyIDs.isEmpty && keypad.nextDeadline == nil)
        withExtendedLifetime(scope) {}
    }

    @Test("three fingers, and two fingers on one key, each type once in the order they came down")
    func threeFingers() throws {
        let (scope, field, keypad) = editing(.numberPad)
        let one = try id("1", in: keypad)
        let two = try id("2", in: keypad)
        keypad.pressKey(one, at: .zero, touch: first)
        keypad.pressKey(two, at: .milliseconds(10), touch: second)
        keypad.pressKey(one, at: .milliseconds(20), touch: third)
        #expect(field.text == "121" && keypad.heldKeyIDs == [one, two, one])
        keypad.releaseKey(one, at: .milliseconds(30), touch: first)
        #expect(keypad.heldKeyIDs == [two, one])
        keypad.releaseKey(one, at: .milliseconds(40), touch: third)
        keypad.releaseKey(two, at: .milliseconds(50), touch: second)
        #expect(field.text == "121" && keypad.heldKeyIDs.isEmpty)
        withExtendedLifetime(scope) {}
    }

    @Test("a key waiting for its long press types at once when another finger comes down, so the order holds")
    func longPressKeySettles() throws {
        let (scope, field, keypad) = editing(.phonePad)
        let zero = try #require(keypad.rows.joined().first { $0.action == .insert("0") }).id
        let five = try id("5", in: keypad)
        keypad.pressKey(zero, at: .zero, touch: first)
        #expect(field.text.isEmpty && keypad.nextDeadline == .milliseconds(500))
        keypad.pressKey(five, at: .milliseconds(100), touch: second)
        #expect(field.text == "05" && keypad.nextDeadline == nil)
        // The long press no longer comes, and lifting the first finger types nothing more.
        keypad.advance(to: .seconds(2))
        keypad.releaseKey(zero, at: .seconds(2), touch: first)
        keypad.releaseKey(five, at: .seconds(2), touch: second)
        #expect(field.text == "05")
        withExtendedLifetime(scope) {}
    }

    @Test(
        "each finger keeps its own timer: a long-press key pressed while another key is held still offers its alternative"
    )
    func ownTimers() throws {
        let (scope, field, keypad) = editing(.phonePad)
        let zero = try #require(keypad.rows.joined().first { $0.action == .insert("0") }).id
        let five = try id("5", in: keypad)
        keypad.pressKey(five, at: .zero, touch: first)
        keypad.pressKey(zero, at: .milliseconds(100), touch: second)
        #expect(field.text == "5" && keypad.nextDeadline == .milliseconds(600))
        keypad.advance(to: .milliseconds(600))
        #expect(field.text == "5+")
        keypad.releaseKey(five, at: .milliseconds(700), touch: first)
        keypad.releaseKey(zero, at: .milliseconds(800), touch: second)
        #expect(field.text == "5+" && keypad.heldKeyIDs.isEmpty)
        withExtendedLifetime(scope) {}
    }

    @Test("a held backspace repeats on its own timer while another finger rests, and stops when a new key comes down")
    func repeatStops() throws {
        let (scope, field, keypad) = editing(.numberPad, text: "123456")
        let delete = try id("Delete", in: keypad)
        let seven = try id("7", in: keypad)
        keypad.pressKey(seven, at: .zero, touch: first)
        keypad.pressKey(delete, at: .milliseconds(10), touch: second)
        #expect(field.text == "123456")
        #expect(keypad.nextDeadline == .milliseconds(510))
        keypad.advance(to: .milliseconds(510))
        keypad.advance(to: .milliseconds(610))
        #expect(field.text == "1234")
        keypad.pressKey(seven, at: .milliseconds(650), touch: third)
        #expect(field.text == "12347" && keypad.nextDeadline == nil)
        keypad.advance(to: .seconds(3))
        #expect(field.text == "12347")
        withExtendedLifetime(scope) {}
    }

    @Test("a cancelled finger lets its key go without typing; the other fingers keep theirs")
    func cancelledTouch() throws {
        let (scope, field, keypad) = editing(.phonePad)
        let zero = try #require(keypad.rows.joined().first { $0.action == .insert("0") }).id
        let five = try id("5", in: keypad)
        let delete = try id("Delete", in: keypad)
        keypad.pressKey(five, at: .zero, touch: first)
        keypad.pressKey(zero, at: .milliseconds(10), touch: second)
        keypad.cancelPress(touch: second)
        #expect(keypad.heldKeyIDs == [five] && keypad.nextDeadline == nil)
        keypad.releaseKey(zero, at: .milliseconds(20), touch: second)
        #expect(field.text == "5")
        keypad.pressKey(delete, at: .milliseconds(30), touch: second)
        #expect(field.text.isEmpty)
        keypad.cancelPress(touch: second)
        keypad.advance(to: .seconds(2))
        keypad.releaseKey(five, at: .seconds(2), touch: first)
        #expect(field.text.isEmpty && keypad.heldKeyIDs.isEmpty)
        withExtendedLifetime(scope) {}
    }

    @Test("alternatives on offer close and type the one selected when another finger comes down; a cancel closes them")
    func alternativesSettle() throws {
        let layout = #"""
            {"id": "accents", "rowHeight": 50,
             "pages": [{"id": "p", "rows": [[{"id": "e", "insert": "e", "alternatives": ["é", "è", "ê"]},
                                             {"id": "x", "insert": "x"}]]}]}
            """#
        let form = KeypadForm(try KeypadLayout.decode(Data(layout.utf8), fileName: "accents.json"))
        let (keypad, field) = (form.keypad, form.field)
        keypad.pressKey("e", at: .zero, touch: first)
        keypad.advance(to: .seconds(1))
        #expect(keypad.alternativesPopup?.labels == ["é", "è", "ê"])
        keypad.selectAlternative(1)
        _ = form.takeChanges()
        keypad.pressKey("x", at: .seconds(2), touch: second)
        #expect(keypad.alternativesPopup == nil && field.text == "èx")
        #expect(form.takeChanges() == [.alternatives, .keyActivated("e"), .keyActivated("x")])
        keypad.releaseKey("e", at: .seconds(2), touch: first)
        #expect(field.text == "èx")
        keypad.pressKey("e", at: .seconds(3), touch: first)
        keypad.advance(to: .seconds(4))
        #expect(keypad.alternativesPopup != nil)
        keypad.cancelPress(touch: first)
        keypad.releaseKey("e", at: .seconds(5), touch: first)
        #expect(keypad.alternativesPopup == nil && field.text == "èx" && keypad.heldKeyIDs == ["x"])
    }
}
