import Foundation
import KeypadCore

/// Headless key taps through binder → field → delegate → notifications, timed.
@MainActor
enum ModelThroughput {
    /// One measured configuration.
    struct Result {
        var fields: Int
        var characters: Int
        var taps: Int
        var seconds: Double
        var tapsPerSecond: Double { Double(taps) / seconds }
        var nanosecondsPerTap: Double { seconds * 1e9 / Double(taps) }
    }

    /// A delegate that does a typical amount of work: it reads the proposed range.
    final class CountingDelegate: TextFieldDelegate {
        var asked = 0
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            asked += range.length + string.utf16.count
            return true
        }
    }

    /// Types and deletes `taps` keys into one editing field among `fields`, whose text
    /// starts `characters` long (mixed ASCII and CJK, so UTF-16 and UTF-8 differ).
    static func measure(fields fieldCount: Int, characters: Int, taps: Int) -> Result {
        let center = NotificationCenter()
        let scope = ResponderScope(notificationCenter: center)
        let delegate = CountingDelegate()
        var changes = 0
        let token = center.addObserver(forName: TextField.textDidChangeNotification, object: nil, queue: nil) { _ in }
        var editing: TextField?
        for index in 0..<fieldCount {
            let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
            field.delegate = delegate
            field.addAction(for: .editingChanged) { _ in }
            scope.add(field)
            if index == fieldCount / 2 { editing = field }
        }
        guard let field = editing else { fatalError("no field") }
        field.text = String(repeating: "12中", count: characters / 3) + String(repeating: "7", count: characters % 3)
        field.addAction(for: .editingChanged) { _ in changes += 1 }
        field.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .numberPad)
        let digit = keypad.rows.joined().first { $0.action == .insert("5") }?.id ?? "5"
        let delete = keypad.rows.joined().first { $0.action == .deleteBackward }?.id ?? "delete"

        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<taps {
            keypad.tapKey(index % 2 == 0 ? digit : delete)
        }
        let elapsed = clock.now - start
        center.removeObserver(token)
        precondition(changes == taps, "every tap must change the text (\(changes) of \(taps))")
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Result(fields: fieldCount, characters: characters, taps: taps, seconds: seconds)
    }
}
