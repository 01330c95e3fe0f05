import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// A field of `type` in `locale`, editing, with `rules` as its delegate.
@MainActor
private final class RuledField {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let field: TextField
    let delegate: ValidatingTextFieldDelegate
    let recorder: EventRecorder

    init(_ type: KeyboardType, rules: [any TextFieldRule], locale: String = "en_US", text: String = "") {
        field = TextField(text: text, traits: TextInputTraits(keyboardType: type))
        field.accessibilityLabel = "F"
        field.locale = Locale(identifier: locale)
        delegate = ValidatingTextFieldDelegate(rules: rules)
        field.delegate = delegate
        field.inputView = FixedInputView(height: 200)
        scope.add(field)
        recorder = EventRecorder(scope: scope)
        recorder.record(field)
        field.becomeFirstResponder()
        _ = recorder.takeLines()
    }

    func type(_ pieces: String...) { for piece in pieces { field.insertText(piece) } }
}

@MainActor
@Suite("Validators: length, allowed characters, decimals, patterns")
struct ValidationTests {
    @Test("max length counts graphemes and refuses an insertion that would pass it, whole")
    func maxLength() {
        let form = RuledField(.default, rules: [MaxLengthRule(4)])
        form.type("👍🏽", "中", "🇩🇪", "a")
        #expect(form.field.text == "👍🏽中🇩🇪a")
        form.type("b")
        form.field.insertText("xy")
        #expect(form.field.text == "👍🏽中🇩🇪a")
        form.field.deleteBackward()
        form.field.insertText("bc")
        #expect(form.field.text == "👍🏽中🇩🇪")
        form.field.insertText("b")
        #expect(form.field.text == "👍🏽中🇩🇪b")
    }

    @Test("pasting 12ab3 into a number-pad field inserts 123, with one change event")
    func filterPaste() {
        let form = RuledField(.numberPad, rules: [AllowedCharactersRule()], text: "9")
        form.field.insertText("12ab3")
        #expect(form.field.text == "9123" && form.field.selectedRange == NSRange(location: 4, length: 0))
        // The delegate applies the filtered edit from inside its answer: the question comes
        // first, the edit's events follow, and the answer is false.
        #expect(
            form.recorder.takeLines() == [
                "F shouldChangeCharacters {1,0} \"12ab3\" -> false", "F editingChanged \"9123\"", "F textDidChange",
            ])
    }

    @Test("a typed letter in a number-pad field is refused and changes nothing")
    func refuseLetter() {
        let form = RuledField(.numberPad, rules: [AllowedCharactersRule()], text: "12")
        form.field.selectedRange = NSRange(location: 1, length: 0)
        form.field.insertText("a")
        #expect(form.field.text == "12" && form.field.selectedRange == NSRange(location: 1, length: 0))
    }

    @Test(
        "allowed characters per keyboard type",
        arguments: [
            (KeyboardType.phonePad, "en_US", "+1 (555) 12-34#*x", "+1 (555) 12-34#*"),
            (.decimalPad, "de_DE", "12,5.0a", "12,50"),
            (.decimalPad, "en_US", "12,5.0", "125.0"),
            (.asciiCapableNumberPad, "en_US", "٣4", "4"),
            (.default, "en_US", "any text", "any text"),
        ])
    func allowedCharacters(type: KeyboardType, locale: String, paste: String, expected: String) {
        let form = RuledField(type, rules: [AllowedCharactersRule()], locale: locale)
        form.field.insertText(paste)
        #expect(form.field.text == expected)
    }

    @Test(
        "a decimal takes one separator of its locale and limited fraction digits",
        arguments: [
            ("en_US", ["1", ".", "5", ".", "2", "5", "9"], "1.52"),
            ("de_DE", ["1", ",", "5", ",", "2"], "1,52"),
            ("de_DE", ["1", ".", "5"], "1.5"),
        ])
    func decimal(locale: String, keys: [String], expected: String) {
        let form = RuledField(.decimalPad, rules: [DecimalRule(maximumFractionDigits: 2)], locale: locale)
        for key in keys { form.field.insertText(key) }
        #expect(form.field.text == expected)
    }

    @Test("a pattern is checked when editing ends: a mismatch keeps editing and reports its message")
    func pattern() throws {
        let rule = try PatternRule(pattern: "[0-9]{4}", message: "A PIN has four digits")
        let form = RuledField(.numberPad, rules: [rule])
        var shown: [String] = []
        form.delegate.onFailure = { shown.append($0.message) }
        form.type("1", "2", "3")
        #expect(!form.field.resignFirstResponder())
        #expect(form.field.isEditing && form.delegate.lastFailure?.message == "A PIN has four digits")
        form.type("4")
        #expect(form.field.resignFirstResponder())
        #expect(form.delegate.lastFailure == nil && shown == ["A PIN has four digits"])
    }

    @Test("an invalid pattern throws at once")
    func invalidPattern() {
        #expect(throws: (any Error).self) { try PatternRule(pattern: "([", message: "x") }
    }

    @Test("rules come before the app's delegate, which is still asked")
    func composition() {
        let app = ScriptedFieldDelegate()
        app.shouldChange = { _, string in string != "7" }
        let form = RuledField(.numberPad, rules: [AllowedCharactersRule()])
        form.delegate.next = app
        form.type("1", "a", "7", "2")
        #expect(form.field.text == "12")
        withExtendedLifetime(app) {}
    }

    @Test("rules after a formatter judge the formatted text: a max length of 5 stops 1,234 from growing")
    func ruleAfterFormatter() {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter(), MaxLengthRule(5)])
        form.type("1", "2", "3", "4")
        #expect(form.field.text == "1,234")
        form.type("5")
        #expect(form.field.text == "1,234" && form.field.selectedRange == NSRange(location: 5, length: 0))
    }

    @Test("the app's delegate is asked about the edit as the rules left it: filtered, then formatted")
    func nextSeesFilteredEdit() {
        let app = ScriptedFieldDelegate()
        var asked: [String] = []
        app.shouldChange = { range, string in
            asked.append("{\(range.location),\(range.length)} \(string)")
            return !string.contains("7")
        }
        let form = RuledField(.decimalPad, rules: [AllowedCharactersRule(), GroupingFormatter()], text: "9")
        form.delegate.next = app
        form.field.insertText("1a2")
        #expect(form.field.text == "912" && asked == ["{0,1} 912"])
        form.field.insertText("b7")
        #expect(form.field.text == "912" && asked == ["{0,1} 912", "{0,3} 9,127"])
        form.field.insertText("3")
        #expect(form.field.text == "9,123" && form.field.selectedRange == NSRange(location: 5, length: 0))
        withExtendedLifetime(app) {}
    }
}

