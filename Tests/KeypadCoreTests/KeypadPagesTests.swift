import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// A layout whose "e" offers three accented alternatives on a long press.
private let accents = #"""
    {"id": "accents", "rowHeight": 50,
     "pages": [{"id": "p", "rows": [[{"id": "e", "insert": "e", "alternatives": ["é", "è", "ê"]},
                                     {"id": "x", "insert": "x"}]]}]}
    """#

/// The app's number pad, with a key that switches to its own symbols layout.
private let ownPad = #"""
    {"id": "ownPad", "keyboardTypes": ["numberPad"], "rowHeight": 50,
     "pages": [{"id": "p", "rows": [[{"id": "1", "insert": "1"}, {"id": "sym", "switchLayout": "ownSymbols", "label": "#+="}],
                                    [{"id": "bad", "switchLayout": "noSuchLayout", "label": "?"}]]}]}
    """#

/// A layout that exists only in the app's override directory.
private let ownSymbols = #"""
    {"id": "ownSymbols", "rowHeight": 50,
     "pages": [{"id": "p", "rows": [[{"id": "star", "insert": "*"}], [{"id": "hash", "insert": "#"}],
                                    [{"id": "back", "switchLayout": "ownPad", "label": "123"}]]}]}
    """#

@MainActor
@Suite("Pages, layouts and long-press alternatives")
struct KeypadPagesTests {
    @Test("a key with several alternatives offers them after the delay; the one selected acts on release")
    func severalAlternatives() throws {
        let form = KeypadForm(try KeypadLayout.decode(Data(accents.utf8), fileName: "accents.json"))
        let (keypad, field) = (form.keypad, form.field)

        keypad.pressKey("e", at: .zero)
        keypad.advance(to: .milliseconds(499))
        #expect(keypad.alternativesPopup == nil && form.takeChanges().isEmpty)
        keypad.advance(to: .milliseconds(500))
        let popup = try #require(keypad.alternativesPopup)
        #expect(popup.keyID == "e" && popup.labels == ["é", "è", "ê"] && popup.selectedIndex == 0)
        #expect(keypad.nextDeadline == nil && field.text.isEmpty)
        keypad.selectAlternative(2)
        keypad.selectAlternative(2)
        keypad.selectAlternative(3)
        keypad.selectAlternative(-1)
        #expect(keypad.alternativesPopup?.selectedIndex == 2)
        keypad.releaseKey("e", at: .milliseconds(900))
        #expect(field.text == "ê" && keypad.alternativesPopup == nil)
        #expect(form.takeChanges() == [.alternatives, .alternatives, .alternatives, .keyActivated("e")])

        keypad.pressKey("e", at: .seconds(2))
        keypad.advance(to: .seconds(3))
        keypad.selectAlternative(1)
        keypad.cancelPress()
        keypad.releaseKey("e", at: .seconds(3))
        #expect(field.text == "ê" && keypad.alternativesPopup == nil)
        #expect(form.takeChanges() == [.alternatives, .alternatives, .alternatives])

        keypad.tap("e", at: .seconds(4))
        #expect(field.text == "êe")
    }

    @Test("page keys switch pages; a page with more rows raises the keypad's height and frame, and back")
    func pagesByKey() throws {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let recorder = EventRecorder(scope: scope)
        let field = TextField(traits: TextInputTraits(keyboardType: .namePhonePad))
        field.accessibilityLabel = "Name"
        scope.add(field)
        field.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .namePhonePad)
        var changes: [Keypad.Change] = []
        keypad.addObserver { changes.append($0) }
        _ = recorder.takeLines()
        #expect(keypad.currentPageID == "letters" && keypad.preferredHeight == 4 * 54)

        keypad.tap("Phone digits")
        #expect(keypad.currentPageID == "phone" && keypad.rows.count == 5 && keypad.preferredHeight == 5 * 54)
        #expect(scope.keyboard.frame == CGRect(x: 0, y: 768 - 270, width: 1024, height: 270))
        #expect(changes == [.keyActivated("phone"), .keys])
        #expect(recorder.takeLines() == Session.show(from: "(0,552,1024,216)", to: "(0,498,1024,270)"))
        keypad.tap("1")
        #expect(field.text == "1" && recorder.takeLines() == ["Name textDidChange"])

        changes.removeAll()
        keypad.tap("Letters")
        #expect(keypad.currentPageID == "letters" && keypad.preferredHeight == 216)
        #expect(changes == [.keyActivated("letters"), .keys])
        #expect(recorder.takeLines() == Session.show(from: "(0,498,1024,270)", to: "(0,552,1024,216)"))
        keypad.tap("Shift")
        #expect(keypad.currentPageID == "shifted" && keypad.preferredHeight == 216)
        #expect(recorder.takeLines().isEmpty)
    }

    @Test("a page left switched comes back to the first page, and its height, for the next field")
    func pageResetsForNextField() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let first = TextField(traits: TextInputTraits(keyboardType: .namePhonePad))
        let second = TextField(traits: TextInputTraits(keyboardType: .namePhonePad))
        scope.add(first)
        scope.add(second)
        first.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .namePhonePad)
        keypad.tap("Phone digits")
        second.becomeFirstResponder()
        #expect(keypad.boundInput === second && keypad.currentPageID == "letters")
        #expect(keypad.preferredHeight == 216 && scope.keyboard.frame?.height == 216)
    }

    @Test("a height a renderer set survives pages with as many rows, and the end of editing on one of them")
    func rendererHeight() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let field = TextField(traits: TextInputTraits(keyboardType: .default))
        scope.add(field)
        let keypad = scope.defaultKeypad(for: .default)
        keypad.preferredHeight = 274
        field.becomeFirstResponder()
        keypad.tap("Numbers and symbols")
        #expect(keypad.currentPageID == "symbols" && keypad.preferredHeight == 274)
        field.resignFirstResponder()
        #expect(keypad.currentPageID == "letters" && keypad.preferredHeight == 274)
        field.becomeFirstResponder()
        #expect(scope.keyboard.frame?.height == 274)
    }

    @Test(
        "a switch key finds its layout in the scope's catalog, and the keypad's own layout comes back for the next field"
    )
    func switchLayout() throws {
        let folder = try layoutDirectory(with: ["ownPad.json": ownPad, "ownSymbols.json": ownSymbols])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.layoutCatalog = LayoutCatalog(overrideDirectory: folder)
        let first = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        let second = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(first)
        scope.add(second)
        first.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .numberPad)
        var changes: [Keypad.Change] = []
        keypad.addObserver { changes.append($0) }
        #expect(keypad.layout.id == "ownPad" && keypad.preferredHeight == 100)

        keypad.tap("?")
        #expect(keypad.layout.id == "ownPad" && changes == [.keyRejected("bad")])
        keypad.tap("#+=")
        #expect(keypad.layout.id == "ownSymbols" && keypad.preferredHeight == 150)
        #expect(scope.keyboard.frame?.height == 150)
        keypad.tap("*")
        #expect(first.text == "*")

        second.becomeFirstResponder()
        #expect(keypad.boundInput === second && keypad.layout.id == "ownPad")
        #expect(keypad.preferredHeight == 100 && scope.keyboard.frame?.height == 100)
    }

    @Test("duplicate begin and end notifications are ignored: no second binding, the page shown stays")
    func duplicateNotifications() throws {
        let form = try KeypadForm("namePhonePad")
        let (scope, keypad, field) = (form.scope, form.keypad, form.field)
        keypad.showPage("phone")
        scope.notificationCenter.post(name: TextField.textDidBeginEditingNotification, object: field)
        #expect(keypad.boundInput === field && keypad.currentPageID == "phone" && form.takeChanges() == [.keys])
        field.resignFirstResponder()
        scope.notificationCenter.post(name: TextField.textDidEndEditingNotification, object: field)
        #expect(keypad.boundInput == nil && form.takeChanges() == [.binding])
    }
}
