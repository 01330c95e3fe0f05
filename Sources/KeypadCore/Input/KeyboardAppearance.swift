/// The visual style of the keypad, which a renderer maps to a theme.
public enum KeyboardAppearance: String, CaseIterable, Sendable, Codable {
    /// The renderer's default theme (light unless the app says otherwise).
    case `default`
    /// A dark keypad, for dark content.
    case dark
    /// A light keypad, for light content.
    case light
}