@MainActor
@Suite("Formatters keep the caret where the user expects")
struct FormattingTests {
    @Test(
        "grouping as the user types",
        arguments: [
            ("en_US", ["1", "2", "3", "4", "5", "6", "7", ".", "8", "9"], "1,234,567.89"),
            ("de_DE", ["1", "2", "3", "4", "5", "6", "7", ",", "8", "9"], "1.234.567,89"),
        ])
    func grouping(locale: String, keys: [String], expected: String) {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter()], locale: locale)
        for key in keys { form.field.insertText(key) }
        #expect(form.field.text == expected)
        #expect(form.field.selectedRange == NSRange(location: expected.utf16.count, length: 0))
    }

    @Test(
        "a separator typed into an empty field gives 0. with the caret after it; the next digit follows it",
        arguments: [("en_US", ".", "0.", "0.5"), ("de_DE", ",", "0,", "0,5")])
    func leadingSeparator(locale: String, separator: String, first: String, second: String) {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter()], locale: locale)
        form.field.insertText(separator)
        #expect(form.field.text == first && form.field.selectedRange == NSRange(location: 2, length: 0))
        form.field.insertText("5")
        #expect(form.field.text == second && form.field.selectedRange == NSRange(location: 3, length: 0))
    }

    @Test("a leading zero dropped left of the caret keeps the caret before the digits it preceded")
    func droppedZero() {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter()], text: "5")
        form.field.selectedRange = NSRange(location: 0, length: 0)
        form.field.insertText("0")
        #expect(form.field.text == "5" && form.field.selectedRange == NSRange(location: 0, length: 0))
        form.field.selectedRange = NSRange(location: 1, length: 0)
        for digit in ["2", "3", "4"] { form.field.insertText(digit) }
        #expect(form.field.text == "5,234" && form.field.selectedRange == NSRange(location: 5, length: 0))
    }

    @Test("typing in the middle keeps the caret after the typed digit")
    func middle() {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter()], text: "1,234")
        form.field.selectedRange = NSRange(location: 1, length: 0)  // after "1"
        form.field.insertText("9")
        #expect(form.field.text == "19,234")
        #expect(form.field.selectedRange == NSRange(location: 2, length: 0))
    }

    @Test("deleting a grouping separator deletes the digit before it")
    func deleteSeparator() {
        let form = RuledField(.decimalPad, rules: [GroupingFormatter()], text: "1,234")
        form.field.selectedRange = NSRange(location: 2, length: 0)  // after ","
        form.field.deleteBackward()
        #expect(form.field.text == "234")
        #expect(form.field.selectedRange == NSRange(location: 0, length: 0))
    }

    @Test("phone numbers fill the template; the caret follows its digit")
    func phone() {
        let form = RuledField(.phonePad, rules: [PhoneFormatter(template: "(###) ###-####")])
        for digit in "5551234567" { form.field.insertText(String(digit)) }
        #expect(form.field.text == "(555) 123-4567")
        #expect(form.field.selectedRange.location == 14)
        form.field.insertText("8")
        #expect(form.field.text == "(555) 123-4567")
        form.field.selectedRange = NSRange(location: 10, length: 0)  // after "-"
        form.field.deleteBackward()
        #expect(form.field.text == "(555) 124-567")
        #expect(form.field.selectedRange == NSRange(location: 8, length: 0))
    }
}
