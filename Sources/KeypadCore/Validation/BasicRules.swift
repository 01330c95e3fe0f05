import Foundation

/// At most `maximum` characters (graphemes: an emoji with modifiers or a flag is one).
///
/// An insertion that would go past the limit is refused whole, not truncated: a
/// pasted 12-digit number into a 10-digit field is more likely a mistake than a
/// number to cut. Deletions are always allowed, and so are composition steps
/// (``ProposedEdit/isCompositionStep``): the commit is judged, so pinyin letters may run
/// past the limit while the user picks the character that fits.
public struct MaxLengthRule: TextFieldRule {
    public var maximum: Int
    public init(_ maximum: Int) { self.maximum = maximum }

    public func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        guard !edit.isDeletion, !edit.isCompositionStep else { return .allow }
        return edit.result.count <= maximum ? .allow : .reject
    }
}

/// Only the characters a keyboard type stands for: ASCII digits for number pads;
/// digits, `*`, `#`, `+`, space, `-`, `(` and `)` for phone pads; digits and the
/// locale's decimal separator for decimal pads. Other types allow everything.
///
/// Pasted text is **filtered**, not refused: "12ab3" pasted into a number-pad field
/// inserts "123" (a number copied with its formatting still goes in); text with no
/// allowed character at all — a single typed letter — is refused and changes nothing.
/// Composition steps are allowed; their commit is judged.
public struct AllowedCharactersRule: TextFieldRule {
    public init() {}

    /// Whether `character` may be typed into a field of `type` in `locale`.
    public static func allows(_ character: Character, for type: KeyboardType, locale: Locale) -> Bool {
        let isDigit = character.isASCII && character.isNumber
        switch type {
        case .numberPad, .asciiCapableNumberPad: return isDigit
        case .phonePad: return isDigit || "*#+ -()".contains(character)
        case .decimalPad: return isDigit || String(character) == (locale.decimalSeparator ?? ".")
        default: return true
        }
    }

    public func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        guard !edit.isDeletion, !edit.isCompositionStep else { return .allow }
        let kept = edit.replacement.filter { Self.allows($0, for: edit.keyboardType, locale: edit.locale) }
        if kept == edit.replacement { return .allow }
        return kept.isEmpty ? .reject : .replace(with: kept)
    }
}

/// A decimal number: at most one separator (the field's locale's), at most
/// `maximumFractionDigits` after it and `maximumIntegerDigits` before it. Composition
/// steps are allowed; their commit is judged.
public struct DecimalRule: TextFieldRule {
    public var maximumFractionDigits: Int
    public var maximumIntegerDigits: Int

    public init(maximumFractionDigits: Int = 2, maximumIntegerDigits: Int = 12) {
        self.maximumFractionDigits = maximumFractionDigits
        self.maximumIntegerDigits = maximumIntegerDigits
    }

    public func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        guard !edit.isDeletion, !edit.isCompositionStep else { return .allow }
        let separator = edit.locale.decimalSeparator ?? "."
        let parts = edit.result.components(separatedBy: separator)
        guard parts.count <= 2 else { return .reject }
        let integerDigits = parts[0].filter(\.isNumber).count
        let fractionDigits = parts.count == 2 ? parts[1].filter(\.isNumber).count : 0
        return integerDigits <= maximumIntegerDigits && fractionDigits <= maximumFractionDigits ? .allow : .reject
    }
}

/// The whole text must match a regular expression when editing ends; otherwise the
/// field keeps editing and the rule's message is reported.
public struct PatternRule: TextFieldRule {
    public var pattern: String
    public var message: String
    public var allowsEmpty: Bool

    /// - Throws: the regular expression's own error when `pattern` does not compile.
    public init(pattern: String, message: String, allowsEmpty: Bool = false) throws {
        _ = try NSRegularExpression(pattern: pattern)
        self.pattern = pattern
        self.message = message
        self.allowsEmpty = allowsEmpty
    }

    public func validate(_ text: String) -> ValidationFailure? {
        if text.isEmpty, allowsEmpty { return nil }
        guard let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else {
            return ValidationFailure(message: message)
        }
        let range = NSRange(location: 0, length: text.utf16.count)
        return expression.firstMatch(in: text, range: range) == nil ? ValidationFailure(message: message) : nil
    }
}
