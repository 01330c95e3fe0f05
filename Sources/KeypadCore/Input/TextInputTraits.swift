/// How a text input wants to be edited: which keypad, which return key, secure or not.
///
/// Fields carry their traits as one value, so a keypad reads them in one place
/// when it binds.
public struct TextInputTraits: Hashable, Sendable {
    /// The keypad layout the input wants when its `inputView` is nil.
    public var keyboardType: KeyboardType
    /// The title and action of the return key.
    public var returnKeyType: ReturnKeyType
    /// The keypad's theme.
    public var keyboardAppearance: KeyboardAppearance
    /// Whether the return key is disabled while the input has no text.
    public var enablesReturnKeyAutomatically: Bool
    /// Whether the text is secret: it never appears in traces, notifications or accessible names.
    public var isSecureTextEntry: Bool
    /// What the text means, if known.
    public var textContentType: TextContentType?

    /// Creates traits; every argument has UIKit's default.
    public init(
        keyboardType: KeyboardType = .default,
        returnKeyType: ReturnKeyType = .default,
        keyboardAppearance: KeyboardAppearance = .default,
        enablesReturnKeyAutomatically: Bool = false,
        isSecureTextEntry: Bool = false,
        textContentType: TextContentType? = nil
    ) {
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.keyboardAppearance = keyboardAppearance
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
    }
}
