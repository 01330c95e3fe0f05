#ifndef KEYPAD_OSK_KEYMAP_H
#define KEYPAD_OSK_KEYMAP_H

/* The virtual keyboard's keymap (#35): the keys keypad-osk sends as keys (BackSpace, Tab,
 * Return, the arrows) at their evdev codes, and one key for each character it has typed so
 * far, added as it types them, as wtype does. A character the keymap lacks takes the next
 * free keycode and the whole keymap is sent again before its key. <LAST> (keycode 255, no
 * symbols) stays the highest key: GDK 3's Wayland keymap looks keyvals up only below the
 * highest keycode. Pure text, no Wayland: tested headless. */

#include <stddef.h>
#include <stdint.h>

/* Characters with a key of their own at once; the next one after that starts a new set. */
#define KEYPAD_OSK_KEYMAP_SLOTS 200

typedef struct {
    uint32_t codepoints[KEYPAD_OSK_KEYMAP_SLOTS];
    size_t count;
} KeypadOSKKeymap;

/* The keys sent as keys, by their evdev codes. */
enum {
    KEYPAD_OSK_KEY_BACKSPACE = 14,
    KEYPAD_OSK_KEY_TAB = 15,
    KEYPAD_OSK_KEY_ENTER = 28,
    KEYPAD_OSK_KEY_UP = 103,
    KEYPAD_OSK_KEY_LEFT = 105,
    KEYPAD_OSK_KEY_RIGHT = 106,
    KEYPAD_OSK_KEY_DOWN = 108,
};

/* The evdev code of `codepoint`'s key, adding it when the keymap has none (`*changed` then
 * says the keymap must be sent again). 0 for a codepoint no key can type: a control
 * character, a surrogate, beyond U+10FFFF. */
uint32_t keypad_osk_keymap_key(KeypadOSKKeymap *keymap, uint32_t codepoint, int *changed);

/* The keymap in xkb's text format, NUL-terminated; g_free it. */
char *keypad_osk_keymap_text(const KeypadOSKKeymap *keymap);

#endif
