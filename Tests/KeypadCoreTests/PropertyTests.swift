import Foundation
import KeypadCore
import Testing

/// One step of a random session.
private enum Operation: CustomStringConvertible {
    case focus(Int)
    case resign
    case insert(String)
    case delete, returnKey, clear
    case setText(Int, String)
    case setEnabled(Int, Bool)
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

/// The inputs of every session: fields 0–3 (0 returns with `.next`, the others with
/// `.done`) and a text view, 4, whose return key inserts a line break.
private let inputHeights: [CGFloat] = [260, 260, 260, 300, 216]
private let textViewIndex = 4

@MainActor
@Suite("Random sessions keep every invariant")
struct PropertyTests {
    /// How many sessions run: `KEYPAD_PROPERTY_SEQUENCES`, 2 000 when unset (`make test` runs 10 000).
    static var sequenceCount: Int {
        ProcessInfo.processInfo.environment["KEYPAD_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 2_000
    }

    @Test(
        "≤ 1 first responder as a reference predicts, balanced begin/end, paired keyboard groups, text and selection equal to a reference"
    )
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
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let fieldDelegates = (0..<textViewIndex).map(RuleFieldDelegate.init)
        let viewDelegate = RuleViewDelegate(index: textViewIndex)
        var inputs: [TextResponder] = fieldDelegates.map { delegate in
            let field = TextField()
            field.delegate = delegate
            field.returnKeyType = delegate.index == 0 ? .next : .done
            return field
        }
        let notes = TextView()
        notes.delegate = viewDelegate
        inputs.append(notes)
        for (input, height) in zip(inputs, inputHeights) {
            input.inputView = KeypadHeights.shared.view(height: height)
            scope.add(input)
        }
        var references = inputs.map { ReferenceInput(isMultiline: $0 is TextView) }
        var referenceFirst: Int?
        let observer = PropertyObserver(center: scope.notificationCenter, inputs: inputs)
        var history: [Operation] = []

        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let operation = randomOperation(using: &random, inputCount: inputs.count)
            history.append(operation)
            apply(operation, inputs: inputs, references: &references, first: &referenceFirst)
            if let problem = check(inputs, references, referenceFirst, scope, observer) {
                return "\(problem) after \(history)"
            }
        }
        withExtendedLifetime((fieldDelegates, viewDelegate)) {}
        return nil
    }

    private func randomOperation(using random: inout SeededGenerator, inputCount: Int) -> Operation {
        let input = Int.random(in: 0..<inputCount, using: &random)
        let piece = pieces.randomElement(using: &random) ?? "1"
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<4: return .focus(input)
        case 4..<5: return .resign
        case 5..<11: return .insert(piece)
        case 11..<14: return .delete
        case 14..<15: return .returnKey
        case 15..<16: return .clear
        case 16..<17: return .setText(input, piece + piece)
        case 17..<18: return .setEnabled(input, Bool.random(using: &random))
        default: return .select(Int.random(in: -1...12, using: &random), Int.random(in: 0...3, using: &random))
        }
    }

    // MARK: - Reference semantics

    private func apply(
        _ operation: Operation, inputs: [TextResponder], references: inout [ReferenceInput], first: inout Int?
    ) {
        let editing = inputs.firstIndex { $0.isFirstResponder }
        switch operation {
        case .focus(let index):
            inputs[index].becomeFirstResponder()
            if first != index, canMove(to: index, from: first, references) { first = index }
        case .resign:
            editing.map { _ = inputs[$0].resignFirstResponder() }
            if let current = first, canEnd(current, references) { first = nil }
        case .insert(let piece):
            guard let index = editing else { return }
            inputs[index].insertText(piece)
            let inserted = references[index].normalized(piece)
            if SessionRules.allowsChange(inserted) { references[index].replaceSelection(with: inserted) }
        case .delete:
            guard let index = editing else { return }
            inputs[index].deleteBackward()
            references[index].deleteBackward()
        case .returnKey:
            guard let index = editing else { return }
            inputs[index].performReturn()
            applyReturn(index, references: &references, first: &first)
        case .clear:
            guard let index = editing, let field = inputs[index] as? TextField else { return }
            field.clear()
            references[index].setText("")
        case .setText(let index, let text):
            inputs[index].text = text
            references[index].setText(text)
        case .setEnabled(let index, let enabled):
            inputs[index].isEnabled = enabled
            references[index].enabled = enabled
            if !enabled, first == index { first = nil }
        case .select(let location, let length):
            guard let index = editing else { return }
            inputs[index].selectedRange = NSRange(location: location, length: length)
            references[index].select(location: location, length: length)
        }
    }

    /// The return key: a line break in the text view, the next enabled input from field 0,
    /// the end of editing elsewhere.
    private func applyReturn(_ index: Int, references: inout [ReferenceInput], first: inout Int?) {
        if index == textViewIndex {
            references[index].replaceSelection(with: "\n")
        } else if index == 0, let next = (1..<references.count).first(where: { references[$0].enabled }) {
            if canMove(to: next, from: index, references) { first = next }
        } else if canEnd(index, references) {
            first = nil
        }
    }

    /// Whether focus moves to `index`: it is enabled and agrees to begin, then the current input agrees to end.
    private func canMove(to index: Int, from current: Int?, _ references: [ReferenceInput]) -> Bool {
        references[index].enabled && SessionRules.allowsBegin(index, text: references[index].text)
            && (current.map { canEnd($0, references) } ?? true)
    }

    private func canEnd(_ index: Int, _ references: [ReferenceInput]) -> Bool {
        SessionRules.allowsEnd(index, utf16Length: references[index].units.count)
    }

    // MARK: - Invariants

    private func check(
        _ inputs: [TextResponder], _ references: [ReferenceInput], _ first: Int?, _ scope: ResponderScope,
        _ observer: PropertyObserver
    ) -> String? {
        let editing = inputs.indices.filter { inputs[$0].isFirstResponder }
        if editing.count > 1 { return "\(editing.count) first responders" }
        if editing.first != first {
            return "first responder \(String(describing: editing.first)), expected \(String(describing: first))"
        }
        for (index, input) in inputs.enumerated() {
            let balance = observer.begins[index] - observer.ends[index]
            if balance != (input.isEditing ? 1 : 0) { return "input \(index) begin/end balance \(balance)" }
            let reference = references[index]
            if input.text != reference.text {
                return "input \(index) text \(input.text.debugDescription) != \(reference.text.debugDescription)"
            }
            let expected = NSRange(location: reference.cursor, length: reference.selectionLength)
            if input.selectedRange != expected {
                return "input \(index) selection \(input.selectedRange) != \(expected)"
            }
        }
        if observer.shown != (first != nil) || scope.keyboard.isVisible != (first != nil) {
            return "keyboard shown \(observer.shown) with first responder \(String(describing: first))"
        }
        if let first, scope.keyboard.frame?.height != inputHeights[first] {
            return "keyboard height \(String(describing: scope.keyboard.frame?.height)) for input \(first)"
        }
        if observer.isGroupOpen { return "a keyboard group of fewer than four notifications" }
        return observer.problem
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
