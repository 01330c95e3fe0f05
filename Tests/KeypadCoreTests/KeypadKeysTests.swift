import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("Keypad keys: separators, return key, press timing, repeat, long press, scrambling")
struct KeypadKeysTests {
    /// A scope with one editing field of `type` and its default keypad.
    private func editing(
        _ type: KeyboardType, traits: (inout TextInputTraits) -> Void = { _ in }, locale: String = "en_US",
        text: String = ""
    ) -> (ResponderScope, TextField, Keypad) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        var fieldTraits = TextInputTraits(keyboardType: type)
        traits(&fieldTraits)
        let field = TextField(text: text, traits: fieldTraits)
        field.locale = Locale(identifier: locale)
        scope.add(field)
        field.becomeFirstResponder()
        return (scope, field, scope.defaultKeypad(for: type))
    }

    @Test(
        "the decimal key inserts the field's locale separator",
        arguments: [
            ("en_US", "1.5"), ("de_DE", "1,5"), ("fr_FR", "1,5"), ("zh_CN", "1.5"),
        ])
    func separator(locale: String, expected: String) {
        let (scope, field, keypad) = editing(.decimalPad, locale: locale)
        keypad.tap("1")
        keypad.tap("Decimal separator")
        keypad.tap("5")
        #expect(field.text == expected)
        #expect(keypad.key(named: "Decimal separator")?.label == String(expected.dropFirst().prefix(1)))
        withExtendedLifetime(scope) {}
    }

    @Test("a second separator is refused: the key is disabled and a press changes nothing")
    func secondSeparator() {
        let (scope, field, keypad) = editing(.decimalPad)
        var rejected: [String] = []
        keypad.addObserver { if case .keyRejected(let id) = $0 { rejected.append(id) } }
        keypad.tap("1")
        keypad.tap("Decimal separator")
        #expect(keypad.key(named: "Decimal separator")?.isEnabled == false)
        keypad.tap("Decimal separator")
        #expect(field.text == "1." && rejected.count == 1)
        field.selectedRange = NSRange(location: 1, length: 1)
        #expect(keypad.key(named: "Decimal separator")?.isEnabled == true)
        withExtendedLifetime(scope) {}
    }

    @Test(
        "the return key shows the localized title of the field's return key type",
        arguments: [
            (ReturnKeyType.done, "en", "Done"), (.done, "zh-Hans", "完成"), (.next, "zh-Hans", "下一步"),
            (.go, "zh-Hans", "前往"), (.search, "zh-Hans", "搜索"), (.send, "zh-Hans", "发送"), (.next, "en", "Next"),
        ])
    func returnTitle(type: ReturnKeyType, language: String, title: String) {
        let (scope, _, keypad) = editing(.numberPad, traits: { $0.returnKeyType = type })
        keypad.locale = Locale(identifier: language)
        #expect(keypad.returnKeyTitle == title)
        #expect(
            keypad.rows.joined().contains { $0.action == .return && $0.label == title && $0.accessibleName == title })
        withExtendedLifetime(scope) {}
    }

    @Test("with enablesReturnKeyAutomatically the return key is disabled while the field is empty")
    func returnEnablement() {
        let (scope, field, keypad) = editing(
            .numberPad,
            traits: {
                $0.enablesReturnKeyAutomatically = true
                $0.returnKeyType = .done
            })
        #expect(!keypad.isReturnKeyEnabled)
        keypad.tap("Done")
        #expect(field.isEditing)
        keypad.tap("8")
        #expect(keypad.isReturnKeyEnabled && keypad.key(named: "Done")?.isEnabled == true)
        keypad.tap("Done")
        #expect(!field.isEditing)
        withExtendedLifetime(scope) {}
    }

    @Test("pressing return asks shouldReturn, sends editingDidEndOnExit, and .next moves on")
    func returnNext() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let recorder = EventRecorder(scope: scope)
        let a = TextField(placeholder: "A", traits: TextInputTraits(keyboardType: .numberPad, returnKeyType: .next))
        let b = TextField(placeholder: "B", traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(a)
        scope.add(b)
        recorder.record(a)
        recorder.record(b)
        a.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .numberPad)
        _ = recorder.takeLines()
        keypad.tap("Next")
        #expect(b.isFirstResponder && keypad.boundInput === b)
        #expect(
            Array(recorder.takeLines().prefix(3)) == [
                "A shouldReturn -> true", "A editingDidEndOnExit", "B shouldBeginEditing -> true",
            ])
    }

    @Test("digits act on press, before the release")
    func actsOnPress() {
        let (scope, field, keypad) = editing(.numberPad)
        keypad.press("7", at: .zero)
        #expect(field.text == "7")
        keypad.release("7", at: .milliseconds(80))
        #expect(field.text == "7")
        withExtendedLifetime(scope) {}
    }

    @Test("the phone pad's 0 acts on release when tapped, and gives + on a long press")
    func longPress() throws {
        let (scope, field, keypad) = editing(.phonePad)
        let zero = try #require(keypad.rows.joined().first { $0.action == .insert("0") })
        #expect(zero.alternatives == [.insert("+")] && !zero.actsOnPress)
        keypad.pressKey(zero.id, at: .zero)
        #expect(field.text.isEmpty && keypad.nextDeadline == .milliseconds(500))
        keypad.releaseKey(zero.id, at: .milliseconds(120))
        #expect(field.text == "0" && keypad.nextDeadline == nil)
        keypad.pressKey(zero.id, at: .seconds(1))
        keypad.advance(to: .milliseconds(1499))
        #expect(field.text == "0")
        keypad.advance(to: .milliseconds(1500))
        #expect(field.text == "0+")
        keypad.releaseKey(zero.id, at: .milliseconds(1700))
        #expect(field.text == "0+")
        keypad.tap("*")
        keypad.tap("#")
        #expect(field.text == "0+*#")
        withExtendedLifetime(scope) {}
    }

    @Test("backspace deletes on press, repeats after the delay at the interval, and stops on release")
    func backspaceRepeat() {
        let (scope, field, keypad) = editing(.numberPad, text: "123456")
        keypad.press("Delete", at: .zero)
        #expect(field.text == "12345")
        keypad.advance(to: .milliseconds(499))
        #expect(field.text == "12345" && keypad.nextDeadline == .milliseconds(500))
        keypad.advance(to: .milliseconds(500))
        #expect(field.text == "1234" && keypad.nextDeadline == .milliseconds(600))
        keypad.advance(to: .milliseconds(600))
        #expect(field.text == "123")
        keypad.advance(to: .milliseconds(2000))
        #expect(field.text == "12" && keypad.nextDeadline == .milliseconds(2100))
        keypad.release("Delete", at: .milliseconds(2050))
        #expect(keypad.nextDeadline == nil)
        keypad.advance(to: .seconds(5))
        #expect(field.text == "12")
        withExtendedLifetime(scope) {}
    }

    @Test(
        "a secure field gets scrambled digits: a permutation of 0–9, new on each bind, alternatives kept with their digit",
        arguments: [("numberPad", [String]()), ("phonePad", ["+"])])
    func scrambled(layoutID: String, zeroAlternatives: [String]) throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let keypad = Keypad(
            layout: try #require(bundledLayout(layoutID)), notificationCenter: scope.notificationCenter,
            random: SeededGenerator(seed: 7))
        keypad.scramblesDigitsForSecureInput = true
        let pin = TextField(traits: TextInputTraits(keyboardType: .numberPad, isSecureTextEntry: true))
        let other = TextField()
        pin.inputView = keypad
        scope.add(pin)
        scope.add(other)
        let digits = (0...9).map(String.init)
        var orders: [[String]] = []
        for _ in 0..<4 {
            pin.becomeFirstResponder()
            let keys = keypad.rows.joined().filter { $0.role == .digit }
            orders.append(keys.map(\.label))
            #expect(keys.map(\.label).sorted() == digits)
            #expect(keys.map(\.action).sorted { "\($0)" < "\($1)" } == digits.map { KeyAction.insert($0) })
            #expect(keys.allSatisfy { $0.accessibleName == $0.label && $0.action == .insert($0.label) })
            for key in keys {
                #expect(key.alternatives == (key.label == "0" ? zeroAlternatives.map { KeyAction.insert($0) } : []))
            }
            other.becomeFirstResponder()
        }
        #expect(Set(orders).count == 4)
        pin.becomeFirstResponder()
        #expect(!keypad.showsKeyPreview)
        for key in keypad.rows.joined().filter({ $0.role == .digit }) { keypad.tapKey(key.id) }
        #expect(pin.text == keypad.digitLabels.joined())
    }

    @Test("on a scrambled phone pad the key showing 0 still gives + on a long press")
    func scrambledLongPress() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let keypad = Keypad(
            layout: try #require(bundledLayout("phonePad")), notificationCenter: scope.notificationCenter,
            random: SeededGenerator(seed: 3))
        keypad.scramblesDigitsForSecureInput = true
        let pin = TextField(traits: TextInputTraits(keyboardType: .phonePad, isSecureTextEntry: true))
        pin.inputView = keypad
        scope.add(pin)
        pin.becomeFirstResponder()
        let zero = try #require(keypad.key(named: "0"))
        #expect(zero.id != "0" && !zero.actsOnPress)
        keypad.pressKey(zero.id, at: .zero)
        keypad.advance(to: .seconds(1))
        keypad.releaseKey(zero.id, at: .seconds(1))
        #expect(pin.text == "+")
    }

    @Test("a plain field's digits are never scrambled")
    func notScrambled() throws {
        let (scope, _, keypad) = editing(.numberPad)
        keypad.scramblesDigitsForSecureInput = true
        #expect(keypad.digitLabels.sorted() == (0...9).map(String.init))
        #expect(keypad.showsKeyPreview)
        let layoutDigits = try #require(bundledLayout("numberPad")).initialPage.rows.joined()
            .filter { $0.role == .digit }.map(\.label)
        #expect(keypad.digitLabels == layoutDigits)
        withExtendedLifetime(scope) {}
    }

    @Test("keys of an unbound keypad are disabled and do nothing")
    func unbound() throws {
        let keypad = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: NotificationCenter())
        #expect(keypad.rows.joined().allSatisfy { !$0.isEnabled })
        keypad.tap("1")
        #expect(keypad.boundInput == nil)
    }
}
