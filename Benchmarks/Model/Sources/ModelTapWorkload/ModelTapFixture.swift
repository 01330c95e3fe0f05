import Foundation
import KeypadCore

/// Headless key taps through binder → field → delegate → notifications, set up once
/// and tapped as often as a benchmark wants: the one workload that keypad-bench
/// (instruction counts under callgrind) and the ModelTaps benchmarks (time and
/// allocations, ordo-one/benchmark) both measure.
///
/// One editing field among `fields`, its text `characters` long (mixed ASCII and CJK,
/// so UTF-16 and UTF-8 offsets differ), with a delegate that reads each proposed
/// change, an `editingChanged` action and a `textDidChange` observer attached.
/// Taps alternate a digit and delete, so the text keeps its length.
@MainActor
public final class ModelTapFixture {
    /// A delegate that does a typical amount of work: it reads the proposed range.
    private final class CountingDelegate: TextFieldDelegate {
        var asked = 0
        func textField(
            _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            asked += range.length + string.utf16.count
            return true
        }
    }

    private let center = NotificationCenter()
    private let scope: ResponderScope
    private let delegate = CountingDelegate()
    private let keypad: Keypad
    private let digit: String
    private let delete: String
    private var token: (any NSObjectProtocol)?
    private var fields: [TextField] = []
    /// The field the taps edit.
    private let editing: TextField
    /// How many times the editing field reported a change.
    public private(set) var changes = 0
    /// How many taps ``tap(_:)`` made.
    public private(set) var taps = 0

    /// Builds `fields` number-pad fields in one scope and starts editing the middle one,
    /// whose text is `characters` long.
    public init(fields fieldCount: Int, characters: Int) {
        scope = ResponderScope(notificationCenter: center)
        token = center.addObserver(forName: TextField.textDidChangeNotification, object: nil, queue: nil) { _ in }
        var middle: TextField?
        for index in 0..<max(1, fieldCount) {
            let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
            field.delegate = delegate
            field.addAction(for: .editingChanged) { _ in }
            scope.add(field)
            fields.append(field)
            if index == fieldCount / 2 { middle = field }
        }
        let field = middle ?? fields[0]
        self.editing = field
        field.text = String(repeating: "12中", count: characters / 3) + String(repeating: "7", count: characters % 3)
        keypad = scope.defaultKeypad(for: .numberPad)
        digit = keypad.rows.joined().first { $0.action == .insert("5") }?.id ?? "5"
        delete = keypad.rows.joined().first { $0.action == .deleteBackward }?.id ?? "delete"
        field.addAction(for: .editingChanged) { [unowned self] _ in self.changes += 1 }
        field.becomeFirstResponder()
    }

    isolated deinit {
        if let token { center.removeObserver(token) }
    }

    /// Taps `count` keys, alternating the digit and delete.
    public func tap(_ count: Int) {
        for _ in 0..<count {
            keypad.tapKey(taps % 2 == 0 ? digit : delete)
            taps += 1
        }
    }

    /// Posts the editing field's `textDidChangeNotification` `count` times on the scope's
    /// center, as each tap does, and nothing else: the same name, object and observers as
    /// a tap's post, so what Foundation's `NotificationCenter.post` alone costs can be
    /// set beside what a whole tap costs.
    public func postTextDidChange(_ count: Int) {
        for _ in 0..<count {
            center.post(name: TextField.textDidChangeNotification, object: editing)
        }
    }

    /// Whether every tap changed the text (the workload did what it claims).
    public var everyTapChanged: Bool { changes == taps }
}
