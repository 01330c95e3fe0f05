/* The app's side of org.keypad.OSK1 (Resources/dbus/org.keypad.OSK1.xml, docs/thin-modules.md),
 * shared by every thin module: GTK 4 and GTK 3 (one GtkIMContext source) and Qt (C++). Plain C,
 * libc only, no GLib type in it: the messages, the rules and the state live in
 * keypad_osk_client.c, and a transport carries them (keypad_osk_transport.h: GDBus in the GTK
 * modules, QtDBus in the Qt plug-in).
 *
 * One client per process: one session-bus connection, at most one focused field. A "field" is
 * the toolkit's own handle (a GtkIMContext, a Qt input context's focus object...), opaque here;
 * what keypad-osk asks of it comes back through KeypadOSKFieldOps. Every function here is
 * called on the app's main thread, and the transport answers there (GTK's main loop, Qt's
 * event loop).
 *
 * Nothing here waits: without keypad-osk the app keeps its physical keys and logs one line; a
 * keypad-osk that went away is started again (D-Bus activation) by the next field that takes
 * focus. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Purposes: GtkInputPurpose's numbers (the same in GTK 3 and GTK 4); Qt maps its hints to them. */
enum {
    KEYPAD_OSK_PURPOSE_FREE_FORM = 0,
    KEYPAD_OSK_PURPOSE_ALPHA = 1,
    KEYPAD_OSK_PURPOSE_DIGITS = 2,
    KEYPAD_OSK_PURPOSE_NUMBER = 3,
    KEYPAD_OSK_PURPOSE_PHONE = 4,
    KEYPAD_OSK_PURPOSE_URL = 5,
    KEYPAD_OSK_PURPOSE_EMAIL = 6,
    KEYPAD_OSK_PURPOSE_NAME = 7,
    KEYPAD_OSK_PURPOSE_PASSWORD = 8,
    KEYPAD_OSK_PURPOSE_PIN = 9,
    KEYPAD_OSK_PURPOSE_TERMINAL = 10,
};

/* Hints: GtkInputHints' bits; the one keypad-osk acts on. */
#define KEYPAD_OSK_HINT_INHIBIT_OSK 0x80u

/* FocusIn's and SetContentType's flags. */
#define KEYPAD_OSK_FLAG_MULTILINE 0x1u   /* Return is a newline */
#define KEYPAD_OSK_FLAG_HIDDEN_TEXT 0x2u /* secure: no text leaves the app */
#define KEYPAD_OSK_FLAG_FOCUS_CHAIN 0x4u /* previous/next: the module moves focus (move_focus) */
#define KEYPAD_OSK_FLAG_UNKNOWN_SECURITY 0x8u /* secure fields look like others: conceal every key */
#define KEYPAD_OSK_FLAG_KEEPS_IN_VIEW 0x10u /* the module scrolls the field above KeypadFrame: the keypad keeps its edge */
#define KEYPAD_OSK_FLAG_FIRST_IN_CHAIN 0x20u /* with FOCUS_CHAIN: no field before it, previous disabled */
#define KEYPAD_OSK_FLAG_LAST_IN_CHAIN 0x40u  /* with FOCUS_CHAIN: no field after it, next disabled */

/* The bounds of the interface: what a client accepts and sends. */
#define KEYPAD_OSK_MAX_COMMIT_BYTES 4096
#define KEYPAD_OSK_MAX_DELETE_CHARS 65536
/* Surrounding text sent: at most this many bytes on each side of the selection. */
#define KEYPAD_OSK_SURROUNDING_SIDE_BYTES 4000

/* A field's purpose, hints and flags, as FocusIn and SetContentType carry them. */
typedef struct {
    unsigned purpose;
    unsigned hints;
    unsigned flags;
} KeypadOSKContentType;

/* The caret on screen: `window` is the field's toplevel X window (0 when not on X11), the
 * rectangle in that window's coordinates (width or height 0: unknown). */
typedef struct {
    uint64_t window;
    int x, y, width, height;
} KeypadOSKCaret;

/* What keypad-osk asks of the focused field. The required ones (describe, commit,
 * delete_surrounding, backspace, activate) must be set; the others may be NULL (the signal is
 * then ignored). FIELD is the focused field. */
typedef struct {
    /* Send FocusIn now (keypad_osk_client_send_focus_in): the bus became ready, or a new
     * keypad-osk must learn of the field. */
    void (*describe)(void *field);
    /* Insert TEXT (valid UTF-8, at most KEYPAD_OSK_MAX_COMMIT_BYTES) at the caret, replacing
     * the selection. */
    void (*commit)(void *field, const char *text);
    /* Delete N_CHARS code points from OFFSET code points off the caret (both within
     * KEYPAD_OSK_MAX_DELETE_CHARS), cut to the text the field has now. */
    void (*delete_surrounding)(void *field, int offset, unsigned n_chars);
    /* The selection, else the character before the caret (a secure field's delete key). */
    void (*backspace)(void *field);
    /* The return key: a newline in a multi-line field, else the field's activation. */
    void (*activate)(void *field);
    /* Optional, for the toolbar and for keeping the field in view (#31). */
    void (*move_focus)(void *field, int direction); /* -1 previous field, +1 next */
    /* Done or the dismiss key hid the keypad; the field keeps focus, and a tap on it brings the
     * keypad back (keypad_osk_client_send_focus_in again). */
    void (*dismiss)(void *field);
    /* Where the keypad is, in root-window (screen) coordinates; width 0: no keypad. */
    void (*keypad_frame)(void *field, int x, int y, int width, int height);
} KeypadOSKFieldOps;

/* Once per process, before any other call; OPS must outlive the process (a static). */
void keypad_osk_client_init(const KeypadOSKFieldOps *ops);

/* FIELD took focus: it becomes the focused field, and once keypad-osk can be told,
 * ops->describe(FIELD) is called (maybe from within this call). */
void keypad_osk_client_focus_in(void *field);
/* FIELD lost focus (nothing happens if it was not the focused field). */
void keypad_osk_client_focus_out(void *field);
/* FIELD is going away: after this the client never names it again. Call it from the field's
 * dispose/destructor; it also sends FocusOut if FIELD had focus. */
void keypad_osk_client_forget(void *field);
/* Whether FIELD is the focused field and keypad-osk was told of it (sends will go out). */
bool keypad_osk_client_is_connected(void *field);

/* The calls, each sent only while FIELD is the focused field and keypad-osk was told of it
 * (FocusIn: while it is the focused field). The surrounding text and the caret are sent with
 * no reply expected and only when they changed since last sent. */
void keypad_osk_client_send_focus_in(void *field, KeypadOSKContentType type, KeypadOSKCaret caret);
void keypad_osk_client_send_content_type(void *field, KeypadOSKContentType type);
void keypad_osk_client_send_caret(void *field, KeypadOSKCaret caret);
/* The field's whole text TEXT (UTF-8, LENGTH bytes) with the caret and the selection's other
 * end as byte indices into it. Sends the window of at most KEYPAD_OSK_SURROUNDING_SIDE_BYTES
 * around the selection, with code-point offsets; none (cursor -1) when SECURE, or when TEXT is
 * NULL, not valid UTF-8 or the indices are outside it. */
void keypad_osk_client_send_surrounding(void *field, const char *text, size_t length, size_t cursor_index,
                                        size_t anchor_index, bool secure);
/* Whether a field with this content type must keep its text in the app. */
bool keypad_osk_content_type_is_secure(KeypadOSKContentType type);

#ifdef __cplusplus
}
#endif
