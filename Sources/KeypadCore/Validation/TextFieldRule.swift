import Foundation

/// An edit a field is about to make, as its rules see it.
public struct ProposedEdit: Equatable, Sendable {
    /// The text before the edit.
    public var text: String
    /// The UTF-16 range being replaced.
    public var range: NSRange
    /// What replaces it; empty for a deletion.
    public var replacement: String
    /// The field's locale (decimal and grouping separators).
    public var locale: Locale
    /// The field's keyboard type.
    public var keyboardType: KeyboardType
    /// Whether the edit is a step of a composition (marked text, such as pinyin letters
    /// before the user picks a character) rather than text being committed. The built-in
    /// rules allow every step and judge only the commit, so a composition may run past
    /// a limit while marked; an app's rule can do the same. See <doc:MarkedText>.
    public var isCompositionStep: Bool

    public init(
        text: String, range: NSRange, replacement: String, locale: Locale, keyboardType: KeyboardType,
        isCompositionStep: Bool = false
    ) {
        self.text = text
        self.range = range
        self.replacement = replacement
        self.locale = locale
        self.keyboardType = keyboardType
        self.isCompositionStep = isCompositionStep
    }

    /// The text the edit would produce (the unchanged text for an invalid range).
    public var result: String {
        var buffer = TextBuffer(text: text)
        return buffer.replace(range, with: replacement) ? buffer.text : text
    }

    /// Whether the edit only deletes.
    public var isDeletion: Bool { replacement.isEmpty }
}

/// What a rule makes of a proposed edit.
public enum RuleDecision: Equatable, Sendable {
    /// The edit may go ahead (as far as this rule is concerned).
    case allow
    /// The edit is refused; text and cursor stay as they were.
    case reject
    /// The edit goes ahead with another replacement for the same range (a filtered paste).
    case replace(with: String)
    /// The field's whole text becomes `text` with `selectedRange` (a formatter).
    case format(text: String, selectedRange: NSRange)
}

/// Why the text failed a check when editing was about to end.
public struct ValidationFailure: Error, Equatable, Sendable {
    /// A message for the user.
    public var message: String
    public init(message: String) { self.message = message }
}

/// One check or transformation of a field's edits, composed by ``ValidatingTextFieldDelegate``.
public protocol TextFieldRule: Sendable {
    /// Decides on an edit.
    func evaluate(_ edit: ProposedEdit) -> RuleDecision
    /// Checks the text as editing is about to end; a failure keeps the field editing.
    func validate(_ text: String) -> ValidationFailure?
}

extension TextFieldRule {
    public func evaluate(_ edit: ProposedEdit) -> RuleDecision { .allow }
    public func validate(_ text: String) -> ValidationFailure? { nil }
}
