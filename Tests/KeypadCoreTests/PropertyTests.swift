import Foundation
import KeypadCore
import PropertyBased
import Synchronization
import Testing

/// One step of a random session.
private enum Operation: CustomStringConvertible, Sendable {
    case focus(Int)
    case resign
    case insert(String)
    case delete, returnKey, clear
    case setText(Int, String)
    case setEnabled(Int, Bool)
    case select(Int, Int)
    /// A composition step: the piece becomes the marked text, the caret at its end.
    case mark(String)

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
        case .mark(let s): "mark(\(s.debugDescription))"
        }
    }

    /// The operation a generated draw stands for. Every number shrinks towards 0, so a
    /// shrunk session reads as simply as it can: `focus(0)`, `insert("1")`.
    init(kind: Int, input: Int, piece: Int, flag: Bool, location: Int, length: Int) {
        let piece = pieces[piece]
        switch kind {
        case 0..<4: self = .focus(input)
        case 4..<5: self = .resign
        case 5..<11: self = .insert(piece)
        case 11..<14: self = .delete
        case 14..<15: self = .returnKey
        case 15..<16: self = .clear
        case 16..<17: self = .setText(input, piece + piece)
        case 17..<18: self = .setEnabled(input, flag)
        case 18..<20: self = .select(location, length)
        default: self = .mark(piece)
        }
    }
}

private let pieces = ["1", "7", "a", "x", "中", "👍🏽", "🇩🇪", "e\u{301}", "👨‍👩‍👧", "\n", "42"]

/// The inputs of every session: fields 0–3 (0 returns with `.next`, the others with
/// `.done`; 3 is secure) and a text view, 4, whose return key inserts a line break.
private let inputHeights: [CGFloat] = [260, 260, 260, 300, 216]
private let textViewIndex = 4
private let secureIndex = 3

