import Foundation
import KeypadCore

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

/// The rules the random sessions' delegates apply, which the reference applies too:
/// no edit may insert an "x"; input 1 refuses to begin while its text holds an "a";
/// input 2 refuses to end while its text has an odd UTF-16 length.
enum SessionRules {
    static func allowsChange(_ replacement: String) -> Bool { !replacement.contains("x") }
    static func allowsBegin(_ index: Int, text: String) -> Bool { !(index == 1 && text.contains("a")) }
    static func allowsEnd(_ index: Int, utf16Length: Int) -> Bool { !(index == 2 && utf16Length % 2 == 1) }
}

/// A field delegate that applies ``SessionRules`` for the input at `index`.
@MainActor
final class RuleFieldDelegate: TextFieldDelegate {
    let index: Int
    init(index: Int) { self.index = index }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    { SessionRules.allowsChange(string) }
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        SessionRules.allowsBegin(index, text: textField.text)
    }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        SessionRules.allowsEnd(index, utf16Length: textField.utf16Length)
    }
}

/// A text view delegate that applies ``SessionRules`` for the input at `index`.
@MainActor
final class RuleViewDelegate: TextViewDelegate {
    let index: Int
    init(index: Int) { self.index = index }
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        SessionRules.allowsChange(text)
    }
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool {
        SessionRules.allowsBegin(index, text: textView.text)
    }
    func textViewShouldEndEditing(_ textView: TextView) -> Bool {
        SessionRules.allowsEnd(index, utf16Length: textView.utf16Length)
    }
}

/// The reference input: plain UTF-16 arrays and offsets, written independently of TextBuffer.
struct ReferenceInput {
    var units: [UInt16] = []
    var cursor = 0
    var selectionLength = 0
    var enabled = true
    /// Whether line breaks stay (a text view) or become spaces (a field).
    var isMultiline = false

    var text: String { String(decoding: units, as: UTF16.self) }

    /// The text a user insertion really inserts.
    func normalized(_ piece: String) -> String {
        isMultiline ? piece : String(piece.map { $0.isNewline ? " " : $0 })
    }

    mutating func setText(_ string: String) {
        units = Array(normalized(string).utf16)
        cursor = units.count
        selectionLength = 0
    }

    mutating func replaceSelection(with string: String) {
        replace(from: cursor, to: cursor + selectionLength, with: string)
    }

    mutating func replace(from lower: Int, to upper: Int, with string: String) {
        let inserted = Array(string.utf16)
        units.replaceSubrange(lower..<upper, with: inserted)
        cursor = lower + inserted.count
        selectionLength = 0
    }

    /// deleteBackward: the selection, or the last grapheme before the cursor.
    mutating func deleteBackward() {
        if selectionLength > 0 {
            replaceSelection(with: "")
        } else if cursor > 0 {
            let prefix = String(decoding: units[..<cursor], as: UTF16.self)
            let length = prefix.last.map { String($0).utf16.count } ?? 0
            replace(from: cursor - length, to: cursor, with: "")
        }
    }

    /// Selects as UIKit does: clamped into the text, the start moved back and the end
    /// moved forward to grapheme boundaries; a cursor stays a cursor.
    mutating func select(location: Int, length: Int) {
        let count = units.count
        let lower = min(max(location, 0), count)
        let upper = min(max(lower + max(length, 0), lower), count)
        let boundaries = graphemeBoundaries()
        let start = boundaries.last { $0 <= lower } ?? 0
        let end = upper == lower ? start : (boundaries.first { $0 >= upper } ?? count)
        cursor = start
        selectionLength = end - start
    }

    /// The UTF-16 offsets at which graphemes start, and the end of the text.
    private func graphemeBoundaries() -> [Int] {
        var offsets = [0]
        for character in text { offsets.append((offsets.last ?? 0) + character.utf16.count) }
        return offsets
    }
}
