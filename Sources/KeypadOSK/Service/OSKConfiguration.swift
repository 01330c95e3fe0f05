import Foundation
import KeypadGTK

/// How keypad-osk's keypad looks and behaves, from its command line.
nonisolated public struct OSKConfiguration: Sendable {
    /// The bundled theme; nil: the bundled `keypad.css` alone.
    public var theme: Theme?
    /// The locale of the decimal separator and of the keys' and toolbar's labels.
    public var locale: Locale
    /// A directory of the user's own layout files, searched before the bundled ones.
    public var layoutsDirectory: URL?
    /// A CSS file styling the keypad above the theme (or `keypad.css`): what it sets wins.
    public var css: URL?
    /// Whether the keypad reserves its height at the bottom of the output (an exclusive
    /// zone), so tiled and maximized windows shrink above it; fullscreen windows do not.
    public var exclusive: Bool
    /// Whether PIN pads shuffle their digits each time.
    public var scramblesPIN: Bool

    /// A configuration; by default the bundled look in `locale`.
    public init(
        theme: Theme? = nil, locale: Locale = Locale(identifier: "en_US_POSIX"), layoutsDirectory: URL? = nil,
        css: URL? = nil, exclusive: Bool = false, scramblesPIN: Bool = false
    ) {
        self.theme = theme
        self.locale = locale
        self.layoutsDirectory = layoutsDirectory
        self.css = css
        self.exclusive = exclusive
        self.scramblesPIN = scramblesPIN
    }
}
