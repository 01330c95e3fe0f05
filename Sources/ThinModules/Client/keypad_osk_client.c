/* The app's side of org.keypad.OSK1, once for every thin module: the messages (names,
 * signatures, flags), the state of the one focused field, the rules for what is sent and
 * when, and keypad-osk's signals checked against the interface's bounds (keypad_osk_client.h).
 * A transport carries the messages (keypad_osk_transport.h). Plain C, libc only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keypad_osk_client.h"
#include "keypad_osk_transport.h"

typedef enum { BUS_NONE, BUS_PENDING, BUS_READY } BusState;

static const KeypadOSKFieldOps *ops;
static BusState bus_state = BUS_NONE;
/* keypad-osk's unique name while it owns its name: only its signals are obeyed. */
static char *osk_owner;
/* The focused field, and whether keypad-osk was told (FocusIn) since it last started. */
static void *focused;
static bool focus_sent;
/* The unique name of the keypad-osk that answered the last FocusIn: only its going away
 * means the field's focus is lost (another that went, or the one D-Bus activation replaced,
 * says nothing about it). */
static char *focus_owner;
/* One line per outage, not one per call. */
static bool outage_logged;
/* What keypad-osk was last sent for the focused field, so repeats are not sent again. */
static char *sent_text;
static int sent_cursor = -1, sent_anchor = -1;
static bool caret_sent;
static KeypadOSKCaret sent_caret;

/* ---- libc helpers ---- */

static char *copy_string(const char *text, size_t length) {
    char *copy = malloc(length + 1);
    if (copy == NULL) abort(); /* as GLib's allocator does */
    memcpy(copy, text, length);
    copy[length] = '\0';
    return copy;
}

static void replace_string(char **slot, const char *text) {
    free(*slot);
    *slot = text != NULL ? copy_string(text, strlen(text)) : NULL;
}

