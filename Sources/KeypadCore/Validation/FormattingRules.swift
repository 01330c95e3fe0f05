import Foundation

/// Groups an amount's integer digits as the user types ("1,234,567.89" en_US,
/// "1.234.567,89" de_DE), keeping the caret before the same digits it preceded — so
/// a "." typed into an empty field gives "0." with the caret after the ".".
///
/// Only digits and one decimal separator are kept. Deleting a grouping separator
/// deletes the digit before it, as a user who pressed delete there expects.
/// Composition steps pass unformatted; their commit is formatted.
public struct GroupingFormatter: TextFieldRule {
    public var maximumFractionDigits: Int
    public init(maximumFractionDigits: Int = 2) { self.maximumFractionDigits = maximumFractionDigits }

    public func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        guard !edit.isCompositionStep else { return .allow }
        let decimal = edit.locale.decimalSeparator ?? "."
        let grouping = edit.locale.groupingSeparator ?? ","
        var range = edit.range
        if edit.isDeletion, range.length == 1, range.location > 0,
            (edit.text as NSString).substring(with: range) == grouping
        {
            range = NSRange(location: range.location - 1, length: 2)
        }
        var buffer = TextBuffer(text: edit.text)
        guard buffer.replace(range, with: edit.replacement) else { return .reject }
        let raw = buffer.text
        // Formatting adds or drops characters only left of the digits typed (grouping, a
        // leading "0", leading zeros), so the caret is placed by the significant characters
        // (digits and the separator) to its right.
        let after = significantCount(in: raw, fromUTF16: buffer.selectedRange.location, decimal: decimal)
        guard let formatted = format(raw, decimal: decimal, grouping: grouping) else { return .reject }
        let total = significantCount(in: formatted, fromUTF16: 0, decimal: decimal)
        let location = utf16Offset(afterSignificant: max(0, total - after), in: formatted, decimal: decimal)
        return .format(text: formatted, selectedRange: NSRange(location: location, length: 0))
    }

    /// The grouped text, or nil when it is not a number this formatter accepts.
    func format(_ raw: String, decimal: String, grouping: String) -> String? {
        var integer = ""
        var fraction: String?
        for character in raw {
            if character.isASCII, character.isNumber {
                if fraction != nil { fraction?.append(character) } else { integer.append(character) }
            } else if String(character) == decimal {
                guard fraction == nil else { return nil }
                fraction = ""
            } else if String(character) != grouping {
                return nil
            }
        }
        if let fraction, fraction.count > maximumFractionDigits { return nil }
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        var grouped = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { grouped += grouping }
            grouped.append(digit)
        }
        if let fraction { grouped += (grouped.isEmpty ? "0" : "") + decimal + fraction }
        return grouped
    }

    private func significantCount(in text: String, fromUTF16 offset: Int, decimal: String) -> Int {
        let suffix = String(text.utf16.dropFirst(offset)) ?? text
        return suffix.filter { ($0.isASCII && $0.isNumber) || String($0) == decimal }.count
    }

    private func utf16Offset(afterSignificant count: Int, in text: String, decimal: String) -> Int {
        guard count > 0 else { return 0 }
        var seen = 0
        var offset = 0
        for character in text {
            offset += character.utf16.count
            if (character.isASCII && character.isNumber) || String(character) == decimal {
                seen += 1
                if seen == count { return offset }
            }
        }
        return text.utf16.count
    }
}

/// Formats a phone number into a template such as `"(###) ###-####"` or
/// `"+## ### ### ####"`: each `#` takes a digit, other characters are put in as the
/// digits reach them. The caret stays after the digit it followed; deleting one of
/// the template's characters deletes the digit before it. Composition steps pass
/// unformatted; their commit is formatted.
public struct PhoneFormatter: TextFieldRule {
    public var template: String
    public init(template: String) { self.template = template }

    private var capacity: Int { template.filter { $0 == "#" }.count }

    public func evaluate(_ edit: ProposedEdit) -> RuleDecision {
        guard !edit.isCompositionStep else { return .allow }
        var range = edit.range
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        if edit.isDeletion, range.length == 1, range.location > 0 {
            let removed = (edit.text as NSString).substring(with: range)
            if let character = removed.first, !isDigit(character) {
                let prefix = String(edit.text.utf16.prefix(range.location)) ?? ""
                if let digit = prefix.lastIndex(where: isDigit) {
                    let start = prefix.utf16.distance(from: prefix.startIndex, to: digit)
                    range = NSRange(location: start, length: range.location + 1 - start)
                }
            }
        }
        var buffer = TextBuffer(text: edit.text)
        guard buffer.replace(range, with: edit.replacement.filter(isDigit)) else { return .reject }
        if !edit.isDeletion, edit.replacement.filter(isDigit).isEmpty { return .reject }
        let digits = buffer.text.filter(isDigit)
        guard digits.count <= capacity else { return .reject }
        let caretDigits = (String(buffer.text.utf16.prefix(buffer.selectedRange.location)) ?? "").filter(isDigit).count
        let (formatted, caret) = fill(digits, caretAfter: caretDigits)
        return .format(text: formatted, selectedRange: NSRange(location: caret, length: 0))
    }

    /// The template filled with `digits`, up to the last digit, and the UTF-16 offset
    /// just after digit number `caretAfter`.
    func fill(_ digits: String, caretAfter: Int) -> (String, Int) {
        var result = ""
        var remaining = digits[...]
        var caret = caretAfter == 0 ? 0 : -1
        var used = 0
        for slot in template {
            guard !remaining.isEmpty else { break }
            if slot == "#" {
                result.append(remaining.removeFirst())
                used += 1
                if used == caretAfter { caret = result.utf16.count }
            } else {
                result.append(slot)
                if caretAfter == 0, used == 0 { caret = result.utf16.count }
            }
        }
        return (result, caret < 0 ? result.utf16.count : caret)
    }
}
