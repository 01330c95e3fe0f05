import Foundation

/// Marked text, as UIKit's `UITextInput` has it: the letters of a composition (pinyin
/// "ha" before the user picks 「哈」) sit in the text, marked, until they are committed.
///
/// Each step asks the delegate's should-change method with the range it replaces, as
/// every edit does, with ``TextResponder/isProposingCompositionStep`` true; the commit
/// (``TextResponder/insertText(_:)`` while text is marked) is asked with it false, so
/// rules judge what is committed, not each step. See <doc:MarkedText>.
extension TextResponder {
    /// A composition in progress: where its marked text is, and what to put back if its
    /// commit is refused.
    struct Composition {
        /// The marked text's UTF-16 range in the text.
        var range: NSRange
        /// The text the composition's first step replaced (the selection then).
        let replacedText: String
        /// The selection before the first step.
        let selectionBefore: NSRange
    }

    /// The marked text's range in UTF-16 units of ``text``; nil when nothing is marked.
    public var markedTextRange: NSRange? { composition?.range }

    /// The marked text itself; nil when nothing is marked.
    public var markedText: String? {
        composition.map { (buffer.text as NSString).substring(with: $0.range) }
    }

    /// Replaces the marked text — or the selection, when nothing is marked — with
    /// `markedText`, marks it, and puts the selection at `selectedRange` inside it.
    ///
    /// The delegate is asked first with the range replaced and `markedText`, as a
    /// composition step (``isProposingCompositionStep``); an accepted step sends the change
    /// events of any edit. `nil` or "" removes the marked text (a step too) and ends the
    /// composition; with nothing marked it changes nothing and asks nothing.
    ///
    /// A secure input never composes, as UIKit turns input methods off for secure text
    /// entry: there the call changes nothing, asks nothing, and returns false. A
    /// disabled input refuses it the same way.
    ///
    /// - Returns: whether the step was applied; a refused step leaves text, selection
    ///   and marked range as they were.
    @discardableResult
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) -> Bool {
        guard isEnabled, !isSecureTextEntry else { return false }
        let marked = normalizedInsertion(markedText ?? "")
        let origin = composition
        guard let range = origin?.range ?? (marked.isEmpty ? nil : buffer.selectedRange) else { return true }
        guard mayFit(marked), buffer.isValid(range), fits(replacing: range, with: marked) else { return false }
        let replacedText = origin?.replacedText ?? (buffer.text as NSString).substring(with: range)
        let selectionBefore = origin?.selectionBefore ?? buffer.selectedRange
        isProposingCompositionStep = true
        let accepted = shouldChangeText(in: range, replacementText: marked)
        isProposingCompositionStep = false
        // A delegate that made its own edit instead ended the composition.
        guard accepted, composition?.range == origin?.range else { return false }
        let selection = buffer.selectedRange
        guard buffer.replace(range, with: marked) else { return false }
        let length = marked.utf16.count
        if length == 0 {
            composition = nil
        } else {
            let marking = NSRange(location: range.location, length: length)
            composition = Composition(range: marking, replacedText: replacedText, selectionBefore: selectionBefore)
            let lower = min(max(selectedRange.location, 0), length)
            let upper = min(lower + max(selectedRange.length, 0), length)
            buffer.select(NSRange(location: range.location + lower, length: upper - lower))
        }
        clearsAtNextEdit = false
        sendEditEvents(selectionBefore: selection)
        return true
    }

    /// Keeps the marked text as ordinary text and ends the composition. It asks nothing
    /// and sends no change event: the text does not change. Observers hear
    /// ``Change/markedText``.
    public func unmarkText() {
        guard composition != nil else { return }
        composition = nil
        notifyObservers(.markedText)
    }

    /// Commits the marked text as it is, as ending editing, Return or a keypad key does:
    /// the same as ``insertText(_:)`` with the marked text, so the delegate and its rules
    /// judge it as a commit.
    ///
    /// - Returns: whether the marked text was kept. A refused commit puts back the text
    ///   and selection from before the composition began. True when nothing is marked.
    @discardableResult
    public func commitMarkedText() -> Bool {
        guard let markedText else { return true }
        return commitComposition(with: markedText)
    }

    /// Commits `text` in place of the marked text, as ``insertText(_:)`` does while text
    /// is marked (an input method's commit), and says whether it was kept; with nothing
    /// marked it inserts `text` as ``insertText(_:)`` does.
    @discardableResult
    public func commitMarkedText(replacingWith text: String) -> Bool {
        commitComposition(with: text)
    }

    /// Replaces the marked text with `text` and ends the composition, after the delegate
    /// agrees; a refusal puts back what the composition replaced (see ``commitMarkedText()``).
    @discardableResult
    func commitComposition(with text: String) -> Bool {
        guard let origin = composition else { return applyUserEdit(buffer.selectedRange, withText: text) }
        // No check of isEnabled: disabling an input while it composes ends its editing, which commits.
        let replacement = normalizedInsertion(text)
        if mayFit(replacement), fits(replacing: origin.range, with: replacement),
            shouldChangeText(in: origin.range, replacementText: replacement)
        {
            guard composition?.range == origin.range else { return false }
            composition = nil
            let selection = buffer.selectedRange
            guard buffer.replace(origin.range, with: replacement) else { return false }
            sendEditEvents(selectionBefore: selection)
            return true
        }
        // A delegate that made its own edit instead (a formatter) ended the composition.
        if composition?.range == origin.range { cancelComposition() }
        return false
    }

    /// Ends the composition by putting back the text it replaced and the selection from
    /// before it began, without asking (the steps are undone, nothing is committed), and
    /// sends the change events, since the text the delegate last saw changes.
    func cancelComposition() {
        guard let origin = composition else { return }
        composition = nil
        let selection = buffer.selectedRange
        guard buffer.replace(origin.range, with: origin.replacedText) else { return }
        buffer.select(origin.selectionBefore)
        sendEditEvents(selectionBefore: selection)
    }

    /// Delete inside a composition: the marked text loses its last character, as a step.
    func deleteBackwardInComposition() {
        guard var marked = markedText else { return }
        marked.removeLast()
        setMarkedText(marked, selectedRange: NSRange(location: marked.utf16.count, length: 0))
    }
}

extension NSRange {
    /// Whether `inner` lies within this range (its ends included).
    func encloses(_ inner: NSRange) -> Bool {
        inner.location >= location && inner.location + inner.length <= location + length
    }
}