/// Random sessions of 1–40 operations (swift-property-based): each draw is a tuple of
/// small numbers mapped to an ``Operation``, so a failing session shrinks — fewer
/// operations, each towards `focus(0)` and the first piece — to the shortest that
/// still fails, which the failure prints.
private let sessions = zip(
    Gen.int(in: 0..<23), Gen.int(in: 0..<inputHeights.count), Gen.int(in: 0..<pieces.count), Gen.bool(),
    Gen.int(in: -1...12), Gen.int(in: 0...3)
)
.map { Operation(kind: $0.0, input: $0.1, piece: $0.2, flag: $0.3, location: $0.4, length: $0.5) }
.array(of: 1...40)

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
    func randomSessions() async {
        await propertyCheck(count: Self.sequenceCount, input: sessions) { operations in
            if let problem = Self.run(operations) { Issue.record("\(problem)") }
        }
    }

    @Test("a broken invariant shrinks to the shortest failing session, which the failure prints")
    func shrinking() async {
        let messages = Mutex<[String]>([])
        await withKnownIssue {
            await propertyCheck(count: 500, input: sessions) { operations in
                // A deliberately false invariant: nobody types a "7" into an editing input.
                let typesSeven = { (operation: Operation, inputs: [TextResponder]) in
                    operation.description == #"insert("7")"# && inputs.contains(where: \.isEditing)
                }
                if Self.run(operations, extraCheck: typesSeven) != nil {
                    Issue.record("a 7 was typed")
                }
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: " ") + " \(issue.description)"
            messages.withLock { $0.append(text) }
            return true
        }
        let report = messages.withLock { $0.joined(separator: "\n") }
        // The shortest session that types a 7: begin editing, type it.
        #expect(report.contains(#"input [focus(0), insert("7")]"#), "\(report)")
    }

    /// Runs one session; returns a description of the first broken invariant.
    private static func run(
        _ operations: [Operation], extraCheck: (Operation, [TextResponder]) -> Bool = { _, _ in false }
    ) -> String? {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let fieldDelegates = (0..<textViewIndex).map(RuleFieldDelegate.init)
        let viewDelegate = RuleViewDelegate(index: textViewIndex)
        var inputs: [TextResponder] = fieldDelegates.map { delegate in
            let field = TextField()
            field.delegate = delegate
            field.returnKeyType = delegate.index == 0 ? .next : .done
            field.isSecureTextEntry = delegate.index == secureIndex
            return field
        }
        let notes = TextView()
        notes.delegate = viewDelegate
        inputs.append(notes)
        for (input, height) in zip(inputs, inputHeights) {
            input.inputView = KeypadHeights.shared.view(height: height)
            scope.add(input)
        }
        var references = inputs.map { ReferenceInput(isMultiline: $0 is TextView, isSecure: $0.isSecureTextEntry) }
        var referenceFirst: Int?
        let observer = PropertyObserver(center: scope.notificationCenter, inputs: inputs)

        for (step, operation) in operations.enumerated() {
            apply(operation, inputs: inputs, references: &references, first: &referenceFirst)
            if let problem = check(inputs, references, referenceFirst, scope, observer) {
                return "\(problem) after \(operations.prefix(step + 1))"
            }
            if extraCheck(operation, inputs) { return "the extra check failed after \(operations.prefix(step + 1))" }
        }
        withExtendedLifetime((fieldDelegates, viewDelegate)) {}
        return nil
    }

    // MARK: - Reference semantics

    private static func apply(
        _ operation: Operation, inputs: [TextResponder], references: inout [ReferenceInput], first: inout Int?
    ) {
        let editing = inputs.firstIndex { $0.isFirstResponder }
        switch operation {
        case .focus(let index):
            inputs[index].becomeFirstResponder()
            if first != index, references[index].enabled, SessionRules.allowsBegin(index, text: references[index].text),
                let current = first
            {
                references[current].commitMarkedText()  // the current input is asked to end: it commits first
            }
            if first != index, canMove(to: index, from: first, references) {
                first = index
                references[index].beginEditing()
            }
        case .resign:
            editing.map { _ = inputs[$0].resignFirstResponder() }
            if let current = first {
                references[current].commitMarkedText()
                if canEnd(current, references) { first = nil }
            }
        case .insert(let piece):
            guard let index = editing else { return }
            inputs[index].insertText(piece)
            let inserted = references[index].normalized(piece)
            if references[index].marked != nil {
                references[index].commit(inserted)
            } else if SessionRules.allowsChange(inserted) {
                references[index].replaceSelection(with: inserted)
            }
        case .delete:
            guard let index = editing else { return }
            inputs[index].deleteBackward()
            if references[index].marked != nil {
                references[index].deleteInComposition()
            } else {
                references[index].deleteBackward()
            }
        case .returnKey:
            guard let index = editing else { return }
            inputs[index].performReturn()
            references[index].commitMarkedText()
            applyReturn(index, references: &references, first: &first)
        case .clear:
            guard let index = editing, let field = inputs[index] as? TextField else { return }
            field.clear()
            references[index].clear()
        case .setText(let index, let text):
            inputs[index].text = text
            references[index].setText(text)
        case .setEnabled(let index, let enabled):
            inputs[index].isEnabled = enabled
            if !enabled, first == index {
                references[index].commitMarkedText()  // editing ends by force, which still commits
                first = nil
            }
            references[index].enabled = enabled
        case .select(let location, let length):
            guard let index = editing else { return }
            inputs[index].selectedRange = NSRange(location: location, length: length)
            references[index].select(location: location, length: length)
        case .mark(let piece):
            guard let index = editing else { return }
            let marked = references[index].normalized(piece)
            inputs[index].setMarkedText(piece, selectedRange: NSRange(location: marked.utf16.count, length: 0))
            references[index].mark(marked)
        }
    }

    /// The return key: a line break in the text view, the next enabled input from field 0,
    /// the end of editing elsewhere.
    private static func applyReturn(_ index: Int, references: inout [ReferenceInput], first: inout Int?) {
        if index == textViewIndex {
            references[index].replaceSelection(with: "\n")
        } else if index == 0, let next = (1..<references.count).first(where: { references[$0].enabled }) {
            if canMove(to: next, from: index, references) {
                first = next
                references[next].beginEditing()
            }
        } else if canEnd(index, references) {
            first = nil
        }
    }

    /// Whether focus moves to `index`: it is enabled and agrees to begin, then the current input agrees to end.
    private static func canMove(to index: Int, from current: Int?, _ references: [ReferenceInput]) -> Bool {
        references[index].enabled && SessionRules.allowsBegin(index, text: references[index].text)
            && (current.map { canEnd($0, references) } ?? true)
    }

    private static func canEnd(_ index: Int, _ references: [ReferenceInput]) -> Bool {
        SessionRules.allowsEnd(index, utf16Length: references[index].units.count)
    }

    // MARK: - Invariants

    private static func check(
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
            let marked = reference.marked.map { NSRange(location: $0.location, length: $0.length) }
            if input.markedTextRange != marked {
                return
                    "input \(index) marked \(String(describing: input.markedTextRange)) != \(String(describing: marked))"
            }
            let expected = NSRange(location: reference.cursor, length: reference.selectionLength)
            if input.selectedRange != expected {
                return "input \(index) selection \(input.selectedRange) != \(expected)"
            }
            let told =
                ((input as? TextField)?.delegate as? RuleFieldDelegate)?.selectionChanges
                ?? ((input as? TextView)?.delegate as? RuleViewDelegate)?.selectionChanges
            if told != reference.selectionChanges {
                return "input \(index) told of \(told ?? -1) selection changes, expected \(reference.selectionChanges)"
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
