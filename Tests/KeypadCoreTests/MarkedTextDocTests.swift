import Foundation
import KeypadCore
import Testing

/// The samples of the "Marked text" article, compiled and checked.
@MainActor
@Suite("The Marked text article's samples")
struct MarkedTextDocTests {
    final class StepLogger: TextFieldDelegate {
        private(set) var asked: [String] = []
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            asked.append("{\(range.location),\(range.length)} \(string)")
            return true
        }
    }

    struct NoDigits: TextFieldRule {
        func evaluate(_ edit: ProposedEdit) -> RuleDecision {
            if edit.isCompositionStep { return .allow }
            return edit.replacement.contains(where: \.isNumber) ? .reject : .allow
        }
    }

    @Test("the seed's pinyin reaches the delegate as {0,0} h, {0,1} ha, {0,2} 哈")
    func seedSample() {
        let name = TextField()
        let logger = StepLogger()
        name.delegate = logger
        name.setMarkedText("h", selectedRange: NSRange(location: 1, length: 0))
        name.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
        name.insertText("哈")
        #expect(logger.asked == ["{0,0} h", "{0,1} ha", "{0,2} 哈"])
        #expect(name.text == "哈")
    }

    @Test("a limit of 4 lets \"zhuang\" run past it while marked and keeps the commit 装")
    func limitSample() {
        let name = TextField()
        let limit = ValidatingTextFieldDelegate(rules: [MaxLengthRule(4)])
        name.delegate = limit
        name.text = "abc"
        name.setMarkedText("zhuang", selectedRange: NSRange(location: 6, length: 0))
        #expect(name.text == "abczhuang")
        name.insertText("装")
        #expect(name.text == "abc装")
        withExtendedLifetime(limit) {}
    }

    @Test("an app rule that allows steps judges only the commit")
    func appRuleSample() {
        let name = TextField()
        let rules = ValidatingTextFieldDelegate(rules: [NoDigits()])
        name.delegate = rules
        name.setMarkedText("a1", selectedRange: NSRange(location: 2, length: 0))
        #expect(name.text == "a1")
        name.insertText("1")
        #expect(name.text.isEmpty)
    }
}
