import CKeypadOSKWayland
import Foundation
import Testing

@testable import KeypadOSK

@Suite("What keypad-osk shows on request (#35)")
struct KeyboardRequestTests {
    @Test("A request shows the keyboard until withdrawn; a field's pad comes and goes over it")
    func requestOutlivesFields() {
        var request = KeyboardRequest()
        #expect(request.shown == .nothing)
        request.setVisible(true)
        #expect(request.shown == .keyboard)
        request.focusIn(wantsKeypad: true)
        #expect(request.shown == .fieldPad)
        request.focusOut()
        #expect(request.shown == .keyboard)
        request.focusIn(wantsKeypad: false)
        #expect(request.shown == .keyboard)
        request.setVisible(false)
        #expect(request.shown == .nothing)
        request.focusOut()
        #expect(request.shown == .nothing)
    }

    @Test("Without a request, a field's pad shows while it has focus, and a Dismiss hides it until its next focus")
    func fieldPadAlone() {
        var request = KeyboardRequest()
        request.focusIn(wantsKeypad: true)
        #expect(request.shown == .fieldPad)
        request.dismissed()
        #expect(request.shown == .nothing)
        request.setVisible(true)
        #expect(request.shown == .fieldPad)
        request.dismissed()
        request.focusIn(wantsKeypad: true)
        #expect(request.shown == .fieldPad)
        request.fieldWantsKeypad(false)
        #expect(request.shown == .nothing)
    }

    @Test("A Dismiss of the field's pad withdraws the request too: no keyboard when the field loses focus")
    func dismissWithdraws() {
        var request = KeyboardRequest()
        request.setVisible(true)
        request.focusIn(wantsKeypad: true)
        request.dismissed()
        #expect(request.shown == .nothing)
        request.focusOut()
        #expect(request.shown == .nothing)
    }

    @Test("A terminal's field keeps the keyboard shown on request; without a request it gets its pad")
    func terminal() {
        var request = KeyboardRequest()
        request.focusIn(wantsKeypad: true, isTerminal: true)
        #expect(request.shown == .fieldPad)
        request.setVisible(true)
        #expect(request.shown == .keyboard)
        request.setVisible(false)
        #expect(request.shown == .nothing)
        request.setVisible(true)
        request.focusIn(wantsKeypad: true, isTerminal: false)
        #expect(request.shown == .fieldPad)
    }

    @Test("Tab, line breaks and the arrow characters are keys; every other character is its own keysym")
    func strokes() {
        #expect(
            TypedStroke.strokes(typing: "hé€\t\n\u{F700}\u{F701}\u{F702}\u{F703}\u{F704}👍") == [
                .character(0x68), .character(0xE9), .character(0x20AC), .key(.tab), .key(.returnKey), .key(.up),
                .key(.down), .key(.left), .key(.right), .key(.tab), .character(0x1F44D),
            ])
        // A decomposed é is two characters, each typed.
        #expect(TypedStroke.strokes(typing: "e\u{301}") == [.character(0x65), .character(0x301)])
    }
}

@Suite("The virtual keyboard's keymap (#35)")
struct VirtualKeyboardKeymapTests {
    private func text(_ keymap: KeypadOSKKeymap) -> String {
        var keymap = keymap
        guard let text = keypad_osk_keymap_text(&keymap) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    @Test("Each new character takes the next free key, past the fixed keys; a known one keeps its key")
    func keys() {
        var keymap = KeypadOSKKeymap()
        var changed: Int32 = 0
        #expect(keypad_osk_keymap_key(&keymap, 0x68, &changed) == 1 && changed == 1)
        #expect(keypad_osk_keymap_key(&keymap, 0xE9, &changed) == 2 && changed == 1)
        #expect(keypad_osk_keymap_key(&keymap, 0x68, &changed) == 1 && changed == 0)
        // 13 characters: keycodes 9 to 21 (evdev 1 to 13); the 14th skips BackSpace and Tab (22, 23).
        for codepoint in UInt32(0x30)...0x3A { _ = keypad_osk_keymap_key(&keymap, codepoint, &changed) }
        #expect(keymap.count == 13)
        #expect(keypad_osk_keymap_key(&keymap, 0x20AC, &changed) == 16 && changed == 1)
    }

    @Test("Control characters, surrogates and values past U+10FFFF get no key")
    func untypeable() {
        var keymap = KeypadOSKKeymap()
        var changed: Int32 = 1
        for codepoint: UInt32 in [0, 0x1B, 0x7F, 0x85, 0xD800, 0x110000] {
            #expect(keypad_osk_keymap_key(&keymap, codepoint, &changed) == 0 && changed == 0)
        }
        #expect(keymap.count == 0)
    }

    @Test("The keymap names the fixed keys, each character as U+XXXX, and keycode 255 last")
    func keymapText() {
        var keymap = KeypadOSKKeymap()
        var changed: Int32 = 0
        _ = keypad_osk_keymap_key(&keymap, 0x20AC, &changed)
        let written = text(keymap)
        #expect(written.contains("<RTRN> = 36;"))
        #expect(written.contains("<BKSP> = 22;"))
        #expect(written.contains("<K009> = 9;"))
        #expect(written.contains("key <K009> { [ U20AC ] };"))
        #expect(written.contains("<LAST> = 255;"))
        #expect(written.contains("key <LEFT> { [ Left ] };"))
    }

    @Test("A full keymap starts a new set: no keycode past 254")
    func full() {
        var keymap = KeypadOSKKeymap()
        var changed: Int32 = 0
        var highest: UInt32 = 0
        for codepoint in UInt32(0x100)..<UInt32(0x100 + Int(KEYPAD_OSK_KEYMAP_SLOTS) * 2) {
            highest = max(highest, keypad_osk_keymap_key(&keymap, codepoint, &changed))
        }
        #expect(highest + 8 <= 254)
        #expect(keymap.count == Int(KEYPAD_OSK_KEYMAP_SLOTS))
    }
}
