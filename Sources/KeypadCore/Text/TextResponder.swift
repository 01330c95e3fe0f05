import Foundation

/// The shared engine of ``TextField`` and ``TextView``: text, selection, traits,
/// and edits that always ask the delegate first.
///
/// Every edit — a keypad key, physical typing, a paste — goes through
/// ``replace(_:withText:)``: the delegate's should-change method is asked with
/// the UTF-16 range and the replacement, and a refused edit changes neither the
/// text nor the cursor. An applied edit that moved the selection (any insertion or
/// deletion does) tells the delegate's did-change-selection method first, then
/// sends the change events, as UIKit does:
///
/// 1. should-change (`textField(_:shouldChangeCharactersIn:replacementString:)`,
///    `textView(_:shouldChangeTextIn:replacementText:)`)
/// 2. `textFieldDidChangeSelection` / `textViewDidChangeSelection`
/// 3. a field's `editingChanged` and `textDidChangeNotification`; a view's
///    `textViewDidChange` and its `textDidChangeNotification`
///
/// Setting ``text`` or ``selectedRange`` from code sends no delegate call, control
/// event or notification (as UIKit), but observers registered with
/// ``addObserver(_:)`` hear every change.
@MainActor
open class TextResponder: Responder, KeyInput {
    /// What changed in a text input, for renderers that mirror it.
    public enum Change: Sendable, Equatable {
        case text, selection, editing, enabled, traits, appearance, views
        /// The marked text ended with no change of text (``TextResponder/unmarkText()``).
        case markedText
    }

    var buffer = TextBuffer()
    private let observers = ObserverList<Change>()
    /// Set when a secure input begins editing with text: its next edit replaces all of it.
    var clearsAtNextEdit = false
    /// The composition in progress (see ``markedTextRange``); nil when nothing is marked.
    var composition: Composition?

    /// True only while the delegate is asked about a composition step
    /// (``setMarkedText(_:selectedRange:)``, or Delete inside the marked text); false for
    /// every edit that commits text. Rules read it through ``ProposedEdit/isCompositionStep``.
    public internal(set) var isProposingCompositionStep = false

    /// The text; setting it moves the cursor to the end and sends no editing events.
    public var text: String {
        get { buffer.text }
        set {
            buffer.setText(cutToMaximumLength(normalizedInsertion(prefixForLimit(newValue))))
            clearsAtNextEdit = false
            composition = nil
            observers.notify(.text)
        }
    }

    /// The selection in UTF-16 units (`NSRange` semantics); a zero length is the cursor.
    public var selectedRange: NSRange {
        get { buffer.selectedRange }
        set {
            if let marked = composition?.range, !marked.encloses(newValue) { unmarkText() }
            if buffer.select(newValue) { observers.notify(.selection) }
        }
    }

    /// The text shown while the input is empty.
    public var placeholder: String? { didSet { observers.notify(.appearance) } }

    /// A name for the input in traces and for assistive technology ("PIN", "Amount").
    public var accessibilityLabel: String? { didSet { observers.notify(.appearance) } }

    /// An app-defined number; the accessory toolbar can order fields by it.
    public var tag: Int = 0

    /// The locale whose conventions (decimal separator) keypads use for this input.
    public var locale: Locale = .current { didSet { observers.notify(.traits) } }

    /// How the input wants to be edited; changing it while editing reloads the keypad.
    public var traits = TextInputTraits() {
        didSet {
            if traits.isSecureTextEntry, composition != nil { unmarkText() }
            observers.notify(.traits)
            if isFirstResponder { scope?.reloadInputViews() }
        }
    }

    /// Font, colours, alignment and border, as plain values a renderer reads.
    public var appearance = TextAppearance() { didSet { observers.notify(.appearance) } }

