import CGTK
import CKeypadOSKX11

/// The keyboard on request's keys on X11 (#35): XTest key events, a keysym the keyboard map
/// lacks bound to a spare keycode until the keyboard hides
/// (Sources/CKeypadOSKX11/keypad_osk_xtest.c).
@MainActor
public final class XTestTyper: KeyTyper {
    private let display: OpaquePointer

    /// A typer for GDK's X11 display; nil when it is not X11 or its server has no XTEST.
    public init?() {
        guard let display = gdk_display_get_default(), keypad_osk_xtest_available(display) != 0 else { return nil }
        self.display = display
    }

    @discardableResult
    public func type(_ stroke: TypedStroke) -> Bool {
        let keysym: guint =
            switch stroke {
            case .character(let codepoint): gdk_unicode_to_keyval(codepoint)
            case .key(let key): Self.keysym(of: key)
            }
        return keypad_osk_xtest_type_keysym(display, keysym) != 0
    }

    public func finish() {
        keypad_osk_xtest_restore(display)
    }

    /// X's keysyms (X11/keysymdef.h).
    static func keysym(of key: TypedKey) -> guint {
        switch key {
        case .backspace: 0xFF08
        case .tab: 0xFF09
        case .returnKey: 0xFF0D
        case .left: 0xFF51
        case .up: 0xFF52
        case .right: 0xFF53
        case .down: 0xFF54
        }
    }
}
