import Foundation
import KeypadCore

/// One app's focused field, as a front (Wayland's input method, the D-Bus front) describes it.
nonisolated public struct OSKField: Equatable, Sendable {
    /// The keypad the field asks for, and whether it is secure.
    public var traits: TextInputTraits
    /// False when the app asks for no on-screen keyboard (INHIBIT_OSK).
    public var wantsKeypad: Bool
    /// The surrounding text; nil when the app sends none.
    public var text: String?
    /// The selection in `text`, in UTF-16 offsets (a caret has length 0).
    public var selection: NSRange
    /// The placeholder or accessible name; never set for a secure field.
    public var title: String?
    /// Whether the field has a field before it in its app's focus chain: the toolbar's previous
    /// is enabled, and the app moves focus for it (``OSKClient/moveFocus(_:)``).
    public var hasPreviousField: Bool
    /// Whether the field has a field after it: the toolbar's next is enabled.
    public var hasNextField: Bool
    /// Whether the app moves focus along the field's focus chain for the toolbar's previous
    /// and next; set, both are enabled.
    public var hasFocusChain: Bool {
        get { hasPreviousField || hasNextField }
        set {
            hasPreviousField = newValue
            hasNextField = newValue
        }
    }
    /// Whether the app does not tell its secure fields apart, so the trace conceals every key.
    public var concealsKeys: Bool
    /// A terminal's field: while a keyboard is shown on request, it keeps it rather than
    /// getting its pad (#35).
    public var isTerminal = false

    /// A field of `traits`, with surrounding `text` (nil: unknown) and `selection` in it.
    public init(
        traits: TextInputTraits = TextInputTraits(), wantsKeypad: Bool = true, text: String? = nil,
        selection: NSRange = NSRange(location: 0, length: 0), title: String? = nil, hasFocusChain: Bool = false,
        concealsKeys: Bool = false
    ) {
        self.traits = traits
        self.wantsKeypad = wantsKeypad
        self.text = text
        self.selection = selection
        self.title = traits.isSecureTextEntry ? nil : title
        self.hasPreviousField = hasFocusChain
        self.hasNextField = hasFocusChain
        self.concealsKeys = concealsKeys
    }
}
