import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("A keypad binds by notifications, only to the inputs it serves")
struct KeypadBindingTests {
    @Test("two fields with their own keypads: each keypad binds only to its own field")
    func ownKeypads() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let numbers = try #require(bundledLayout("numberPad"))
        let decimals = try #require(bundledLayout("decimalPad"))
        let pinPad = Keypad(layout: numbers, notificationCenter: scope.notificationCenter)
        let amountPad = Keypad(layout: decimals, notificationCenter: scope.notificationCenter)
        let pin = TextField()
        let amount = TextField()
        pin.inputView = pinPad
        amount.inputView = amountPad
        scope.add(pin)
        scope.add(amount)

        pin.becomeFirstResponder()
        #expect(pinPad.boundInput === pin && amountPad.boundInput == nil)
        amount.becomeFirstResponder()
        #expect(pinPad.boundInput == nil && amountPad.boundInput === amount)
        pinPad.tap("7")
        amountPad.tap("1")
        #expect(pin.text.isEmpty && amount.text == "1")
        amount.resignFirstResponder()
        #expect(pinPad.boundInput == nil && amountPad.boundInput == nil)
    }

    @Test("the default keypad binds to a field of its type with no inputView, never to one with its own keypad")
    func defaultKeypad() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let plain = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        let custom = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        let own = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: scope.notificationCenter)
        custom.inputView = own
        scope.add(plain)
        scope.add(custom)
        plain.becomeFirstResponder()
        let shared = scope.defaultKeypad(for: .numberPad)
        #expect(shared.boundInput === plain && own.boundInput == nil)
        #expect(scope.keyboard.inputView === shared)
        custom.becomeFirstResponder()
        #expect(shared.boundInput == nil && own.boundInput === custom)
    }

    @Test("a keypad unbinds only when its own field ends editing, not when another does")
    func unbindsOnlyForItsField() throws {
        let center = NotificationCenter()
        let windowA = ResponderScope(notificationCenter: center)
        let windowB = ResponderScope(notificationCenter: center)
        let keypad = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: center)
        let mine = TextField()
        mine.inputView = keypad
        windowA.add(mine)
        let other = TextField()
        windowB.add(other)
        mine.becomeFirstResponder()
        other.becomeFirstResponder()
        other.resignFirstResponder()
        #expect(keypad.boundInput === mine)
        keypad.tap("4")
        #expect(mine.text == "4" && other.text.isEmpty)
    }

    @Test("keys go through shouldChangeCharacters: a refused key changes nothing")
    func keysAskTheDelegate() throws {
        let session = Session()
        let delegate = ScriptedFieldDelegate()
        delegate.shouldChange = { _, string in string != "5" }
        let field = session.field(
            "F", keypadHeight: nil, delegate: delegate, traits: TextInputTraits(keyboardType: .numberPad))
        field.becomeFirstResponder()
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        _ = session.recorder.takeLines()
        keypad.tap("1")
        keypad.tap("5")
        keypad.tap("Delete")
        #expect(field.text.isEmpty)
        #expect(
            session.recorder.takeLines() == [
                "F shouldChangeCharacters {0,0} \"1\" -> true", "F editingChanged \"1\"", "F textDidChange",
                "F shouldChangeCharacters {1,0} \"5\" -> false",
                "F shouldChangeCharacters {0,1} \"\" -> true", "F editingChanged \"\"", "F textDidChange",
            ])
    }

    @Test("a keypad assigned while its field is editing binds at once and the old one lets go")
    func replay() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(field)
        field.becomeFirstResponder()
        let shared = scope.defaultKeypad(for: .numberPad)
        #expect(shared.boundInput === field)
        let own = Keypad(layout: try #require(bundledLayout("phonePad")), notificationCenter: scope.notificationCenter)
        field.inputView = own
        #expect(own.boundInput === field && shared.boundInput == nil)
        #expect(scope.keyboard.inputView === own)
    }

    @Test("binding and unbinding are observable")
    func observable() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let keypad = Keypad(
            layout: try #require(bundledLayout("numberPad")), notificationCenter: scope.notificationCenter)
        var changes: [Keypad.Change] = []
        keypad.addObserver { changes.append($0) }
        let field = TextField()
        field.inputView = keypad
        scope.add(field)
        field.becomeFirstResponder()
        keypad.tap("3")
        field.resignFirstResponder()
        #expect(changes.first == .binding && changes.last == .binding)
        #expect(changes.contains(.keyActivated(keypad.key(named: "3")?.id ?? "?")))
    }

    @Test("a third-party input class binds once registered, and not after unregistering")
    func thirdParty() throws {
        let center = NotificationCenter()
        let keypad = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: center)
        let input = CustomInput(center: center)
        input.inputView = keypad
        input.beginEditing()
        #expect(keypad.boundInput == nil)
        keypad.register(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        input.beginEditing()
        #expect(keypad.boundInput === input)
        keypad.tap("9")
        #expect(input.text == "9")
        input.endEditing()
        #expect(keypad.boundInput == nil)
        keypad.unregister(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        input.beginEditing()
        #expect(keypad.boundInput == nil)
    }

    @Test("unregistering another input class leaves the bound field bound")
    func unregisterOtherClass() throws {
        let form = try KeypadForm("numberPad")
        let (keypad, field) = (form.keypad, form.field)
        keypad.register(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        keypad.unregister(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        #expect(keypad.boundInput === field)
        keypad.tap("4")
        #expect(field.text == "4")
        keypad.unregister(
            didBeginEditing: TextField.textDidBeginEditingNotification,
            didEndEditing: TextField.textDidEndEditingNotification)
        #expect(keypad.boundInput == nil)
    }

    @Test("unregistering the bound input's own class unbinds it")
    func unregisterOwnClass() throws {
        let center = NotificationCenter()
        let keypad = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: center)
        let input = CustomInput(center: center)
        input.inputView = keypad
        keypad.register(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        input.beginEditing()
        #expect(keypad.boundInput === input)
        keypad.unregister(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        #expect(keypad.boundInput == nil)
    }

    @Test(
        "two registrations sharing a name keep their own observers: removing one leaves the other, removing both leaves none"
    )
    func sharedNames() throws {
        let center = NotificationCenter()
        let otherEnd = Notification.Name("CustomInputOtherEnd")
        let keypad = Keypad(layout: try #require(bundledLayout("numberPad")), notificationCenter: center)
        let input = CustomInput(center: center)
        input.inputView = keypad
        keypad.register(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        keypad.register(didBeginEditing: CustomInput.didBegin, didEndEditing: otherEnd)
        var bindings = 0
        keypad.addObserver { if $0 == .binding { bindings += 1 } }

        keypad.unregister(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        input.beginEditing()
        #expect(keypad.boundInput === input && bindings == 1)
        center.post(name: otherEnd, object: input)
        #expect(keypad.boundInput == nil && bindings == 2)

        keypad.unregister(didBeginEditing: CustomInput.didBegin, didEndEditing: otherEnd)
        input.beginEditing()
        #expect(keypad.boundInput == nil && bindings == 2)
    }

    @Test("a scope registers an input class with its default keypads, made before and after, and unregisters it")
    func scopeRegistration() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let numbers = scope.defaultKeypad(for: .numberPad)
        scope.registerTextInput(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        scope.registerTextInput(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        let decimals = scope.defaultKeypad(for: .decimalPad)
        let input = CustomInput(center: scope.notificationCenter)
        input.beginEditing()
        #expect(numbers.boundInput === input && decimals.boundInput == nil)
        input.endEditing()
        input.textInputTraits.keyboardType = .decimalPad
        input.beginEditing()
        #expect(numbers.boundInput == nil && decimals.boundInput === input)
        input.endEditing()

        let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(field)
        field.becomeFirstResponder()
        scope.unregisterTextInput(didBeginEditing: CustomInput.didBegin, didEndEditing: CustomInput.didEnd)
        #expect(numbers.boundInput === field)
        field.resignFirstResponder()
        input.textInputTraits.keyboardType = .numberPad
        input.beginEditing()
        #expect(numbers.boundInput == nil && decimals.boundInput == nil)
    }
}

/// A third-party input: its own class and its own notification names.
@MainActor
private final class CustomInput: TextInput {
    static let didBegin = Notification.Name("CustomInputDidBegin")
    static let didEnd = Notification.Name("CustomInputDidEnd")
    let center: NotificationCenter
    var inputView: (any InputView)?
    var inputAccessoryView: (any InputAccessoryView)?
    var textInputTraits = TextInputTraits(keyboardType: .numberPad)
    var locale = Locale(identifier: "en_US")
    var text = ""
    var selectedRange: NSRange { NSRange(location: text.utf16.count, length: 0) }
    var hasText: Bool { !text.isEmpty }

    init(center: NotificationCenter) { self.center = center }
    func beginEditing() { center.post(name: Self.didBegin, object: self) }
    func endEditing() { center.post(name: Self.didEnd, object: self) }
    func insertText(_ text: String) { self.text += text }
    func deleteBackward() { if !text.isEmpty { text.removeLast() } }
    func performReturn() {}
    func resignFirstResponder() -> Bool {
        endEditing()
        return true
    }
}
