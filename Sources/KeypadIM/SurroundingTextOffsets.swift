import Foundation

/// The offset conversions between what GTK's input-method API counts and what the model
/// counts: the surrounding text an app sets is UTF-8 with its cursor as a byte index, its
/// deletions count characters (Unicode scalars), and the model's ranges count UTF-16 units.
///
/// Pure functions over what the app gave, which may be invalid UTF-8 or out of range: each
/// invalid byte sequence reads as one U+FFFD (as `String(decoding:as:)` decodes it), and an
/// offset is clamped into the text, never trusted.
nonisolated enum SurroundingTextOffsets {
    /// The UTF-16 offset, in `String(decoding: bytes, as: UTF8.self)`, of the byte index
    /// `byteIndex` into `bytes`. A negative index is the start, one past the end is the end,
    /// and an index inside a character (or inside an invalid sequence) is that character's
    /// start.
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

    /// How many Unicode scalars begin inside the UTF-16 range `range` of `text`: the count
    /// `gtk_im_context_delete_surrounding` takes. Nil when the range does not lie inside
    /// the text (a negative location or length, or an end past the text's end).
    static func scalarCount(inUTF16 range: NSRange, of text: String) -> Int? {
        let total = text.utf16.count
        guard range.location >= 0, range.length >= 0, range.location <= total, range.length <= total - range.location
        else { return nil }
        var offset = 0
        var count = 0
        for scalar in text.unicodeScalars {
            if offset >= range.location + range.length { break }
            if offset >= range.location { count += 1 }
            offset += scalar.utf16.count
        }
        return count
    }
}
