import Foundation

/// A key the keyboard on request sends as a key, not as text (#35).
nonisolated public enum TypedKey: Equatable, Sendable {
    case backspace, tab, returnKey, left, right, up, down
}

/// One step of typing: a key, or a character typed as the key of its own keysym.
nonisolated public enum TypedStroke: Equatable, Sendable {
    case key(TypedKey)
    /// A Unicode scalar value.
    case character(UInt32)

    /// The strokes that type `text`: a tab and a line break are the Tab and Return keys, and
    /// so are the private-use characters the keyboard's layout (keyboard.json) inserts for its
    /// arrow keys (U+F700 to U+F703: up, down, left, right, as macOS names its arrow keys'
    /// characters) and its Tab key (U+F704): a layout may insert no control character. Every
    /// other character is typed as its own keysym.
    public static func strokes(typing text: String) -> [TypedStroke] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "\t", "\u{F704}": .key(.tab)
            case "\n", "\r": .key(.returnKey)
            case "\u{F700}": .key(.up)
            case "\u{F701}": .key(.down)
            case "\u{F702}": .key(.left)
            case "\u{F703}": .key(.right)
            default: .character(scalar.value)
            }
        }
    }
}

/// Types into whatever has keyboard focus, without taking it: keypad-osk's keyboard on
/// request, for apps that tell no input method of their fields (terminals, X11 apps under
/// Xwayland, GTK with the simple input method). On Wayland a virtual keyboard, on X11 XTest.
@MainActor
public protocol KeyTyper: AnyObject {
    /// Sends `stroke`'s key press and release; false when it could not be typed.
    @discardableResult func type(_ stroke: TypedStroke) -> Bool
    /// The keyboard hid: what typing changed for a while (X11's spare keycodes) goes back.
    func finish()
}
