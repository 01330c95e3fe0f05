import Foundation
import KeypadCore
import Testing

/// A small, seeded, reproducible random generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One step of a random session.
private enum Operation: CustomStringConvertible {
    case focus(Int), resign, insert(String), delete, returnKey, clear, setText(Int, String), setEnabled(Int, Bool)
    case select(Int, Int)

    var description: String {
        switch self {
        case .focus(let i): "focus(\(i))"
        case .resign: "resign"
        case .insert(let s): "insert(\(s.debugDescription))"
        case .delete: "delete"
        case .returnKey: "return"
        case .clear: "clear"
        case .setText(let i, let s): "setText(\(i), \(s.debugDescription))"
        case .setEnabled(let i, let on): "setEnabled(\(i), \(on))"
        case .select(let i, let n): "select(\(i), \(n))"
        }
    }
}

private let pieces = ["1", "7", "a", "x", "中", "👍🏽", "🇩🇪", "e\u{301}", "👨‍👩‍👧", "\n", "42"]

/// Refuses edits that insert an "x", and refuses to end editing while the text has an odd
/// UTF-16 length — rules the reference model applies too.
@MainActor
private final class RuleDelegate: TextFieldDelegate {
    let refusesOddEnd: Bool
    init(refusesOddEnd: Bool) { self.refusesOddEnd = refusesOddEnd }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    { !string.contains("x") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        !(refusesOddEnd && textField.utf16Length % 2 == 1)
    }
}

/// The reference: plain UTF-16 arrays, written independently of TextBuffer.
private struct ReferenceField {
    var units: [UInt16] = []
    var cursor = 0
    var selectionLength = 0
    var enabled = true
    var text: String { String(decoding: units, as: UTF16.self) }

    mutating func replace(from lower: Int, to upper: Int, with string: String) {
        let inserted = Array(string.utf16)
        units.replaceSubrange(lower..<upper, with: inserted)
        cursor = lower + inserted.count
        selectionLength = 0
    }

    /// The UTF-16 length of the last grapheme before the cursor.
    func lastGraphemeLength() -> Int {
        let prefix = String(decoding: units[..<cursor], as: UTF16.self)
        return prefix.last.map { String($0).utf16.count } ?? 0
    }
}

@MainActor
@Suite("Random sessions keep every invariant")
struct PropertyTests {
    static var sequenceCount: Int {
        ProcessInfo.processInfo.environment["KEYPAD_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 2_000
    }

    @Test("≤ 1 first responder, balanced begin/end and show/hide, text equal to a reference, cursor in bounds")
    func randomSessions() {
        let count = Self.sequenceCount
        var failures = 0
        for seed in 0..<UInt64(count) where failures < 3 {
            if let problem = runSequence(seed: seed) {
                failures += 1
                Issue.record("seed \(seed): \(problem)")
            }
        }
    }

    /// Runs one random sequence; returns a description of the first broken invariant.
    private func runSequence(seed: UInt64) -> String? {
        var random = SeededGenerator(seed: seed)
        let center = NotificationCenter()
        let scope = ResponderScope(notificationCenter: center)
        let fieldCount = 4
        var references = Array(repeating: ReferenceField(), count: fieldCount)
        var referenceFirst: Int?
        let delegates = (0..<fieldCount).map { RuleDelegate(refusesOddEnd: $0 == 2) }
        let fields = (0..<fieldCount).map { index -> TextField in
            let field = TextField()
            field.delegate = delegates[index]
            field.inputView = KeypadHeights.shared.view(height: index == 3 ? 300 : 260)
            field.returnKeyType = index == 0 ? .next : .done
            scope.add(field)
            return field
        }
        let counter = EventCounter(center: center, fields: fields)
        var history: [Operation] = []

        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let operation = randomOperation(using: &random, fieldCount: fieldCount)
            history.append(operation)
            apply(operation, fields: fields, references: &references, first: &referenceFirst)
            if let problem = check(fields, references, referenceFirst, scope, counter) {
                return "\(problem) after \(history)"
            }
        }
        withExtendedLifetime(delegates) {}
        return nil
    }

