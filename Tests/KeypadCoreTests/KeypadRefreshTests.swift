import Foundation
import KeypadCore
import Testing

@MainActor
@Suite("A keypad redraws when the bound input changes what its keys show, and only then")
struct KeypadRefreshTests {
    @Test("changing returnKeyType while editing relabels the return key")
    func returnKeyType() throws {
        let form = try KeypadForm("numberPad", traits: TextInputTraits(keyboardType: .numberPad, returnKeyType: .next))
        #expect(form.keypad.key(id: "return")?.label == "Next")
        form.field.returnKeyType = .done
        #expect(form.takeChanges() == [.keys])
        #expect(
            form.keypad.key(id: "return")?.label == "Done" && form.keypad.key(id: "return")?.accessibleName == "Done")
        form.field.returnKeyType = .done
        #expect(form.takeChanges().isEmpty)
    }

    @Test("text set from code enables and disables the automatic return key")
    func textFromCode() throws {
        let form = try KeypadForm(
            "numberPad", traits: TextInputTraits(keyboardType: .numberPad, enablesReturnKeyAutomatically: true))
        form.field.text = "12"
        #expect(form.takeChanges() == [.keys] && form.keypad.key(id: "return")?.isEnabled == true)
        form.field.text = "123"
        #expect(form.takeChanges().isEmpty)
        form.field.text = ""
        #expect(form.takeChanges() == [.keys] && form.keypad.key(id: "return")?.isEnabled == false)
    }

    @Test("typing redraws only when a key's state changes")
    func typing() throws {
        let form = try KeypadForm(
            "decimalPad", traits: TextInputTraits(keyboardType: .decimalPad, enablesReturnKeyAutomatically: true))
        form.keypad.tap("1")
        #expect(form.takeChanges() == [.keyActivated("1"), .keys])
        form.keypad.tap("2")
        #expect(form.takeChanges() == [.keyActivated("2")])
        form.keypad.tap("Decimal separator")
        #expect(form.takeChanges() == [.keyActivated("decimalSeparator"), .keys])
        #expect(form.keypad.key(id: "decimalSeparator")?.isEnabled == false)
    }

    @Test("a selection covering the separator enables the decimal key; moving off it disables it again")
    func selection() throws {
        let form = try KeypadForm("decimalPad", traits: TextInputTraits(keyboardType: .decimalPad), text: "1.5")
        #expect(form.keypad.key(id: "decimalSeparator")?.isEnabled == false)
        form.field.selectedRange = NSRange(location: 1, length: 1)
        #expect(form.takeChanges() == [.keys] && form.keypad.key(id: "decimalSeparator")?.isEnabled == true)
        form.field.selectByUser(NSRange(location: 0, length: 1))
        #expect(form.takeChanges() == [.keys] && form.keypad.key(id: "decimalSeparator")?.isEnabled == false)
    }

    @Test("the field's locale changing relabels the decimal key")
    func locale() throws {
        let form = try KeypadForm("decimalPad", traits: TextInputTraits(keyboardType: .decimalPad))
        form.field.locale = Locale(identifier: "de_DE")
        #expect(form.takeChanges() == [.keys] && form.keypad.key(id: "decimalSeparator")?.label == ",")
        form.keypad.tap("Decimal separator")
        #expect(form.field.text == ",")
    }

    @Test("turning secure entry on while editing scrambles the digits at once; turning it off restores them")
    func secureWhileEditing() throws {
        let form = try KeypadForm("numberPad", traits: TextInputTraits(keyboardType: .numberPad))
        form.keypad.scramblesDigitsForSecureInput = true
        let plain = form.keypad.digitLabels
        #expect(form.takeChanges().isEmpty)
        form.field.isSecureTextEntry = true
        #expect(form.takeChanges() == [.keys])
        #expect(form.keypad.digitLabels != plain && form.keypad.digitLabels.sorted() == plain.sorted())
        #expect(!form.keypad.showsKeyPreview)
        form.field.returnKeyType = .go
        let scrambled = form.keypad.digitLabels
        #expect(form.takeChanges() == [.keys] && form.keypad.digitLabels == scrambled)
        form.field.isSecureTextEntry = false
        #expect(form.takeChanges() == [.keys] && form.keypad.digitLabels == plain && form.keypad.showsKeyPreview)
    }

    @Test("a keypad that stopped scrambling shows the digits in order at once")
    func scramblingTurnedOff() throws {
        let form = try KeypadForm(
            "numberPad", traits: TextInputTraits(keyboardType: .numberPad, isSecureTextEntry: true))
        let plain = form.keypad.digitLabels
        form.keypad.scramblesDigitsForSecureInput = true
        #expect(form.takeChanges() == [.keys] && form.keypad.digitLabels != plain)
        form.keypad.scramblesDigitsForSecureInput = false
        #expect(form.takeChanges() == [.keys] && form.keypad.digitLabels == plain)
    }

    @Test("once unbound, the old input's changes reach no renderer")
    func unbound() throws {
        let form = try KeypadForm("numberPad", traits: TextInputTraits(keyboardType: .numberPad))
        form.field.resignFirstResponder()
        #expect(form.takeChanges() == [.binding])
        form.field.text = "5"
        form.field.returnKeyType = .done
        #expect(form.takeChanges().isEmpty)
    }
}
