#ifndef KEYPAD_OSK_WAYLAND_H
#define KEYPAD_OSK_WAYLAND_H

/* keypad-osk's Wayland protocol client, on GDK's own Wayland connection: the seat's
 * input method (zwp_input_method_v2) and a virtual keyboard (zwp_virtual_keyboard_v1)
 * for the keys no input-method request stands for (Return, and BackSpace where the app
 * gives no surrounding text). The protocols' interfaces are written out here as
 * wayland-scanner would generate them, since Debian 12 ships no copy of their XML.
 * Events reach the handler from GDK's main loop. */

#include <gtk/gtk.h>
#include <stdint.h>

/* Why the client did not start. */
typedef enum {
    KEYPAD_OSK_STARTED = 0,
    KEYPAD_OSK_NOT_WAYLAND,           /* GDK's display is not a Wayland one */
    KEYPAD_OSK_NO_INPUT_METHOD,       /* no zwp_input_method_manager_v2 */
    KEYPAD_OSK_NO_VIRTUAL_KEYBOARD,   /* no zwp_virtual_keyboard_manager_v1 */
    KEYPAD_OSK_NO_SEAT,               /* no wl_seat */
    KEYPAD_OSK_NO_KEYMAP,             /* the virtual keyboard's keymap could not be shared */
} KeypadOSKStart;

/* The text input's state as of the last `done` (the protocol's double-buffered state,
 * applied). `text` is NULL when the app sent no surrounding text, or sent text that is not
 * UTF-8 or cursor/anchor indices outside it or inside a character; valid only during the
 * handler's call. Offsets are bytes into `text`. */
typedef struct {
    gboolean active;
    gboolean activated; /* an `activate` came since the last `done`: a new field */
    uint32_t hint;
    uint32_t purpose;
    const char *text;
    uint32_t cursor;
    uint32_t anchor;
    uint32_t change_cause;
} KeypadOSKState;

typedef enum {
    KEYPAD_OSK_EVENT_DONE,        /* `done`: the state applies */
    KEYPAD_OSK_EVENT_UNAVAILABLE, /* another input method holds the seat */
    KEYPAD_OSK_EVENT_GONE,        /* the compositor closed the connection */
} KeypadOSKEvent;

typedef void (*KeypadOSKHandler)(void *context, KeypadOSKEvent event, const KeypadOSKState *state);

/* Whether surrounding text from the compositor is kept: at most 4000 bytes (the protocol's
 * limit), valid UTF-8, and cursor and anchor byte indices within it on character boundaries.
 * Anything else leaves the text unknown (Delete becomes a BackSpace key). */
gboolean keypad_osk_surrounding_is_usable(const char *text, uint32_t cursor, uint32_t anchor);

/* Binds the input method and a virtual keyboard on `display`'s seat; `handler` gets every
 * `done` (with the state), `unavailable`, and the connection's end. Once per process. */
KeypadOSKStart keypad_osk_wayland_start(GdkDisplay *display, KeypadOSKHandler handler, void *context);

/* Input-method requests, applied together by keypad_osk_wayland_commit(). */
void keypad_osk_wayland_commit_string(const char *text);
void keypad_osk_wayland_delete_surrounding_text(uint32_t before_length, uint32_t after_length);
/* `commit` with the serial of the last `done`, then flushes. */
void keypad_osk_wayland_commit(void);

/* Presses and releases `evdev_key` (KEY_BACKSPACE, KEY_ENTER, keypad_osk_keymap.h's keys) on the virtual keyboard. */
void keypad_osk_wayland_tap_key(uint32_t evdev_key);

/* Types the character `codepoint` as a key of the virtual keyboard, into whatever has keyboard
 * focus, sending the keymap again first when it has no key for it (#35). FALSE for a character
 * no key types (a control character), or with no virtual keyboard. */
gboolean keypad_osk_wayland_type_codepoint(uint32_t codepoint);

#endif