    /// Whether the input accepts focus and edits; disabling it while editing ends editing by force.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            observers.notify(.enabled)
            if !isEnabled, isFirstResponder { scope?.resignFirstResponder(self, force: true) }
        }
    }

    /// When true, the text is selected as editing begins, so the first insertion replaces it.
    public var clearsOnInsertion = false

    /// The most text the input holds, in UTF-8 bytes; nil for no limit. See ``TextResponder/fits(replacing:with:)``.
    public var maximumUTF8Length: Int? { didSet { enforceMaximumLength() } }

    override open var inputView: (any InputView)? {
        didSet { if isFirstResponder { scope?.reloadInputViews() } }
    }

    override open var inputAccessoryView: (any InputAccessoryView)? {
        didSet { if isFirstResponder { scope?.reloadInputViews() } }
    }

    override open var textInputTraits: TextInputTraits { traits }

    /// Whether the input is in an editing session (it is its scope's first responder).
    public var isEditing: Bool { isFirstResponder }

    /// Whether the text is secret; a shortcut for `traits.isSecureTextEntry`.
    public var isSecureTextEntry: Bool {
        get { traits.isSecureTextEntry }
        set { traits.isSecureTextEntry = newValue }
    }

    /// The keypad layout wanted when ``inputView`` is nil; a shortcut for `traits.keyboardType`.
    public var keyboardType: KeyboardType {
        get { traits.keyboardType }
        set { traits.keyboardType = newValue }
    }

    /// The return key's title and action; a shortcut for `traits.returnKeyType`.
    public var returnKeyType: ReturnKeyType {
        get { traits.returnKeyType }
        set { traits.returnKeyType = newValue }
    }

    /// The text's length in UTF-16 units.
    public var utf16Length: Int { buffer.utf16Length }

    // MARK: - Observation

    /// Calls `handler` after every change of text, selection, editing state or looks.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (Change) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Stops calling the observer registered under `token`.
    public func removeObserver(_ token: ObservationToken) {
        observers.remove(token)
    }

    func notifyObservers(_ change: Change) {
        observers.notify(change)
    }

    // MARK: - KeyInput

    public var hasText: Bool { buffer.hasText }

    /// Inserts `text` at the cursor, replacing the selection, after the delegate agrees.
    ///
    /// While text is marked, `text` replaces the marked text instead and ends the
    /// composition: that is the commit, judged as any edit (see <doc:MarkedText>).
    public func insertText(_ text: String) {
        if composition != nil {
            commitComposition(with: text)
            return
        }
        applyUserEdit(buffer.selectedRange, withText: text)
    }

    /// Deletes the selection, or the whole grapheme before the cursor, after the delegate agrees.
    ///
    /// At the start of the text with nothing selected there is nothing to delete
    /// and the delegate is not asked. The first deletion in a secure input that began
    /// editing with text deletes all of it, as UIKit's secure text entry does. While text
    /// is marked, it deletes the marked text's last character, as a composition step.
    public func deleteBackward() {
        if composition != nil {
            deleteBackwardInComposition()
            return
        }
        let secureClear = clearsAtNextEdit && isSecureTextEntry && hasText
        guard let range = secureClear ? buffer.fullRange : buffer.rangeForDeleteBackward else { return }
        applyUserEdit(range, withText: "")
    }

    /// Replaces a UTF-16 range with `replacement`, as the user would: the delegate is
    /// asked first, and an applied edit sends the change events (the selection's
    /// first when it moved).
    ///
    /// The first edit of a secure input that began editing with text replaces all of
    /// that text, whatever `range` says; see ``TextField`` (secure text entry).
    ///
    /// An edit while text is marked first ends the composition, keeping the marked text
    /// as it is (``unmarkText()``).
    ///
    /// - Returns: whether the edit was applied. A disabled input, an invalid range
    ///   or a refusal by the delegate leaves text and cursor as they were.
    @discardableResult
    public func replace(_ range: NSRange, withText replacement: String) -> Bool {
        if composition != nil { unmarkText() }
        return applyUserEdit(range, withText: replacement)
    }

    /// ``replace(_:withText:)`` once nothing is marked: the path every key takes.
    @discardableResult
    func applyUserEdit(_ range: NSRange, withText replacement: String) -> Bool {
        guard mayFit(replacement) else { return false }
        let replacement = normalizedInsertion(replacement)
        guard isEnabled, buffer.isValid(range) else { return false }
        let range = clearsAtNextEdit && isSecureTextEntry ? buffer.fullRange : range
        guard fits(replacing: range, with: replacement) else { return false }
        guard shouldChangeText(in: range, replacementText: replacement) else { return false }
        let selection = buffer.selectedRange
        // The delegate may have rewritten the text before agreeing; check again.
        guard buffer.replace(range, with: replacement) else { return false }
        sendEditEvents(selectionBefore: selection)
        return true
    }

    /// Tells observers and the delegate about an applied edit: the selection first
    /// when it moved, then the text change.
    func sendEditEvents(selectionBefore selection: NSRange) {
        clearsAtNextEdit = false
        observers.notify(.text)
        if buffer.selectedRange != selection { sendSelectionDidChange() }
        sendTextDidChange()
    }

    /// Applies an edit that the delegate itself decided on — a filtered paste, a
    /// formatted amount — without asking the delegate again, and sends the change
    /// events as for any user edit (unlike setting ``text``, which sends none).
    ///
    /// Call it only from inside the delegate's should-change method, then answer false.
    ///
    /// - Returns: false, changing nothing, for an invalid range.
    @discardableResult
    public func applyDelegateEdit(_ range: NSRange, withText replacement: String) -> Bool {
        composition = nil
        let replacement = normalizedInsertion(replacement)
        let selection = buffer.selectedRange
        guard fits(replacing: range, with: replacement), buffer.replace(range, with: replacement) else { return false }
        sendEditEvents(selectionBefore: selection)
        return true
    }

    /// Replaces all of the text with `newText` and selects `selection`, as a delegate's
    /// formatter does, sending the change events once.
    public func applyDelegateEdit(text newText: String, selectedRange selection: NSRange) {
        composition = nil
        let previous = buffer.selectedRange
        buffer.setText(cutToMaximumLength(normalizedInsertion(newText)))
        buffer.select(selection)
        sendEditEvents(selectionBefore: previous)
    }

    /// Moves the selection as the user would (arrow keys, a tap): the delegate hears of it.
    ///
    /// A selection that leaves the marked text commits it first (``commitMarkedText()``).
    public func selectByUser(_ range: NSRange) {
        if let marked = composition?.range, !marked.encloses(range) { commitMarkedText() }
        guard buffer.select(range) else { return }
        observers.notify(.selection)
        sendSelectionDidChange()
    }

    /// Acts on the keypad's return key; see ``TextField`` and ``TextView`` for what it does.
    open func performReturn() {}

    // MARK: - Responder

    override open var canBecomeFirstResponder: Bool {
        isEnabled && scope != nil && askShouldBeginEditing()
    }

    /// Ending editing commits marked text first (``commitMarkedText()``), so
    /// `shouldEndEditing` judges the committed text.
    override open var canResignFirstResponder: Bool {
        if composition != nil { commitMarkedText() }
        return askShouldEndEditing()
    }

    override open func didBecomeFirstResponder() {
        let selection = buffer.selectedRange
        let changedText = prepareForEditing()
        if clearsOnInsertion { buffer.select(buffer.fullRange) }
        clearsAtNextEdit = isSecureTextEntry && hasText
        observers.notify(.editing)
        sendDidBeginEditing()
        if changedText, isEditing {
            if buffer.selectedRange != selection { sendSelectionDidChange() }
            sendTextDidChange()
        }
    }

    override open func didResignFirstResponder(reason: DidEndEditingReason) {
        // Ending by force asks no shouldEndEditing, but still commits.
        if composition != nil { commitMarkedText() }
        clearsAtNextEdit = false
        observers.notify(.editing)
        sendDidEndEditing(reason: reason)
    }

    /// Moves focus to the next enabled input of the scope, or ends editing after the last.
    func moveToNextInputOrResign() {
        if let next = scope?.input(after: self) {
            next.becomeFirstResponder()
        } else {
            resignFirstResponder()
        }
    }

    // MARK: - Hooks for TextField and TextView

    func normalizedInsertion(_ text: String) -> String { text }
    func askShouldBeginEditing() -> Bool { true }
    func askShouldEndEditing() -> Bool { true }
    func shouldChangeText(in range: NSRange, replacementText: String) -> Bool { true }
    /// Readies the text as editing begins; returns whether it changed the text.
    func prepareForEditing() -> Bool { false }
    func sendDidBeginEditing() {}
    func sendDidEndEditing(reason: DidEndEditingReason) {}
    func sendTextDidChange() {}
    func sendSelectionDidChange() {}
}

extension ResponderScope {
    /// The first enabled text input after `input` in the scope's order, if any.
    public func input(after input: Responder) -> TextResponder? {
        neighbour(of: input, step: 1)
    }

    /// The last enabled text input before `input` in the scope's order, if any.
    public func input(before input: Responder) -> TextResponder? {
        neighbour(of: input, step: -1)
    }

    private func neighbour(of input: Responder, step: Int) -> TextResponder? {
        enabledNeighbour(of: input, in: responders, step: step)
    }
}

/// The nearest enabled text input `step` places (1 after, -1 before) from `input` in
/// `order`, skipping disabled ones; nil when `input` is not in `order` or none is left.
/// The one search behind the scope's and the toolbar's previous and next.
@MainActor
func enabledNeighbour(of input: Responder, in order: [Responder], step: Int) -> TextResponder? {
    guard let start = order.firstIndex(where: { $0 === input }) else { return nil }
    var index = start + step
    while order.indices.contains(index) {
        if let candidate = order[index] as? TextResponder, candidate.isEnabled { return candidate }
        index += step
    }
    return nil
}
