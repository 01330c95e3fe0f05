import Foundation

/// A multi-line text input, modelled on UIKit's `UITextView`.
///
/// Like ``TextField`` it edits only through the delegate; it has no control events
/// and posts its own notification names.
///
/// ## The return key
///
/// The return key inserts a line break, whatever ``TextResponder/returnKeyType`` is,
/// as UIKit's `UITextView` does: the return key type only labels the key ("Done",
/// "Send", "Next"). The events are those of any typed character:
///
/// 1. `textView(_:shouldChangeTextIn:replacementText:)` with the selection and `"\n"`
/// 2. `textViewDidChangeSelection`
/// 3. `textViewDidChange`, then ``textDidChangeNotification``
///
/// An app that wants "Done" or "Send" says so in that delegate method: it acts and
/// answers false, so no line break is inserted and nothing else happens.
///
/// ```swift
/// func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
///     guard text == "\n" else { return true }
///     textView.resignFirstResponder()  // or send the message
///     return false
/// }
/// ```
@MainActor
open class TextView: TextResponder {
    /// Posted when a text view begins editing; the object is the view.
    nonisolated public static let textDidBeginEditingNotification =
        Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted after each applied user edit; the object is the view.
    nonisolated public static let textDidChangeNotification =
        Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted when a text view ends editing; the object is the view.
    nonisolated public static let textDidEndEditingNotification =
        Notification.Name("UITextViewTextDidEndEditingNotification")

    /// The object that decides and hears about editing; held weakly.
    public weak var delegate: (any TextViewDelegate)?

    /// Creates a text view.
    public init(text: String = "", traits: TextInputTraits = TextInputTraits()) {
        super.init()
        self.traits = traits
        self.text = text
    }

    /// The number of lines the text has, counting a trailing line break as a new, empty line.
    public var lineCount: Int {
        text.reduce(into: 1) { count, character in if character.isNewline { count += 1 } }
    }

    /// Acts on the return key: inserts a line break through the delegate, whatever the
    /// return key type (see "The return key" above).
    override open func performReturn() {
        guard isEditing else { return }
        if composition != nil { commitMarkedText() }
        insertText("\n")
    }

    // MARK: - Hooks

    override func askShouldBeginEditing() -> Bool { delegate?.textViewShouldBeginEditing(self) ?? true }
    override func askShouldEndEditing() -> Bool { delegate?.textViewShouldEndEditing(self) ?? true }

    override func shouldChangeText(in range: NSRange, replacementText: String) -> Bool {
        delegate?.textView(self, shouldChangeTextIn: range, replacementText: replacementText) ?? true
    }

    override func sendDidBeginEditing() {
        delegate?.textViewDidBeginEditing(self)
        scope?.notificationCenter.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    override func sendDidEndEditing(reason: DidEndEditingReason) {
        delegate?.textViewDidEndEditing(self)
        scope?.notificationCenter.post(name: Self.textDidEndEditingNotification, object: self)
    }

    override func sendTextDidChange() {
        delegate?.textViewDidChange(self)
        scope?.notificationCenter.post(name: Self.textDidChangeNotification, object: self)
    }

    override func sendSelectionDidChange() {
        delegate?.textViewDidChangeSelection(self)
    }
}
