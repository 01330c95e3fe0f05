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
    /// How many times the field said its selection changed.
    private(set) var selectionChanges = 0
    init(index: Int) { self.index = index }
    func textFieldDidChangeSelection(_ textField: TextField) { selectionChanges += 1 }
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
    /// How many times the view said its selection changed.
    private(set) var selectionChanges = 0
    init(index: Int) { self.index = index }
    func textViewDidChangeSelection(_ textView: TextView) { selectionChanges += 1 }
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
    /// Whether the input is secure: beginning to edit with text makes the next edit replace it all.
    var isSecure = false
    /// Set when a secure input begins editing with text; the next applied edit replaces all of it.
    var replacesAllAtNextEdit = false
    /// How many applied edits moved the selection (each one tells the delegate).
    var selectionChanges = 0
    /// The marked text's UTF-16 range, while a composition runs.
    var marked: (location: Int, length: Int)?
    /// What the composition's first step replaced, and the selection then.
    var origin: (replaced: [UInt16], cursor: Int, length: Int)?

    var text: String { String(decoding: units, as: UTF16.self) }

    /// The text a user insertion really inserts.
    func normalized(_ piece: String) -> String {
        isMultiline ? piece : String(piece.map { $0.isNewline ? " " : $0 })
    }

    mutating func setText(_ string: String) {
        marked = nil
        origin = nil
        units = Array(normalized(string).utf16)
        cursor = units.count
        selectionLength = 0
        replacesAllAtNextEdit = false
    }

    /// The clear button: an applied edit to empty text, the cursor at 0.
    mutating func clear() {
        marked = nil
        origin = nil
        let before = (cursor, selectionLength)
        setText("")
        if before != (0, 0) { selectionChanges += 1 }
    }

    /// Editing begins: a secure input holding text will replace it at the next edit.
    mutating func beginEditing() {
        replacesAllAtNextEdit = isSecure && !units.isEmpty
    }

    mutating func replaceSelection(with string: String) {
        if replacesAllAtNextEdit {
            replace(from: 0, to: units.count, with: string)
        } else {
            replace(from: cursor, to: cursor + selectionLength, with: string)
        }
    }

    mutating func replace(from lower: Int, to upper: Int, with string: String) {
        let before = (cursor, selectionLength)
        let inserted = Array(string.utf16)
        units.replaceSubrange(lower..<upper, with: inserted)
        cursor = lower + inserted.count
        selectionLength = 0
        replacesAllAtNextEdit = false
        if before != (cursor, selectionLength) { selectionChanges += 1 }
    }

    /// deleteBackward: the selection, or the last grapheme before the cursor; all of the
    /// text when it is a secure input's first edit.
    mutating func deleteBackward() {
        if replacesAllAtNextEdit, !units.isEmpty {
            replace(from: 0, to: units.count, with: "")
        } else if selectionLength > 0 {
            replaceSelection(with: "")
        } else if cursor > 0 {
            let prefix = String(decoding: units[..<cursor], as: UTF16.self)
            let length = prefix.last.map { String($0).utf16.count } ?? 0
            replace(from: cursor - length, to: cursor, with: "")
        }
    }

    /// A composition step: `string` replaces the marked text (or the selection) and is
    /// marked, the caret at its end, unless the input is secure or the delegate refuses.
    mutating func mark(_ string: String) {
        guard !isSecure, enabled, marked != nil || !string.isEmpty, SessionRules.allowsChange(string) else { return }
        let lower = marked?.location ?? cursor
        let upper = marked.map { $0.location + $0.length } ?? cursor + selectionLength
        if origin == nil { origin = (Array(units[lower..<upper]), cursor, selectionLength) }
        replace(from: lower, to: upper, with: string)
        let length = string.utf16.count
        marked = length > 0 ? (lower, length) : nil
        if marked == nil { origin = nil }
    }

    /// The commit: `string` replaces the marked text if the delegate agrees; otherwise
    /// the text and selection from before the composition come back.
    mutating func commit(_ string: String) {
        guard let range = marked, let origin else { return }
        marked = nil
        self.origin = nil
        if SessionRules.allowsChange(string) {
            replace(from: range.location, to: range.location + range.length, with: string)
            return
        }
        let before = (cursor, selectionLength)
        units.replaceSubrange(range.location..<range.location + range.length, with: origin.replaced)
        cursor = origin.cursor
        selectionLength = origin.length
        if before != (cursor, selectionLength) { selectionChanges += 1 }
    }

    /// Commits the marked text as it is (ending editing, Return, a key).
    mutating func commitMarkedText() {
        guard let range = marked else { return }
        commit(String(decoding: units[range.location..<range.location + range.length], as: UTF16.self))
    }

    /// Delete inside a composition: a step to the marked text less its last character.
    mutating func deleteInComposition() {
        guard let range = marked else { return }
        var string = String(decoding: units[range.location..<range.location + range.length], as: UTF16.self)
        string.removeLast()
        mark(string)
    }

    /// Selects as UIKit does: clamped into the text, the start moved back and the end
    /// moved forward to grapheme boundaries; a cursor stays a cursor. A selection from
    /// code outside the marked text ends the composition, keeping the text.
    mutating func select(location: Int, length: Int) {
        if let range = marked, location < range.location || location + length > range.location + range.length {
            marked = nil
            origin = nil
        }
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
