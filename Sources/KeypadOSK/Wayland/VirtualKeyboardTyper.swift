import CKeypadOSKWayland

/// The keyboard on request's keys on Wayland (#35): the Wayland front's virtual keyboard
/// (zwp_virtual_keyboard_v1), whose keymap gains a key for each character as it is first
/// typed (Sources/CKeypadOSKWayland/keypad_osk_keymap.c).
@MainActor
public final class VirtualKeyboardTyper: KeyTyper {
    /// A typer for the virtual keyboard ``WaylandFront/start(service:refused:)`` bound.
    public init() {}

    @discardableResult
    public func type(_ stroke: TypedStroke) -> Bool {
        switch stroke {
        case .character(let codepoint): return keypad_osk_wayland_type_codepoint(codepoint) != 0
        case .key(let key):
            keypad_osk_wayland_tap_key(Self.evdevCode(of: key))
            return true
        }
    }

    /// The keymap keeps its keys: nothing to put back.
    public func finish() {}

    static func evdevCode(of key: TypedKey) -> UInt32 {
        let code =
            switch key {
            case .backspace: KEYPAD_OSK_KEY_BACKSPACE
            case .tab: KEYPAD_OSK_KEY_TAB
            case .returnKey: KEYPAD_OSK_KEY_ENTER
            case .left: KEYPAD_OSK_KEY_LEFT
            case .right: KEYPAD_OSK_KEY_RIGHT
            case .up: KEYPAD_OSK_KEY_UP
            case .down: KEYPAD_OSK_KEY_DOWN
            }
        return UInt32(code)
    }
}
