import Foundation

/// A single-line text input, modelled on UIKit's `UITextField`.
///
/// The field is the source of truth for its text; renderers mirror it. It sends
/// delegate calls, control events and notifications in the order DESIGN.md fixes:
/// `didBeginEditing`, `editingDidBegin`, `textDidBeginEditingNotification` when editing
/// begins; `shouldChangeCharacters`, then `editingChanged` and `textDidChangeNotification`
/// for each applied edit; `didEndEditing(reason:)`, `editingDidEnd`,
/// `textDidEndEditingNotification` when it ends.
///
/// ## Secure text entry
///
/// A secure field (``TextResponder/isSecureTextEntry``) that begins editing while it
/// holds text — a PIN typed earlier, the user coming back to it — keeps showing that
/// text until the first edit, which replaces all of it, as UIKit's secure text entry
/// does. The first key asks the delegate to replace the whole text:
///
/// 1. `textField(_:shouldChangeCharactersIn:replacementString:)` with the full range
///    (`{0, length}`) and the typed character
/// 2. `textFieldDidChangeSelection`
/// 3. `editingChanged`, `textDidChangeNotification`
///
/// `deleteBackward()` as the first edit deletes all of the text the same way (the
/// full range and an empty replacement): the user wants the old secret gone, and a
/// secret's last character alone means nothing. A refused first edit keeps the text
/// and the next edit replaces all of it again; once an edit applied, or when editing
/// ends, or the text is set from code, edits act at the cursor as usual.
@MainActor
open class TextField: TextResponder {
    /// Posted when a field begins editing; the object is the field.
    nonisolated public static let textDidBeginEditingNotification =
        Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted after each applied user edit; the object is the field.
    nonisolated public static let textDidChangeNotification =
        Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted when a field ends editing; the object is the field, the userInfo holds the reason.
    nonisolated public static let textDidEndEditingNotification =
        Notification.Name("UITextFieldTextDidEndEditingNotification")
    /// userInfo key of ``textDidEndEditingNotification``: the ``DidEndEditingReason`` raw value.
    nonisolated public static let didEndEditingReasonUserInfoKey = "UITextFieldDidEndEditingReasonKey"

    /// When an overlay view or the clear button shows, as UIKit's `UITextField.ViewMode`.
    ///
    /// | Mode | Not editing | Editing |
    /// | --- | --- | --- |
    /// | `never` | hidden | hidden |
    /// | `whileEditing` | hidden | shown |
    /// | `unlessEditing` | shown | hidden |
    /// | `always` | shown | shown |
    ///
    /// The left and right views follow the table whatever the text; the clear button
    /// follows it only while the field has text (it never shows on an empty field).
    public enum ViewMode: String, Sendable, CaseIterable {
        case never, whileEditing, unlessEditing, always

        /// Whether a view with this mode shows in the given editing state.
        public func isVisible(isEditing: Bool) -> Bool {
            switch self {
            case .never: false
            case .whileEditing: isEditing
            case .unlessEditing: !isEditing
            case .always: true
            }
        }
    }

    /// The object that decides and hears about editing; held weakly.
    public weak var delegate: (any TextFieldDelegate)?

    /// When true, beginning to edit empties the field (asking `textFieldShouldClear` first).
    ///
    /// The field is emptied before `didBeginEditing`, so the delegate and observers of
    /// the begin events see it empty. Emptying is a user edit, as a tap on the clear
    /// button is: `editingChanged` and `textDidChangeNotification` follow the begin
    /// events (`didBeginEditing`, `editingDidBegin`, `textDidBeginEditingNotification`),
    /// so a session's control events always open with `editingDidBegin`.
    public var clearsOnBeginEditing = false

    /// When the clear button shows (and only ever while the field has text); it sits at
    /// the right edge, or just before ``rightView`` when that shows too.
    public var clearButtonMode = ViewMode.never { didSet { notifyObservers(.views) } }

    /// A view inside the field's left edge, such as an icon or a currency sign.
    public var leftView: OverlayView? { didSet { notifyObservers(.views) } }
    /// When ``leftView`` shows.
    public var leftViewMode = ViewMode.never { didSet { notifyObservers(.views) } }
    /// A view inside the field's right edge.
    public var rightView: OverlayView? { didSet { notifyObservers(.views) } }
    /// When ``rightView`` shows.
    public var rightViewMode = ViewMode.never { didSet { notifyObservers(.views) } }

    /// ``sendActions(for:)`` calls a copy, so an action may add or remove actions.
    private var actions: [(token: Int, events: ControlEvents, handler: @MainActor (TextField) -> Void)] = []
    private var nextActionToken = 0

    /// Creates an empty field.
    public init(text: String = "", placeholder: String? = nil, traits: TextInputTraits = TextInputTraits()) {
        super.init()
        self.traits = traits
        self.placeholder = placeholder
        self.text = text
    }

    // MARK: - Control events

    /// Calls `handler` each time the field sends one of `events`.
    @discardableResult
    public func addAction(
        for events: ControlEvents, _ handler: @escaping @MainActor (TextField) -> Void
    ) -> ObservationToken {
        nextActionToken += 1
        actions.append((nextActionToken, events, handler))
        return ObservationToken(id: nextActionToken)
    }

    /// Removes the action registered under `token`.
    public func removeAction(_ token: ObservationToken) {
        actions.removeAll { $0.token == token.id }
    }

    /// Sends `event` to every action registered for it, in registration order.
    public func sendActions(for event: ControlEvents) {
        let actions = self.actions
        for action in actions where action.events.contains(event) {
            action.handler(self)
        }
    }

