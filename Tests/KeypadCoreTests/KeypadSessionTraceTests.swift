import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// Whether `lines` is `expected` group by group: the lines of one group may come in any
/// order (two observers of one notification are called in an unspecified order by
/// swift-corelibs-foundation), the groups in the order given.
private func trace(_ lines: [String], matches expected: [[String]]) -> Bool {
    var rest = lines[...]
    for group in expected {
        guard rest.count >= group.count, rest.prefix(group.count).sorted() == group.sorted() else { return false }
        rest = rest.dropFirst(group.count)
    }
    return rest.isEmpty
}

@MainActor
@Suite("A recorded keypad session reads in the contract's order")
struct KeypadSessionTraceTests {
    @Test("a decimal-pad session: focus, 1, ., 5, a refused second ., return with .done")
    func decimalPadSession() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let recorder = EventRecorder(scope: scope)
        let field = TextField(traits: TextInputTraits(keyboardType: .decimalPad, returnKeyType: .done))
        field.accessibilityLabel = "Amount"
        field.locale = Locale(identifier: "en_US")
        scope.add(field)
        recorder.record(field)
        let keypad = scope.defaultKeypad(for: .decimalPad)
        keypad.locale = Locale(identifier: "en")
        recorder.record(keypad, name: "keypad")

        field.becomeFirstResponder()
        for name in ["1", "Decimal separator", "5", "Decimal separator", "Done"] { keypad.tap(name) }

        let lines = recorder.takeLines()
        let expected: [[String]] =
            [["Amount shouldBeginEditing -> true"]]
            + Session.show(from: "(0,768,1024,300)", to: "(0,468,1024,300)").map { [$0] }
            + [
                ["Amount didBeginEditing"], ["Amount editingDidBegin"],
                ["Amount textDidBeginEditing", "keypad bound to Amount"],
                ["keypad \"1\""], ["Amount shouldChangeCharacters {0,0} \"1\" -> true"],
                ["Amount editingChanged \"1\""], ["Amount textDidChange"],
                ["keypad \".\""], ["Amount shouldChangeCharacters {1,0} \".\" -> true"],
                ["Amount editingChanged \"1.\""], ["Amount textDidChange"],
                ["keypad \"5\""], ["Amount shouldChangeCharacters {2,0} \"5\" -> true"],
                ["Amount editingChanged \"1.5\""], ["Amount textDidChange"],
                ["keypad \".\" rejected"],
                ["keypad Done"], ["Amount shouldReturn -> true"], ["Amount editingDidEndOnExit"],
                ["Amount shouldEndEditing -> true"],
            ]
            + Session.hide(from: "(0,468,1024,300)", to: "(0,768,1024,300)").map { [$0] }
            + [
                ["Amount didEndEditing(committed)"], ["Amount editingDidEnd"],
                ["Amount textDidEndEditing", "keypad unbound"],
            ]
        #expect(trace(lines, matches: expected), "\(lines)")
        #expect(field.text == "1.5" && !field.isEditing && keypad.boundInput == nil)
    }
}
