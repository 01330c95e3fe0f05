#include "keypad_osk_keymap.h"

#include <glib.h>

/* xkb keycodes are evdev codes + 8. */
enum { EVDEV_OFFSET = 8, FIRST_KEYCODE = 9, LAST_KEYCODE = 255 };

static const struct {
    const char *name;
    uint32_t evdev;
    const char *keysym;
} fixed_keys[] = {
    { "BKSP", KEYPAD_OSK_KEY_BACKSPACE, "BackSpace" }, { "TAB", KEYPAD_OSK_KEY_TAB, "Tab" },
    { "RTRN", KEYPAD_OSK_KEY_ENTER, "Return" },        { "UP", KEYPAD_OSK_KEY_UP, "Up" },
    { "LEFT", KEYPAD_OSK_KEY_LEFT, "Left" },           { "RGHT", KEYPAD_OSK_KEY_RIGHT, "Right" },
    { "DOWN", KEYPAD_OSK_KEY_DOWN, "Down" },
};
#define FIXED_COUNT (sizeof fixed_keys / sizeof fixed_keys[0])

static int is_fixed(uint32_t keycode) {
    for (size_t i = 0; i < FIXED_COUNT; i++) {
        if (fixed_keys[i].evdev + EVDEV_OFFSET == keycode) return 1;
    }
    return 0;
}

/* The xkb keycode of slot `slot`: the keycodes from 9 up, past the fixed keys'. */
static uint32_t slot_keycode(size_t slot) {
    uint32_t keycode = FIRST_KEYCODE;
    for (size_t seen = 0;; keycode++) {
        if (is_fixed(keycode)) continue;
        if (seen++ == slot) return keycode;
    }
}

static int is_typeable(uint32_t codepoint) {
    if (codepoint < 0x20 || (codepoint >= 0x7F && codepoint < 0xA0)) return 0;
    if (codepoint >= 0xD800 && codepoint <= 0xDFFF) return 0;
    return codepoint <= 0x10FFFF;
}

uint32_t keypad_osk_keymap_key(KeypadOSKKeymap *keymap, uint32_t codepoint, int *changed) {
    *changed = 0;
    if (!is_typeable(codepoint)) return 0;
    for (size_t i = 0; i < keymap->count; i++) {
        if (keymap->codepoints[i] == codepoint) return slot_keycode(i) - EVDEV_OFFSET;
    }
    /* Full: a new set, so a long session never runs out of keycodes. */
    if (keymap->count == KEYPAD_OSK_KEYMAP_SLOTS) keymap->count = 0;
    keymap->codepoints[keymap->count] = codepoint;
    *changed = 1;
    return slot_keycode(keymap->count++) - EVDEV_OFFSET;
}

char *keypad_osk_keymap_text(const KeypadOSKKeymap *keymap) {
    GString *text = g_string_new("xkb_keymap {\nxkb_keycodes \"keypad\" {\n minimum = 8; maximum = 255;\n");
    for (size_t i = 0; i < FIXED_COUNT; i++) {
        g_string_append_printf(text, " <%s> = %u;\n", fixed_keys[i].name, fixed_keys[i].evdev + EVDEV_OFFSET);
    }
    for (size_t i = 0; i < keymap->count; i++) {
        g_string_append_printf(text, " <K%03u> = %u;\n", slot_keycode(i), slot_keycode(i));
    }
    g_string_append_printf(text, " <LAST> = %u;\n};\n", LAST_KEYCODE);
    /* The complete types and compatibility: Xwayland drops a keymap without them, and its X
     * clients go on reading keycodes with the keymap before (as wtype found). */
    g_string_append(text, "xkb_types \"keypad\" { include \"complete\" };\n"
                          "xkb_compatibility \"keypad\" { include \"complete\" };\nxkb_symbols \"keypad\" {\n");
    for (size_t i = 0; i < FIXED_COUNT; i++) {
        g_string_append_printf(text, " key <%s> { [ %s ] };\n", fixed_keys[i].name, fixed_keys[i].keysym);
    }
    /* xkbcommon reads U+XXXX keysym names: Latin-1 as its own keysym, the rest as 0x01000000 + XXXX. */
    for (size_t i = 0; i < keymap->count; i++) {
        g_string_append_printf(text, " key <K%03u> { [ U%04X ] };\n", slot_keycode(i), keymap->codepoints[i]);
    }
    g_string_append(text, "};\n};\n");
    return g_string_free(text, FALSE);
}