    // MARK: - Clear button and return key

    /// Whether the clear button shows now: its mode allows it and the field has text.
    /// A right view showing too does not hide it (the two sit side by side).
    public var isClearButtonVisible: Bool {
        hasText && clearButtonMode.isVisible(isEditing: isEditing)
    }

    /// Whether ``leftView`` shows now.
    public var isLeftViewVisible: Bool { leftView != nil && leftViewMode.isVisible(isEditing: isEditing) }

    /// Whether ``rightView`` shows now; a clear button showing too sits just before it.
    public var isRightViewVisible: Bool { rightView != nil && rightViewMode.isVisible(isEditing: isEditing) }

    /// Acts on a tap of the clear button: asks `textFieldShouldClear`, then empties the
    /// field with `editingChanged` and `textDidChangeNotification`.
    ///
    /// The clear button edits only inside an editing session, as UIKit's does: tapped on
    /// a field that is not editing (its mode `.always` or `.unlessEditing` shows it
    /// then), it first makes the field first responder, with the whole begin sequence,
    /// and clears only if that succeeded. So change events never come outside editing.
    ///
    /// - Returns: whether the field was emptied.
    @discardableResult
    public func clear() -> Bool {
        guard isEnabled, hasText else { return false }
        if !isEditing {
            guard becomeFirstResponder() else { return false }
            // clearsOnBeginEditing may have emptied it already.
            guard hasText else { return true }
        }
        guard delegate?.textFieldShouldClear(self) ?? true else { return false }
        composition = nil
        let selection = buffer.selectedRange
        buffer.setText("")
        sendEditEvents(selectionBefore: selection)
        return true
    }

    /// Acts on the return key: asks `textFieldShouldReturn`; if it agrees, sends
    /// `editingDidEndOnExit`, then moves to the next field for `.next` (ending editing
    /// after the last one) and ends editing for every other return key type.
    ///
    /// Marked text is committed first (``TextResponder/commitMarkedText()``).
    override open func performReturn() {
        guard isEditing else { return }
        if composition != nil { commitMarkedText() }
        guard isEditing, delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit)
        guard isEditing else { return }
        if returnKeyType == .next {
            moveToNextInputOrResign()
        } else {
            resignFirstResponder()
        }
    }

    // MARK: - Layout (override to move things, as in UIKit)

    /// The frame of the text when not editing.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: false).textRect
    }

    /// The frame of the text while editing.
    open func editingRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: true).textRect
    }

    /// The frame of the placeholder.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: isEditing).textRect
    }

    /// The frame of the clear button (zero while it does not show).
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: isEditing).clearButtonRect
    }

    /// The frame of the left view (zero while it does not show).
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: isEditing).leftViewRect
    }

    /// The frame of the right view (zero while it does not show).
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        geometry(forBounds: bounds, isEditing: isEditing).rightViewRect
    }

    // MARK: - Hooks

    /// A single-line field turns line breaks into spaces.
    override func normalizedInsertion(_ text: String) -> String {
        if !Self.mayHoldLineBreak(text) { return text }
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// False when `text` is ASCII without U+000A…U+000D, so it holds no line break and a
    /// key's text needs no grapheme walk (a loop: a closure would be checked for its actor).
    private static func mayHoldLineBreak(_ text: String) -> Bool {
        for byte in text.utf8 where byte >= 0x80 || (0x0A...0x0D).contains(byte) { return true }
        return false
    }

    override func askShouldBeginEditing() -> Bool { delegate?.textFieldShouldBeginEditing(self) ?? true }
    override func askShouldEndEditing() -> Bool { delegate?.textFieldShouldEndEditing(self) ?? true }

    override func shouldChangeText(in range: NSRange, replacementText: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacementText) ?? true
    }

    override func prepareForEditing() -> Bool {
        guard clearsOnBeginEditing, hasText, delegate?.textFieldShouldClear(self) ?? true else { return false }
        composition = nil
        buffer.setText("")
        notifyObservers(.text)
        return true
    }

    override func sendDidBeginEditing() {
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        scope?.notificationCenter.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    override func sendDidEndEditing(reason: DidEndEditingReason) {
        delegate?.textFieldDidEndEditing(self, reason: reason)
        sendActions(for: .editingDidEnd)
        scope?.notificationCenter.post(
            name: Self.textDidEndEditingNotification, object: self,
            userInfo: [Self.didEndEditingReasonUserInfoKey: reason.rawValue])
    }

    override func sendTextDidChange() {
        sendActions(for: .editingChanged)
        scope?.notificationCenter.post(name: Self.textDidChangeNotification, object: self)
    }

    override func sendSelectionDidChange() {
        delegate?.textFieldDidChangeSelection(self)
    }
}

/// A small view inside a text field's edge (left or right), described for any renderer.
public struct OverlayView: Hashable, Sendable {
    /// The view's size in points.
    public var size: CGSize
    /// A themed icon name (freedesktop naming, e.g. "edit-find-symbolic"), if the view is an icon.
    public var iconName: String?
    /// A short text (a currency sign, a unit), if the view is a label.
    public var text: String?
    /// The name assistive technology reads.
    public var accessibleName: String

    /// Creates an overlay of `size` showing an icon or a short text, read out as `accessibleName`.
    public init(size: CGSize, iconName: String? = nil, text: String? = nil, accessibleName: String) {
        self.size = size
        self.iconName = iconName
        self.text = text
        self.accessibleName = accessibleName
    }
}
