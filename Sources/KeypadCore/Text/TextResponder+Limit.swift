import Foundation

/// The input's length limit, ``TextResponder/maximumUTF8Length``: the model never holds
/// more than the widget showing it can, so model and widget always hold the same text.
/// The GTK adapter lowers it to what its widget holds: 65 534 bytes for a GtkEntry, and
/// 256 KiB for a GtkTextView (which lays a long line out at about 100 bytes a character).
///
/// The one outcome: an edit — a key, typing, a paste, a delegate's own edit — that
/// would take the text past the limit is refused as a whole, before the delegate is
/// asked. Text and cursor stay as they were, ``TextResponder/replace(_:withText:)``
/// returns false, and no change event is sent. Text set from code (``TextResponder/text``,
/// a formatter's ``TextResponder/applyDelegateEdit(text:selectedRange:)``) or a text
/// already longer when the limit is set is cut at the last whole grapheme that fits.
extension TextResponder {
    /// Whether replacing `range` (valid in the text) with `replacement` keeps the text within the limit.
    public func fits(replacing range: NSRange, with replacement: String) -> Bool {
        guard let limit = maximumUTF8Length else { return true }
        let added = replacement.utf8.count
        // Removing text can only help; count its bytes only when the insertion alone is not enough.
        let current = buffer.text.utf8.count
        if current + added <= limit { return true }
        guard added <= limit, let removed = buffer.utf8Count(of: range) else { return false }
        return current - removed + added <= limit
    }

    /// Whether `replacement` could fit once normalized. Normalizing (a field's line breaks
    /// to spaces) shrinks text to no less than a third of its UTF-8 length (U+2028, three
    /// bytes, becomes one space), so anything over three times the limit is refused before
    /// a 10 MB paste is walked character by character.
    func mayFit(_ replacement: String) -> Bool {
        guard let limit = maximumUTF8Length else { return true }
        return replacement.utf8.count <= 3 * limit
    }

    /// The start of `text` that can matter under the limit (three times it, on a scalar
    /// boundary), so text set from code is not normalized beyond what is kept.
    func prefixForLimit(_ text: String) -> String {
        guard let limit = maximumUTF8Length, text.utf8.count > 3 * limit + 8 else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: 3 * limit + 8)
        while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        return String(text.unicodeScalars[..<end])
    }

    /// `text` cut at the last whole grapheme within the limit.
    func cutToMaximumLength(_ text: String) -> String {
        guard let limit = maximumUTF8Length, text.utf8.count > limit else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: max(limit, 0))
        while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        var cut = String(text.unicodeScalars[..<end])
        // The last grapheme may have been cut in two (a letter without its accent): drop it.
        if !cut.isEmpty {
            let last = cut.index(before: cut.endIndex)
            let offset = cut.utf8.distance(from: cut.utf8.startIndex, to: last)
            let original = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            if text[original...].first != cut.last { cut.removeLast() }
        }
        return cut
    }

    /// Cuts the text to a newly set limit.
    func enforceMaximumLength() {
        let cut = cutToMaximumLength(buffer.text)
        guard cut.utf8.count != buffer.text.utf8.count else { return }
        let selection = buffer.selectedRange
        composition = nil
        buffer.setText(cut)
        buffer.select(selection)
        notifyObservers(.text)
    }
}