    private func randomOperation(using random: inout SeededGenerator, fieldCount: Int) -> Operation {
        let field = Int.random(in: 0..<fieldCount, using: &random)
        let piece = pieces.randomElement(using: &random) ?? "1"
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<4: return .focus(field)
        case 4..<5: return .resign
        case 5..<11: return .insert(piece)
        case 11..<14: return .delete
        case 14..<15: return .returnKey
        case 15..<16: return .clear
        case 16..<17: return .setText(field, piece + piece)
        case 17..<18: return .setEnabled(field, Bool.random(using: &random))
        default: return .select(Int.random(in: -1...12, using: &random), Int.random(in: 0...3, using: &random))
        }
    }

    // MARK: - Reference semantics

    private func apply(
        _ operation: Operation, fields: [TextField], references: inout [ReferenceField], first: inout Int?
    ) {
        let editing = fields.firstIndex { $0.isFirstResponder }
        switch operation {
        case .focus(let index):
            fields[index].becomeFirstResponder()
            if first != index, references[index].enabled, first.map({ canEnd($0, references) }) ?? true {
                first = index
            }
        case .resign:
            editing.map { _ = fields[$0].resignFirstResponder() }
            if let current = first, canEnd(current, references) { first = nil }
        case .insert(let piece):
            guard let index = editing else { return }
            fields[index].insertText(piece)
            let normalized = piece == "\n" ? " " : piece
            if !piece.contains("x") {
                let reference = references[index]
                references[index].replace(
                    from: reference.cursor, to: reference.cursor + reference.selectionLength, with: normalized)
            }
        case .delete:
            guard let index = editing else { return }
            fields[index].deleteBackward()
            let reference = references[index]
            if reference.selectionLength > 0 {
                references[index].replace(
                    from: reference.cursor, to: reference.cursor + reference.selectionLength, with: "")
            } else if reference.cursor > 0 {
                let length = reference.lastGraphemeLength()
                references[index].replace(from: reference.cursor - length, to: reference.cursor, with: "")
            }
        case .returnKey:
            guard let index = editing else { return }
            fields[index].performReturn()
            guard canEnd(index, references) else { return }
            if index == 0 {
                let next = (1..<references.count).first { references[$0].enabled }
                first = next ?? nil
            } else {
                first = nil
            }
        case .clear:
            guard let index = editing else { return }
            fields[index].clear()
            references[index] = ReferenceField(units: [], cursor: 0, selectionLength: 0, enabled: true)
        case .setText(let index, let text):
            fields[index].text = text
            let units = Array(text.replacingOccurrences(of: "\n", with: " ").utf16)
            references[index].units = units
            references[index].cursor = units.count
            references[index].selectionLength = 0
        case .setEnabled(let index, let enabled):
            fields[index].isEnabled = enabled
            references[index].enabled = enabled
            if !enabled, first == index { first = nil }
        case .select(let location, let length):
            guard let index = editing else { return }
            fields[index].selectedRange = NSRange(location: location, length: length)
            // The reference reads back the selection only to check it lies within the text.
            references[index].cursor = fields[index].selectedRange.location
            references[index].selectionLength = fields[index].selectedRange.length
        }
    }

    private func canEnd(_ index: Int, _ references: [ReferenceField]) -> Bool {
        !(index == 2 && references[index].units.count % 2 == 1)
    }

    // MARK: - Invariants

    private func check(
        _ fields: [TextField], _ references: [ReferenceField], _ first: Int?, _ scope: ResponderScope,
        _ counter: EventCounter
    ) -> String? {
        let editing = fields.indices.filter { fields[$0].isFirstResponder }
        if editing.count > 1 { return "\(editing.count) first responders" }
        if editing.first != first { return "first responder \(String(describing: editing.first)), expected \(String(describing: first))" }
        for (index, field) in fields.enumerated() {
            let balance = counter.begins[index] - counter.ends[index]
            if balance != (field.isEditing ? 1 : 0) { return "field \(index) begin/end balance \(balance)" }
            if field.text != references[index].text {
                return "field \(index) text \(field.text.debugDescription) != \(references[index].text.debugDescription)"
            }
            let selection = field.selectedRange
            if selection.location < 0 || selection.location + selection.length > field.utf16Length {
                return "field \(index) selection \(selection) out of bounds"
            }
            if selection.location != references[index].cursor {
                return "field \(index) cursor \(selection.location) != \(references[index].cursor)"
            }
        }
        if counter.shown != (first != nil) || scope.keyboard.isVisible != (first != nil) {
            return "keyboard shown \(counter.shown) with first responder \(String(describing: first))"
        }
        if let problem = counter.problem { return problem }
        return nil
    }
}

/// Shared fixed-height input views (one per height).
@MainActor
private final class KeypadHeights {
    static let shared = KeypadHeights()
    private var views: [CGFloat: FixedInputView] = [:]
    func view(height: CGFloat) -> FixedInputView {
        if let view = views[height] { return view }
        let view = FixedInputView(height: height)
        views[height] = view
        return view
    }
}

/// Counts begin/end notifications per field and checks show/hide alternate.
@MainActor
private final class EventCounter {
    var begins: [Int]
    var ends: [Int]
    var shown = false
    var problem: String?
    private var tokens: [any NSObjectProtocol] = []
    private let center: NotificationCenter

    init(center: NotificationCenter, fields: [TextField]) {
        self.center = center
        begins = Array(repeating: 0, count: fields.count)
        ends = Array(repeating: 0, count: fields.count)
        let identities = fields.map(ObjectIdentifier.init)
        func observe(_ name: Notification.Name, _ body: @escaping @MainActor (EventCounter, Notification) -> Void) {
            tokens.append(
                center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    nonisolated(unsafe) let note = note
                    MainActor.assumeIsolated { if let self { body(self, note) } }
                })
        }
        func index(of note: Notification) -> Int? {
            (note.object as AnyObject?).flatMap { object in identities.firstIndex(of: ObjectIdentifier(object)) }
        }
        observe(TextField.textDidBeginEditingNotification) { counter, note in
            if let i = index(of: note) { counter.begins[i] += 1 }
        }
        observe(TextField.textDidEndEditingNotification) { counter, note in
            if let i = index(of: note) { counter.ends[i] += 1 }
        }
        observe(Responder.keyboardDidShowNotification) { counter, _ in counter.shown = true }
        observe(Responder.keyboardDidHideNotification) { counter, _ in
            if !counter.shown { counter.problem = "hide while hidden" }
            counter.shown = false
        }
    }

    isolated deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
