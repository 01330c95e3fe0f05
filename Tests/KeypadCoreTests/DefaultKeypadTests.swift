import Foundation
import KeypadCore
import Testing

/// A layout of the app's own that serves `asciiCapable`, which the bundled `default` layout lists too.
private let asciiOverride = #"""
    {"id": "asciiOwn", "keyboardTypes": ["asciiCapable"],
     "pages": [{"id": "p", "rows": [[{"id": "a", "insert": "a"}, {"id": "return", "action": "return"}]]}]}
    """#

@MainActor
@Suite("A scope's default keypads serve only the inputs the scope gives them")
struct DefaultKeypadTests {
    @Test("two scopes on one notification center: each default number pad binds only to its own scope's field")
    func scopesShareACenter() {
        let center = NotificationCenter()
        let windowA = ResponderScope(notificationCenter: center)
        let windowB = ResponderScope(notificationCenter: center)
        let fieldA = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        let fieldB = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        windowA.add(fieldA)
        windowB.add(fieldB)
        fieldA.becomeFirstResponder()
        let keypadA = windowA.defaultKeypad(for: .numberPad)
        #expect(keypadA.boundInput === fieldA)

        fieldB.becomeFirstResponder()
        let keypadB = windowB.defaultKeypad(for: .numberPad)
        #expect(keypadA !== keypadB)
        #expect(keypadA.boundInput === fieldA && keypadB.boundInput === fieldB)
        #expect(!keypadA.serves(fieldB) && !keypadB.serves(fieldA))
        keypadA.tap("1")
        keypadB.tap("2")
        #expect(fieldA.text == "1" && fieldB.text == "2")

        fieldA.resignFirstResponder()
        fieldB.resignFirstResponder()
        fieldB.becomeFirstResponder()
        #expect(keypadA.boundInput == nil && keypadB.boundInput === fieldB)
    }

    @Test("default keypads take the scope's defaultKeypadLocale: those made before it is set, and those made after")
    func defaultKeypadLocale() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let numberPad = scope.defaultKeypad(for: .numberPad)
        scope.defaultKeypadLocale = Locale(identifier: "de_DE")
        let decimalPad = scope.defaultKeypad(for: .decimalPad)
        #expect(numberPad.locale.identifier == "de_DE" && decimalPad.locale.identifier == "de_DE")
        #expect(decimalPad.key(id: "decimalSeparator")?.label == ",")
        scope.defaultKeypadLocale = nil
        #expect(numberPad.locale.identifier == "de_DE", "nil leaves the keypads' locales as they are")
    }

    @Test("a field with no inputView gets the scope's defaultInputView, and the default keypad does not bind to it")
    func providerWins() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let shared = scope.defaultKeypad(for: .numberPad)
        let own = Keypad(layout: try #require(bundledLayout("phonePad")), notificationCenter: scope.notificationCenter)
        scope.defaultInputView = { _ in own }
        let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(field)
        field.becomeFirstResponder()
        #expect(scope.keyboard.inputView === own && shared.boundInput == nil)
        #expect(!shared.serves(field))
    }

    @Test(
        "an override layout serving asciiCapable: only its keypad binds, whichever keypad was made first",
        arguments: [true, false])
    func overrideClaimsItsType(defaultFirst: Bool) throws {
        let folder = try layoutDirectory(with: ["asciiOwn.json": asciiOverride])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.layoutCatalog = LayoutCatalog(overrideDirectory: folder)
        let plain = TextField(traits: TextInputTraits(keyboardType: .default))
        let ascii = TextField(traits: TextInputTraits(keyboardType: .asciiCapable))
        scope.add(plain)
        scope.add(ascii)
        for field in defaultFirst ? [plain, ascii] : [ascii, plain] { field.becomeFirstResponder() }
        ascii.becomeFirstResponder()

        let letters = scope.defaultKeypad(for: .default)
        let own = scope.defaultKeypad(for: .asciiCapable)
        #expect(letters.layout.id == "default" && own.layout.id == "asciiOwn")
        #expect(letters.defaultKeyboardTypes == [.default, .alphabet])
        #expect(own.defaultKeyboardTypes == [.asciiCapable])
        #expect(own.boundInput === ascii && letters.boundInput == nil)
        own.tap("a")
        #expect(ascii.text == "a" && plain.text.isEmpty)
    }

    @Test("a type the catalog moves to another layout leaves the keypad that served it before")
    func catalogChange() throws {
        let folder = try layoutDirectory(with: ["asciiOwn.json": asciiOverride])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let letters = scope.defaultKeypad(for: .asciiCapable)
        #expect(letters.defaultKeyboardTypes == [.default, .asciiCapable, .alphabet])
        scope.layoutCatalog = LayoutCatalog(overrideDirectory: folder)
        let own = scope.defaultKeypad(for: .asciiCapable)
        #expect(own !== letters)
        #expect(letters.defaultKeyboardTypes == [.default, .alphabet] && own.defaultKeyboardTypes == [.asciiCapable])
    }
}
