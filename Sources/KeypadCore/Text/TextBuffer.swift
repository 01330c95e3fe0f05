import Foundation

/// Text and a selection, edited with UTF-16 ranges as `NSRange` counts them.
///
/// The buffer keeps the selection's UTF-8 offsets and the text's UTF-16 length
/// beside the text, so typing and deleting at the cursor cost the same with ten
/// characters or a million: no edit at the cursor walks the string.
public struct TextBuffer: Equatable, Sendable {
    /// The text.
    public private(set) var text: String
    /// The length of ``text`` in UTF-16 code units.
    public private(set) var utf16Length: Int
    /// The selection in UTF-16 units; a zero length is a cursor.
    public private(set) var selectedRange: NSRange
    /// The selection's bounds as UTF-8 offsets into ``text``.
    private var selectionUTF8: Range<Int>

    /// Creates a buffer with the cursor at the end of `text`.
    public init(text: String = "") {
        self.text = text
        utf16Length = text.utf16.count
        selectedRange = NSRange(location: utf16Length, length: 0)
        let end = text.utf8.count
        selectionUTF8 = end..<end
    }

    /// Whether the buffer holds any text.
    public var hasText: Bool { utf16Length > 0 }

    /// The full range of the text in UTF-16 units.
    public var fullRange: NSRange { NSRange(location: 0, length: utf16Length) }

