import Foundation

/// A multi-line text input, modelled on UIKit's `UITextView`.
///
/// Like ``TextField`` it edits only through the delegate; it has no control events
/// and posts its own notification names. Its return key inserts a line break
/// (asking `shouldChangeTextIn` with `"\n"`, which is where a chat input intercepts
/// "send"), except for `.next` and `.done`, which move on or end editing as a
/// field's return key does.
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

    override open func performReturn() {
        guard isEditing else { return }
        switch returnKeyType {
        case .next: moveToNextInputOrResign()
        case .done: resignFirstResponder()
        default: insertText("\n")
        }
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