static bool same_string(const char *a, const char *b) {
    return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static bool is_continuation(unsigned char byte) {
    return (byte & 0xC0) == 0x80;
}

/* Whether TEXT's LENGTH bytes are UTF-8 with no NUL, no surrogate, no overlong form and nothing
 * past U+10FFFF (what a D-Bus string may hold). */
static bool valid_utf8(const char *text, size_t length) {
    const unsigned char *at = (const unsigned char *)text, *end = at + length;
    while (at < end) {
        unsigned char lead = *at;
        size_t extra;
        unsigned long point;
        if (lead == 0) return false;
        if (lead < 0x80) {
            at++;
            continue;
        }
        if (lead >= 0xC2 && lead <= 0xDF) extra = 1, point = lead & 0x1F;
        else if (lead >= 0xE0 && lead <= 0xEF) extra = 2, point = lead & 0x0F;
        else if (lead >= 0xF0 && lead <= 0xF4) extra = 3, point = lead & 0x07;
        else return false;
        if ((size_t)(end - at) <= extra) return false;
        for (size_t index = 1; index <= extra; index++) {
            if (!is_continuation(at[index])) return false;
            point = (point << 6) | (at[index] & 0x3F);
        }
        if ((extra == 2 && point < 0x800) || (extra == 3 && (point < 0x10000 || point > 0x10FFFF)) ||
            (point >= 0xD800 && point <= 0xDFFF))
            return false;
        at += extra + 1;
    }
    return true;
}

/* The code points from START to END (valid UTF-8). */
static int code_points(const char *start, const char *end) {
    int points = 0;
    for (const char *at = start; at < end; at++)
        if (!is_continuation((unsigned char)*at)) points++;
    return points;
}

/* ---- Outages and refusals ---- */

static void log_outage(const char *what) {
    if (outage_logged) return;
    outage_logged = true;
    char line[512];
    snprintf(line, sizeof line, "keypad: %s; physical keys still work, the next focused field tries again", what);
    keypad_osk_transport_log(line);
}

static void forget_sent(void) {
    free(sent_text);
    sent_text = NULL;
    sent_cursor = sent_anchor = -1;
    caret_sent = false;
}

/* ---- The calls ---- */

static void send_call(const KeypadOSKCall *call) {
    keypad_osk_transport_send(call);
}

/* A call failed: keypad-osk refusing what it was sent (InvalidArgs: a bound) changes nothing
 * else; anything else (no keypad-osk, it crashed, it could not start) is an outage, and the
 * next focus tells its successor of the field. */
void keypad_osk_client_replied(const KeypadOSKCall *call, const char *sender, const char *error_name,
                               const char *error_message) {
    static bool refusal_logged = false;
    bool focus_in = strcmp(call->method, "FocusIn") == 0;
    if (error_name == NULL) {
        if (focus_in) replace_string(&focus_owner, sender);
        return;
    }
    if (strcmp(error_name, KEYPAD_OSK_ERROR_INVALID_ARGS) == 0) {
        if (!refusal_logged) {
            char line[512];
            snprintf(line, sizeof line, "keypad: keypad-osk refused a call (%s)", error_message ? error_message : "");
            keypad_osk_transport_log(line);
        }
        refusal_logged = true;
    } else {
        char line[400];
        snprintf(line, sizeof line, "no keypad-osk on the session bus (%s)", error_message ? error_message : error_name);
        log_outage(line);
        focus_sent = false;
    }
    if (focus_in) focus_sent = false; /* a refused FocusIn too: keypad-osk has no field of this app */
}

/* ---- keypad-osk's signals ---- */

static bool bounded_offset(int32_t value) {
    return value >= -KEYPAD_OSK_MAX_DELETE_CHARS && value <= KEYPAD_OSK_MAX_DELETE_CHARS;
}

/* Each signal keypad-osk sends this app, with its signature. */
enum { COMMIT, DELETE_SURROUNDING, BACKSPACE, RETURN, MOVE_FOCUS, DISMISS, KEYPAD_FRAME, SIGNAL_COUNT };
static const struct {
    const char *member;
    const char *signature;
} signals[SIGNAL_COUNT] = {
    [COMMIT] = {"Commit", "s"},       [DELETE_SURROUNDING] = {"DeleteSurrounding", "iu"},
    [BACKSPACE] = {"Backspace", ""},  [RETURN] = {"Return", ""},
    [MOVE_FOCUS] = {"MoveFocus", "i"}, [DISMISS] = {"Dismiss", ""},
    [KEYPAD_FRAME] = {"KeypadFrame", "iiii"},
};

/* Which of `signals` MEMBER is, when its arguments are as they should be; else SIGNAL_COUNT. */
static int known_signal(const char *member, const char *signature, size_t count) {
    for (int which = 0; which < SIGNAL_COUNT; which++)
        if (strcmp(member, signals[which].member) == 0)
            return strcmp(signature, signals[which].signature) == 0 && count == strlen(signature) ? which
                                                                                                   : SIGNAL_COUNT;
    return SIGNAL_COUNT;
}

void keypad_osk_client_signal(const char *sender, const char *member, const char *signature, const KeypadOSKArg *args,
                              size_t count) {
    if (!same_string(sender, osk_owner) || !focus_sent || focused == NULL) return;
    void *field = focused;
    switch (known_signal(member, signature, count)) {
    case COMMIT:
        if (strlen(args[0].s) <= KEYPAD_OSK_MAX_COMMIT_BYTES) ops->commit(field, args[0].s);
        break;
    case DELETE_SURROUNDING:
        if (args[1].u <= KEYPAD_OSK_MAX_DELETE_CHARS && bounded_offset(args[0].i))
            ops->delete_surrounding(field, args[0].i, args[1].u);
        break;
    case BACKSPACE:
        ops->backspace(field);
        break;
    case RETURN:
        ops->activate(field);
        break;
    case MOVE_FOCUS:
        if (ops->move_focus != NULL && (args[0].i == -1 || args[0].i == 1)) ops->move_focus(field, args[0].i);
        break;
    case DISMISS:
        if (ops->dismiss != NULL) ops->dismiss(field);
        break;
    case KEYPAD_FRAME:
        if (ops->keypad_frame != NULL && args[2].i >= 0 && args[3].i >= 0)
            ops->keypad_frame(field, args[0].i, args[1].i, args[2].i, args[3].i);
        break;
    }
}

/* ---- keypad-osk's name ---- */

/* NULL also once at the start when keypad-osk is not running yet (it may be on its way: D-Bus
 * activation), which changes nothing. */
void keypad_osk_client_owner_changed(const char *owner) {
    if (owner != NULL) {
        replace_string(&osk_owner, owner);
        outage_logged = false;
        return;
    }
    if (osk_owner == NULL) return;
    log_outage("keypad-osk left the session bus");
    /* Its successor learns of this app's field at the next focus, not from stale updates. */
    if (same_string(osk_owner, focus_owner)) focus_sent = false;
    replace_string(&osk_owner, NULL);
}

static void describe(void *field) {
    focus_sent = true;
    ops->describe(field);
}

void keypad_osk_client_bus_ready(const char *error) {
    if (error != NULL) {
        bus_state = BUS_NONE; /* the next focus-in tries again */
        char line[400];
        snprintf(line, sizeof line, "no session bus (%s)", error);
        log_outage(line);
        return;
    }
    bus_state = BUS_READY;
    if (focused != NULL) describe(focused);
}

/* ---- What the fields call ---- */

void keypad_osk_client_init(const KeypadOSKFieldOps *field_ops) {
    ops = field_ops;
}

void keypad_osk_client_focus_in(void *field) {
    if (ops == NULL || field == NULL) return;
    if (focused != field) forget_sent();
    focused = field;
    switch (bus_state) {
    case BUS_NONE:
        bus_state = BUS_PENDING;
        keypad_osk_transport_connect();
        break;
    case BUS_READY:
        describe(field);
        break;
    case BUS_PENDING:
        break;
    }
}

void keypad_osk_client_focus_out(void *field) {
    if (field == NULL || focused != field) return;
    focused = NULL;
    forget_sent();
    if (bus_state == BUS_READY && focus_sent) send_call(&(KeypadOSKCall){.method = "FocusOut", .signature = ""});
    focus_sent = false;
}

void keypad_osk_client_forget(void *field) {
    keypad_osk_client_focus_out(field);
}

bool keypad_osk_client_is_connected(void *field) {
    return field != NULL && focused == field && bus_state == BUS_READY && focus_sent;
}

bool keypad_osk_content_type_is_secure(KeypadOSKContentType type) {
    return type.purpose == KEYPAD_OSK_PURPOSE_PASSWORD || type.purpose == KEYPAD_OSK_PURPOSE_PIN ||
           (type.flags & KEYPAD_OSK_FLAG_HIDDEN_TEXT) != 0;
}

/* FocusIn, whose answer names the keypad-osk that took the field. */
void keypad_osk_client_send_focus_in(void *field, KeypadOSKContentType type, KeypadOSKCaret caret) {
    if (!keypad_osk_client_is_connected(field)) return;
    forget_sent();
    caret_sent = true;
    sent_caret = caret;
    replace_string(&focus_owner, NULL); /* until the answer names the new one */
    send_call(&(KeypadOSKCall){.method = "FocusIn",
                               .signature = "uuutiiii",
                               .args = {{.u = type.purpose},
                                        {.u = type.hints},
                                        {.u = type.flags},
                                        {.t = caret.window},
                                        {.i = caret.x},
                                        {.i = caret.y},
                                        {.i = caret.width},
                                        {.i = caret.height}}});
}

void keypad_osk_client_send_content_type(void *field, KeypadOSKContentType type) {
    if (!keypad_osk_client_is_connected(field)) return;
    send_call(&(KeypadOSKCall){.method = "SetContentType",
                               .signature = "uuu",
                               .args = {{.u = type.purpose}, {.u = type.hints}, {.u = type.flags}}});
}

/* The calls each edit brings (the caret moved, the new surrounding text) expect no reply: a
 * tap sends keypad-osk two messages instead of four (#26, docs/benchmarks-gtk4-hop.md). Its
 * going away is seen by the name watch, and the client keeps within every bound it could
 * refuse. */
void keypad_osk_client_send_caret(void *field, KeypadOSKCaret caret) {
    if (!keypad_osk_client_is_connected(field)) return;
    if (caret_sent && memcmp(&caret, &sent_caret, sizeof caret) == 0) return;
    caret_sent = true;
    sent_caret = caret;
    send_call(&(KeypadOSKCall){
        .method = "SetCursorRect",
        .signature = "tiiii",
        .args = {{.t = caret.window}, {.i = caret.x}, {.i = caret.y}, {.i = caret.width}, {.i = caret.height}},
        .no_reply = true});
}

void keypad_osk_client_send_surrounding(void *field, const char *text, size_t length, size_t cursor_index,
                                        size_t anchor_index, bool secure) {
    if (!keypad_osk_client_is_connected(field)) return;
    const char *start = NULL, *end = NULL;
    int cursor = -1, anchor = -1;
    if (text != NULL && !secure && cursor_index <= length && anchor_index <= length && valid_utf8(text, length)) {
        size_t low = cursor_index < anchor_index ? cursor_index : anchor_index;
        size_t high = cursor_index < anchor_index ? anchor_index : cursor_index;
        start = text + (low > KEYPAD_OSK_SURROUNDING_SIDE_BYTES ? low - KEYPAD_OSK_SURROUNDING_SIDE_BYTES : 0);
        end = text + (length - high > KEYPAD_OSK_SURROUNDING_SIDE_BYTES ? high + KEYPAD_OSK_SURROUNDING_SIDE_BYTES
                                                                          : length);
        /* A selection wider than the window is not sent at all. */
        if (end - start <= 3 * KEYPAD_OSK_SURROUNDING_SIDE_BYTES) {
            /* Onto character boundaries, inwards. */
            while (start < text + low && is_continuation((unsigned char)*start)) start++;
            while (end > text + high && end < text + length && is_continuation((unsigned char)*end)) end--;
            cursor = code_points(start, text + cursor_index);
            anchor = code_points(start, text + anchor_index);
        }
    }
    char *window = cursor >= 0 ? copy_string(start, (size_t)(end - start)) : copy_string("", 0);
    if (sent_text != NULL && strcmp(sent_text, window) == 0 && sent_cursor == cursor && sent_anchor == anchor) {
        free(window);
        return;
    }
    free(sent_text);
    sent_text = window;
    sent_cursor = cursor;
    sent_anchor = anchor;
    send_call(&(KeypadOSKCall){.method = "SetSurroundingText",
                               .signature = "sii",
                               .args = {{.s = window}, {.i = cursor}, {.i = anchor}},
                               .no_reply = true});
}
