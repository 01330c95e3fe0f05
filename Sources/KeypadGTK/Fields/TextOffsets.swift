import Foundation

/// Converts between GTK's character offsets (Unicode scalars) and the model's UTF-16 offsets.
package enum TextOffsets {
    /// The UTF-16 offset of the scalar offset `scalars` in `text` (clamped to its end).
    static func utf16(fromScalar scalars: Int, in text: String) -> Int {
        var units = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index >= scalars { break }
            units += scalar.utf16.count
        }
        return units
    }

    /// The scalar offset of the UTF-16 offset `units` in `text`.
    static func scalar(fromUTF16 units: Int, in text: String) -> Int {
        var consumed = 0
        var scalars = 0
        for scalar in text.unicodeScalars {
            if consumed >= units { break }
            consumed += scalar.utf16.count
            scalars += 1
        }
        return scalars
    }

    /// The UTF-16 range of the scalar range `start..<end` (`end` < 0 means the end of `text`).
    package static func utf16Range(fromScalars start: Int, _ end: Int, in text: String) -> NSRange {
        let lower = utf16(fromScalar: start, in: text)
        let upper = end < 0 ? text.utf16.count : utf16(fromScalar: end, in: text)
        return NSRange(location: lower, length: max(0, upper - lower))
    }

    /// The smallest edit, in scalars, that turns `old` into `new`: replace
    /// `start..<end` of `old` with `inserted` (the common prefix and suffix stay).
    static func difference(from old: String, to new: String) -> (start: Int, end: Int, inserted: String) {
        let before = old.unicodeScalars
        let after = new.unicodeScalars
        var oldLower = before.startIndex
        var newLower = after.startIndex
        var start = 0
        while oldLower != before.endIndex, newLower != after.endIndex, before[oldLower] == after[newLower] {
            before.formIndex(after: &oldLower)
            after.formIndex(after: &newLower)
            start += 1
        }
        var oldUpper = before.endIndex
        var newUpper = after.endIndex
        while oldUpper > oldLower, newUpper > newLower {
            let oldLast = before.index(before: oldUpper)
            let newLast = after.index(before: newUpper)
            guard before[oldLast] == after[newLast] else { break }
            oldUpper = oldLast
            newUpper = newLast
        }
        let end = start + before.distance(from: oldLower, to: oldUpper)
        return (start, end, String(after[newLower..<newUpper]))
    }
}
