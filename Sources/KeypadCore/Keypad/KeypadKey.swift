import Foundation

/// A key as a renderer draws it now: the layout's key with the run-time parts
/// resolved (the return key's title, the locale's decimal separator, a scrambled
/// digit) and whether it can be pressed.
public struct KeypadKey: Equatable, Sendable, Identifiable {
    /// The key's id in its layout; stable while digits are scrambled.
    public var id: String
    /// What pressing the key does.
    public var action: KeyAction
    /// The text on the key.
    public var label: String
    /// The name assistive technology reads: unique within the keypad.
    public var accessibleName: String
    /// The key's relative width in its row.
    public var width: Double
    /// The key's role, which renderers map to a CSS class.
    public var role: KeyRole
    /// Long-press alternatives.
    public var alternatives: [KeyAction]
    /// Whether pressing the key does anything now (a disabled return key, a second separator).
    public var isEnabled: Bool

    /// Whether the key acts on press: true unless it has long-press alternatives, in
    /// which case it acts on release or on the long press.
    public var actsOnPress: Bool { alternatives.isEmpty }
}
