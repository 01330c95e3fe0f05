import Foundation

/// The app's text around the caret as input-method-v2 gives it (UTF-8, byte offsets) and as
/// the model keeps it (UTF-16 offsets).
nonisolated struct SurroundingText: Equatable, Sendable {
    var text: String
    /// Byte offsets of the caret and of the selection's other end (equal: no selection).
    var cursor: Int
    var anchor: Int

    /// The selection in UTF-16 offsets (length 0 at the caret).
    var selection: NSRange {
        let bytes = text.utf8
        let start = Self.utf16Offset(ofByte: min(cursor, anchor), in: bytes)
        let end = Self.utf16Offset(ofByte: max(cursor, anchor), in: bytes)
        return NSRange(location: start, length: end - start)
    }

    /// The bytes before and after the caret that `range` (UTF-16) covers, for
    /// `delete_surrounding_text`; nil when the range does not touch the caret or leaves the text.
    func deletion(of range: NSRange) -> (before: UInt32, after: UInt32)? {
        let units = Array(text.utf16)
        guard range.location >= 0, range.length >= 0, range.location + range.length <= units.count else { return nil }
        let start = String(decoding: units[..<range.location], as: UTF16.self).utf8.count
        let end = String(decoding: units[..<(range.location + range.length)], as: UTF16.self).utf8.count
        guard start <= cursor, cursor <= end else { return nil }
        return (UInt32(cursor - start), UInt32(end - cursor))
    }

    /// The text after `range` (UTF-16) is replaced with `replacement`, the caret after it:
    /// what the app will send once it has the edit.
    func replacing(_ range: NSRange, with replacement: String) -> SurroundingText? {
        let units = Array(text.utf16)
        guard range.location >= 0, range.length >= 0, range.location + range.length <= units.count else { return nil }
        let before = String(decoding: units[..<range.location], as: UTF16.self) + replacement
        let after = String(decoding: units[(range.location + range.length)...], as: UTF16.self)
        let caret = before.utf8.count
        return SurroundingText(text: before + after, cursor: caret, anchor: caret)
    }

    /// The UTF-16 offset, in `String(decoding: bytes, as: UTF8.self)`, of the byte index
    /// `byteIndex` into `bytes` (what the app sent, which may be invalid UTF-8 or out of range:
    /// each invalid byte sequence reads as one U+FFFD, as `String(decoding:as:)` decodes it). A
    /// negative index is the start, one past the end is the end, and an index inside a character
    /// (or inside an invalid sequence) is that character's start.
    static func utf16Offset(ofByte byteIndex: Int, in bytes: some Collection<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var consumed = 0
        var units = 0
        while true {
            let length: Int
            let width: Int
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                length = encoded.count
                width = Unicode.UTF16.width(Unicode.UTF8.decode(encoded))
            case .error(let errorLength):
                length = errorLength
                width = 1  // U+FFFD
            case .emptyInput:
                return units
            }
            guard consumed + length <= byteIndex else { return units }
            consumed += length
            units += width
        }
    }
}