    /// Replaces all of the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        self = TextBuffer(text: newText)
    }

    /// Moves the selection, clamped to the text and widened to whole graphemes, as
    /// UIKit's text ranges are.
    ///
    /// - Returns: whether the selection changed.
    @discardableResult
    public mutating func select(_ range: NSRange) -> Bool {
        let lower = min(max(range.location, 0), utf16Length)
        let upper = min(max(lower + max(range.length, 0), lower), utf16Length)
        let lowerIndex = characterBoundary(utf16Offset: lower, roundingUp: false)
        let upperIndex = upper == lower ? lowerIndex : characterBoundary(utf16Offset: upper, roundingUp: true)
        let newRange = NSRange(
            location: text.utf16.distance(from: text.startIndex, to: lowerIndex),
            length: text.utf16.distance(from: lowerIndex, to: upperIndex))
        guard newRange != selectedRange else { return false }
        selectedRange = newRange
        selectionUTF8 = utf8Offset(of: lowerIndex)..<utf8Offset(of: upperIndex)
        return true
    }

    /// Whether `range` lies inside the text with both ends on Unicode scalar boundaries.
    public func isValid(_ range: NSRange) -> Bool {
        guard range.location >= 0, range.length >= 0, range.location + range.length <= utf16Length else {
            return false
        }
        return utf8Offset(utf16Offset: range.location) != nil
            && utf8Offset(utf16Offset: range.location + range.length) != nil
    }

    /// The range `deleteBackward()` removes: the selection, or else the whole grapheme
    /// (emoji with modifiers, flags, ZWJ sequences, a letter with its marks) before the
    /// cursor; nil at the start of the text.
    ///
    /// A cursor left inside a grapheme by ``replace(_:with:)`` deletes the part of that
    /// grapheme before it.
    public var rangeForDeleteBackward: NSRange? {
        if selectedRange.length > 0 { return selectedRange }
        guard selectedRange.location > 0 else { return nil }
        if isLoneASCIIBefore(utf8Offset: selectionUTF8.lowerBound) {
            return NSRange(location: selectedRange.location - 1, length: 1)
        }
        let cursor = text.utf8.index(text.utf8.startIndex, offsetBy: selectionUTF8.lowerBound)
        let length: Int
        if cursor.samePosition(in: text) != nil {
            length = text.utf16.distance(from: text.index(before: cursor), to: cursor)
        } else {
            length = text[..<cursor].last.map { String($0).utf16.count } ?? 0
        }
        return NSRange(location: selectedRange.location - length, length: length)
    }

    /// Whether the grapheme before UTF-8 offset `offset` (> 0) is one ASCII character: an
    /// ASCII byte after the start or after another ASCII byte, unless the two are CR LF.
    /// No grapheme rule joins two ASCII scalars but CR LF, and what follows `offset` does
    /// not count (the part of a grapheme before the cursor is deleted), so typed digits
    /// delete without a grapheme walk.
    private func isLoneASCIIBefore(utf8Offset offset: Int) -> Bool {
        let utf8 = text.utf8
        let last = utf8[utf8.index(utf8.startIndex, offsetBy: offset - 1)]
        guard last < 0x80 else { return false }
        guard offset > 1 else { return true }
        let previous = utf8[utf8.index(utf8.startIndex, offsetBy: offset - 2)]
        return previous < 0x80 && !(previous == 0x0D && last == 0x0A)
    }

    /// The text that `range` would produce if `replacement` replaced it, or nil for an invalid range.
    public func text(replacing range: NSRange, with replacement: String) -> String? {
        var copy = self
        return copy.replace(range, with: replacement) ? copy.text : nil
    }

    /// Replaces `range` with `replacement` and puts the cursor after the inserted text.
    ///
    /// - Returns: false, changing nothing, when `range` is not ``isValid(_:)``.
    @discardableResult
    public mutating func replace(_ range: NSRange, with replacement: String) -> Bool {
        guard range.location >= 0, range.length >= 0, range.location + range.length <= utf16Length,
            let lowerUTF8 = utf8Offset(utf16Offset: range.location),
            let upperUTF8 = utf8Offset(utf16Offset: range.location + range.length)
        else { return false }
        if lowerUTF8 == upperUTF8, upperUTF8 == text.utf8.count {
            text.append(replacement)  // typing at the end: no range to check or move
        } else {
            text.replaceSubrange(index(utf8Offset: lowerUTF8)..<index(utf8Offset: upperUTF8), with: replacement)
        }
        let insertedUTF16 = replacement.utf16.count
        utf16Length += insertedUTF16 - range.length
        let cursorUTF8 = lowerUTF8 + replacement.utf8.count
        selectedRange = NSRange(location: range.location + insertedUTF16, length: 0)
        selectionUTF8 = cursorUTF8..<cursorUTF8
        return true
    }

    /// The number of UTF-8 bytes in `range`, or nil for an invalid range.
    func utf8Count(of range: NSRange) -> Int? {
        guard isValid(range), let lower = index(utf16Offset: range.location),
            let upper = index(utf16Offset: range.location + range.length)
        else { return nil }
        return text.utf8.distance(from: lower, to: upper)
    }

    // MARK: - Index conversion

    private func utf8Offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    private func index(utf8Offset offset: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// The scalar-aligned index at a UTF-16 offset, or nil if the offset splits a surrogate pair.
    private func index(utf16Offset offset: Int) -> String.Index? {
        utf8Offset(utf16Offset: offset).map(index(utf8Offset:))
    }

    /// The UTF-8 offset at a UTF-16 offset in the text, or nil if the offset splits a
    /// surrogate pair or lies outside the text.
    ///
    /// The walk starts from the nearest known place — the start, either end of the
    /// selection, or the end — and steps over whole scalars in the UTF-8 bytes, so offsets
    /// near the cursor convert in time proportional to their distance from it, not to the
    /// length of the text.
    private func utf8Offset(utf16Offset offset: Int) -> Int? {
        guard offset >= 0, offset <= utf16Length else { return nil }
        let selectionEnd = selectedRange.location + selectedRange.length
        // The nearest anchor: its UTF-16 and UTF-8 offsets.
        var anchor = (utf16: 0, utf8: 0)
        var distance = offset
        if abs(offset - selectedRange.location) < distance {
            distance = abs(offset - selectedRange.location)
            anchor = (selectedRange.location, selectionUTF8.lowerBound)
        }
        if abs(offset - selectionEnd) < distance {
            distance = abs(offset - selectionEnd)
            anchor = (selectionEnd, selectionUTF8.upperBound)
        }
        if utf16Length - offset < distance {
            anchor = (utf16Length, text.utf8.count)
        }
        if anchor.utf16 == offset { return anchor.utf8 }
        return text.utf8.withContiguousStorageIfAvailable { Self.walk($0, from: anchor, to: offset) }
            ?? Self.walk(Array(text.utf8), from: anchor, to: offset)
    }

    /// Steps over whole scalars of UTF-8 `bytes` from a scalar boundary at `anchor` to the
    /// UTF-16 offset `target`: its UTF-8 offset, or nil if `target` splits a surrogate pair
    /// (a four-byte scalar is two UTF-16 units).
    private static func walk(
        _ bytes: some RandomAccessCollection<UInt8>, from anchor: (utf16: Int, utf8: Int), to target: Int
    ) -> Int? {
        var (units, offset) = anchor
        while units < target {
            let lead = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            offset += length
        }
        while units > target {
            offset -= 1
            var byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
            while byte & 0xC0 == 0x80 {
                offset -= 1
                byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
            }
            units -= byte >= 0xF0 ? 2 : 1
        }
        return units == target ? offset : nil
    }

    /// The grapheme boundary at or next to a UTF-16 offset, in the given direction.
    private func characterBoundary(utf16Offset offset: Int, roundingUp: Bool) -> String.Index {
        // Only the middle of a surrogate pair is unaligned as a scalar: one unit away is a boundary.
        var index =
            index(utf16Offset: offset)
            ?? index(utf16Offset: roundingUp ? offset + 1 : offset - 1) ?? text.endIndex
        while index.samePosition(in: text) == nil {
            index = roundingUp ? text.unicodeScalars.index(after: index) : text.unicodeScalars.index(before: index)
        }
        return index
    }
}
