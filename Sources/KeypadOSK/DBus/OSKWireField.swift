import Foundation
import KeypadCore
import KeypadGTK

/// One app's focused field as org.keypad.OSK1's calls describe it (docs/gtk4.md): GTK's
/// purpose, hints and flags, and the surrounding text with the caret and the selection's
/// other end, kept in UTF-16 as the service's model counts.
nonisolated struct OSKWireField: Equatable, Sendable {
    /// `GTK_INPUT_HINT_INHIBIT_OSK`.
    static let inhibitOSKHint: UInt32 = 0x80
    /// FocusIn's and SetContentType's flags.
    static let multiLineFlag: UInt32 = 0x1
    static let hiddenTextFlag: UInt32 = 0x2
    /// The field is in its window's focus chain: the toolbar's previous and next send MoveFocus.
    static let focusChainFlag: UInt32 = 0x4
    /// The app does not tell its secure fields apart (Chromium gives no purpose): every key is
    /// concealed in the trace.
    static let unknownSecurityFlag: UInt32 = 0x8
    /// The app scrolls the field into view above the keypad itself (KeypadFrame): the keypad
    /// stays at its edge rather than moving off the caret (#31, #34).
    static let keepsInViewFlag: UInt32 = 0x10
    /// With ``focusChainFlag``: no field before this one (the first of its window's fields), so
    /// the toolbar's previous is disabled.
    static let firstInChainFlag: UInt32 = 0x20
    /// With ``focusChainFlag``: no field after this one, so the toolbar's next is disabled.
    static let lastInChainFlag: UInt32 = 0x40
    /// The longest surrounding text accepted, in UTF-8 bytes.
    static let maximumTextBytes = 65536

    var purpose: UInt32 = 0
    var hints: UInt32 = 0
    var flags: UInt32 = 0
    /// The surrounding text; nil when the app gave none (or the field is secure).
    private(set) var text: String?
    /// The caret and the selection's other end, UTF-16 offsets into ``text``.
    private(set) var cursor = 0
    private(set) var anchor = 0

    /// A field of `purpose`, `hints` and `flags`, with no text yet.
    init(purpose: UInt32 = 0, hints: UInt32 = 0, flags: UInt32 = 0) {
        self.purpose = purpose
        self.hints = hints
        self.flags = flags
    }

    /// Whether the app keeps the field in view itself, so the keypad need not move off its caret.
    var keepsItselfInView: Bool { flags & Self.keepsInViewFlag != 0 }

    /// Whether the field's text must never be held: password and PIN, or hidden text.
    var isSecure: Bool {
        InputPurposeTable.row(for: purpose)?.isSecure == true || flags & Self.hiddenTextFlag != 0
    }

    /// The field as the service takes it.
    var field: OSKField {
        var traits = TextInputTraits()
        if let row = InputPurposeTable.row(for: purpose) {
            traits.keyboardType = row.shows
            traits.isSecureTextEntry = row.isSecure
        }
        if flags & Self.hiddenTextFlag != 0 { traits.isSecureTextEntry = true }
        let low = min(cursor, anchor)
        let inChain = flags & Self.focusChainFlag != 0
        var field = OSKField(
            traits: traits, wantsKeypad: hints & Self.inhibitOSKHint == 0, text: isSecure ? nil : text,
            selection: NSRange(location: low, length: abs(cursor - anchor)),
            concealsKeys: flags & Self.unknownSecurityFlag != 0)
        field.hasPreviousField = inChain && flags & Self.firstInChainFlag == 0
        field.hasNextField = inChain && flags & Self.lastInChainFlag == 0
        return field
    }

    /// Why SetSurroundingText's arguments were refused.
    enum TextError: Error, Equatable {
        case tooLong(bytes: Int)
        case offsetOutside(cursor: Int32, anchor: Int32, characters: Int)
    }

    /// Takes SetSurroundingText's arguments: code-point offsets (`cursor` -1: no text). A
    /// secure field keeps none. Throws, keeping no text, for text over
    /// ``maximumTextBytes`` or offsets outside it.
    mutating func setText(_ newText: String, cursor newCursor: Int32, anchor newAnchor: Int32) throws(TextError) {
        text = nil
        cursor = 0
        anchor = 0
        guard newCursor >= 0 else { return }
        guard newText.utf8.count <= Self.maximumTextBytes else { throw .tooLong(bytes: newText.utf8.count) }
        let scalars = newText.unicodeScalars
        guard newCursor <= scalars.count, newAnchor >= 0, newAnchor <= scalars.count else {
            throw .offsetOutside(cursor: newCursor, anchor: newAnchor, characters: scalars.count)
        }
        guard !isSecure else { return }
        text = newText
        cursor = Self.utf16Offset(ofScalar: Int(newCursor), in: newText)
        anchor = Self.utf16Offset(ofScalar: Int(newAnchor), in: newText)
    }

    /// Drops the text when the field became secure (a new purpose or flags).
    mutating func forgetTextIfSecure() {
        if isSecure { text = nil }
    }

    /// DeleteSurrounding's arguments for deleting the UTF-16 `range` of ``text``: code
    /// points from the caret, and how many. Nil without text, for a range outside it, and
    /// while this copy holds a selection: the app then deletes its own selection (Backspace),
    /// which this copy may lag behind (the user may have dropped it in the app). A thin
    /// module that gets a DeleteSurrounding while its field has a selection deletes the
    /// selection instead (docs/thin-modules.md): keypad-osk never sends one over a selection.
    func deleteArguments(for range: NSRange) -> (offset: Int32, count: UInt32)? {
        guard let text, selection.length == 0, range.location >= 0, range.length > 0,
            range.location + range.length <= text.utf16.count
        else { return nil }
        let start = Self.scalarOffset(ofUTF16: range.location, in: text)
        let end = Self.scalarOffset(ofUTF16: range.location + range.length, in: text)
        let caret = Self.scalarOffset(ofUTF16: cursor, in: text)
        return (Int32(start - caret), UInt32(end - start))
    }

    /// Follows an edit sent to the app before the app's own next surrounding text comes: the
    /// UTF-16 `range` replaced by `replacement`, the caret after it.
    mutating func applyEdit(_ range: NSRange, replacement: String) {
        guard let text, range.location >= 0, range.location + range.length <= text.utf16.count else { return }
        self.text = (text as NSString).replacingCharacters(in: range, with: replacement)
        cursor = range.location + replacement.utf16.count
        anchor = cursor
    }

    /// The selection (or the caret) as a UTF-16 range.
    var selection: NSRange { NSRange(location: min(cursor, anchor), length: abs(cursor - anchor)) }

    /// The UTF-16 units before the `offset`-th code point.
    static func utf16Offset(ofScalar offset: Int, in text: String) -> Int {
        let scalars = text.unicodeScalars
        let index = scalars.index(scalars.startIndex, offsetBy: offset)
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// The code points before UTF-16 `offset` (an offset inside a surrogate pair rounds down).
    static func scalarOffset(ofUTF16 offset: Int, in text: String) -> Int {
        var units = 0
        var count = 0
        for scalar in text.unicodeScalars {
            guard units + scalar.utf16.count <= offset else { break }
            units += scalar.utf16.count
            count += 1
        }
        return count
    }
}
