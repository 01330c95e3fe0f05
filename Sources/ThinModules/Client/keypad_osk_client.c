/* The app's side of org.keypad.OSK1: the session bus (got asynchronously, once), a watch on
 * keypad-osk's name, the signals keypad-osk sends this app, and the calls the focused field
 * makes (keypad_osk_client.h). */
#include <string.h>
#include "keypad_osk_client.h"

#define OSK_NAME "org.keypad.OSK1"
#define OSK_PATH "/org/keypad/OSK1"
#define OSK_INTERFACE "org.keypad.OSK1"

typedef enum { BUS_NONE, BUS_PENDING, BUS_READY } BusState;

static const KeypadOSKFieldOps *ops;
static BusState bus_state = BUS_NONE;
static GDBusConnection *bus;
/* keypad-osk's unique name while it owns OSK_NAME: only its signals are obeyed. */
static char *osk_owner;
/* The focused field, and whether keypad-osk was told (FocusIn) since it last started. */
static void *focused;
static gboolean focus_sent;
/* The unique name of the keypad-osk that answered the last FocusIn: only its going away
 * means the field's focus is lost (another that went, or the one D-Bus activation replaced,
 * says nothing about it). */
static char *focus_owner;
/* One line per outage, not one per call. */
static gboolean outage_logged;
/* What keypad-osk was last sent for the focused field, so repeats are not sent again. */
static char *sent_text;
static int sent_cursor = -1, sent_anchor = -1;
static gboolean caret_sent;
static KeypadOSKCaret sent_caret;

static void log_outage(const char *what) {
    if (outage_logged) return;
    outage_logged = TRUE;
    g_message("keypad: %s; physical keys still work, the next focused field tries again", what);
}

static void forget_sent(void) {
    g_clear_pointer(&sent_text, g_free);
    sent_cursor = sent_anchor = -1;
    caret_sent = FALSE;
}

/* A call failed: keypad-osk refusing what it was sent (InvalidArgs: a bound) changes nothing
 * else; anything else (no keypad-osk, it crashed, it could not start) is an outage, and the
 * next focus tells its successor of the field. */
static void call_failed(GError *error) {
    static gboolean refusal_logged = FALSE;
    char *remote = g_dbus_error_get_remote_error(error);
    if (g_strcmp0(remote, "org.freedesktop.DBus.Error.InvalidArgs") == 0 ||
        g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS)) {
        if (!refusal_logged) g_message("keypad: keypad-osk refused a call (%s)", error->message);
        refusal_logged = TRUE;
    } else if (!g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        char *line = g_strdup_printf("no keypad-osk on the session bus (%s)", error->message);
        log_outage(line);
        g_free(line);
        focus_sent = FALSE;
    }
    g_free(remote);
}

static void call_done(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
    if (reply != NULL) {
        g_variant_unref(reply);
        return;
    }
    call_failed(error);
    g_error_free(error);
}

/* Calls may start keypad-osk (D-Bus activation); the bus queues them in order meanwhile. */
static void call(const char *method, GVariant *parameters) {
    g_dbus_connection_call(bus, OSK_NAME, OSK_PATH, OSK_INTERFACE, method, parameters, NULL,
                           G_DBUS_CALL_FLAGS_NONE, -1, NULL, call_done, NULL);
}

/* The calls each edit brings (the caret moved, the new surrounding text) expect no reply: a
 * tap sends keypad-osk two messages instead of four (#26, docs/benchmarks-gtk4-hop.md). Its
 * going away is seen by the name watch, and the client keeps within every bound it could
 * refuse. */
static void send_no_reply(const char *method, GVariant *parameters) {
    GDBusMessage *message = g_dbus_message_new_method_call(OSK_NAME, OSK_PATH, OSK_INTERFACE, method);
    g_dbus_message_set_body(message, parameters);
    g_dbus_message_set_flags(message, G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED);
    GError *error = NULL;
    if (!g_dbus_connection_send_message(bus, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, &error)) {
        call_failed(error);
        g_error_free(error);
    }
    g_object_unref(message);
}

static void focus_in_done(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GDBusMessage *reply =
        g_dbus_connection_send_message_with_reply_finish(G_DBUS_CONNECTION(source), result, &error);
    if (reply != NULL && !g_dbus_message_to_gerror(reply, &error)) {
        g_free(focus_owner);
        focus_owner = g_strdup(g_dbus_message_get_sender(reply));
    } else if (error != NULL) {
        call_failed(error);
        focus_sent = FALSE; /* a refused FocusIn too: keypad-osk has no field of this app */
    }
    g_clear_error(&error);
    g_clear_object(&reply);
}

/* FocusIn, whose answer names the keypad-osk that took the field. */
static void call_focus_in(GVariant *parameters) {
    g_clear_pointer(&focus_owner, g_free); /* until the answer names the new one */
    GDBusMessage *message = g_dbus_message_new_method_call(OSK_NAME, OSK_PATH, OSK_INTERFACE, "FocusIn");
    g_dbus_message_set_body(message, parameters);
    g_dbus_connection_send_message_with_reply(bus, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, -1, NULL, NULL,
                                              focus_in_done, NULL);
    g_object_unref(message);
}

/* ---- keypad-osk's signals ---- */

static gboolean bounded_offset(gint32 value) {
    return value >= -KEYPAD_OSK_MAX_DELETE_CHARS && value <= KEYPAD_OSK_MAX_DELETE_CHARS;
}

static void on_signal(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                      const char *signal, GVariant *parameters, gpointer data) {
    if (osk_owner == NULL || g_strcmp0(sender, osk_owner) != 0 || !focus_sent || focused == NULL) return;
    void *field = focused;
    if (strcmp(signal, "Commit") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(s)"))) {
        const char *text = NULL;
        g_variant_get(parameters, "(&s)", &text);
        if (strlen(text) <= KEYPAD_OSK_MAX_COMMIT_BYTES) ops->commit(field, text);
    } else if (strcmp(signal, "DeleteSurrounding") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(iu)"))) {
        gint32 offset = 0;
        guint32 count = 0;
        g_variant_get(parameters, "(iu)", &offset, &count);
        if (count <= KEYPAD_OSK_MAX_DELETE_CHARS && bounded_offset(offset)) ops->delete_surrounding(field, offset, count);
    } else if (strcmp(signal, "Backspace") == 0) {
        ops->backspace(field);
    } else if (strcmp(signal, "Return") == 0) {
        ops->activate(field);
    } else if (strcmp(signal, "MoveFocus") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(i)"))) {
        gint32 direction = 0;
        g_variant_get(parameters, "(i)", &direction);
        if (ops->move_focus != NULL && (direction == -1 || direction == 1)) ops->move_focus(field, direction);
    } else if (strcmp(signal, "Dismiss") == 0) {
        if (ops->dismiss != NULL) ops->dismiss(field);
    } else if (strcmp(signal, "KeypadFrame") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(iiii)"))) {
        gint32 x = 0, y = 0, width = 0, height = 0;
        g_variant_get(parameters, "(iiii)", &x, &y, &width, &height);
        if (ops->keypad_frame != NULL && width >= 0 && height >= 0) ops->keypad_frame(field, x, y, width, height);
    }
}

/* ---- keypad-osk's name ---- */

static void osk_appeared(GDBusConnection *connection, const char *name, const char *owner, gpointer data) {
    g_free(osk_owner);
    osk_owner = g_strdup(owner);
    outage_logged = FALSE;
}

/* Also called once at the start when keypad-osk is not running yet (it may be on its way:
 * D-Bus activation), which changes nothing. */
static void osk_vanished(GDBusConnection *connection, const char *name, gpointer data) {
    if (osk_owner == NULL) return;
    log_outage("keypad-osk left the session bus");
    /* Its successor learns of this app's field at the next focus, not from stale updates. */
    if (g_strcmp0(osk_owner, focus_owner) == 0) focus_sent = FALSE;
    g_clear_pointer(&osk_owner, g_free);
}

static void describe(void *field) {
    focus_sent = TRUE;
    ops->describe(field);
}

static void bus_ready(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    bus = g_bus_get_finish(result, &error);
    if (bus == NULL) {
        bus_state = BUS_NONE; /* the next focus-in tries again */
        char *line = g_strdup_printf("no session bus (%s)", error->message);
        log_outage(line);
        g_free(line);
        g_error_free(error);
        return;
    }
    bus_state = BUS_READY;
    g_dbus_connection_signal_subscribe(bus, NULL, OSK_INTERFACE, NULL, OSK_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                       on_signal, NULL, NULL);
    g_bus_watch_name_on_connection(bus, OSK_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE, osk_appeared, osk_vanished, NULL,
                                   NULL);
    if (focused != NULL) describe(focused);
}

/* ---- What the fields call ---- */

void keypad_osk_client_init(const KeypadOSKFieldOps *field_ops) {
    ops = field_ops;
}

void keypad_osk_client_focus_in(void *field) {
    g_return_if_fail(ops != NULL && field != NULL);
    if (focused != field) forget_sent();
    focused = field;
    switch (bus_state) {
    case BUS_NONE:
        bus_state = BUS_PENDING;
        g_bus_get(G_BUS_TYPE_SESSION, NULL, bus_ready, NULL);
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
    if (bus_state == BUS_READY && focus_sent) call("FocusOut", NULL);
    focus_sent = FALSE;
}

void keypad_osk_client_forget(void *field) {
    keypad_osk_client_focus_out(field);
}

gboolean keypad_osk_client_is_connected(void *field) {
    return field != NULL && focused == field && bus_state == BUS_READY && focus_sent;
}

gboolean keypad_osk_content_type_is_secure(KeypadOSKContentType type) {
    return type.purpose == KEYPAD_OSK_PURPOSE_PASSWORD || type.purpose == KEYPAD_OSK_PURPOSE_PIN ||
           (type.flags & KEYPAD_OSK_FLAG_HIDDEN_TEXT) != 0;
}

void keypad_osk_client_send_focus_in(void *field, KeypadOSKContentType type, KeypadOSKCaret caret) {
    if (!keypad_osk_client_is_connected(field)) return;
    forget_sent();
    caret_sent = TRUE;
    sent_caret = caret;
    call_focus_in(g_variant_new("(uuutiiii)", type.purpose, type.hints, type.flags, caret.window, caret.x, caret.y,
                                caret.width, caret.height));
}

void keypad_osk_client_send_content_type(void *field, KeypadOSKContentType type) {
    if (!keypad_osk_client_is_connected(field)) return;
    call("SetContentType", g_variant_new("(uuu)", type.purpose, type.hints, type.flags));
}

void keypad_osk_client_send_caret(void *field, KeypadOSKCaret caret) {
    if (!keypad_osk_client_is_connected(field)) return;
    if (caret_sent && memcmp(&caret, &sent_caret, sizeof caret) == 0) return;
    caret_sent = TRUE;
    sent_caret = caret;
    send_no_reply("SetCursorRect",
                  g_variant_new("(tiiii)", caret.window, caret.x, caret.y, caret.width, caret.height));
}

void keypad_osk_client_send_surrounding(void *field, const char *text, gsize length, gsize cursor_index,
                                        gsize anchor_index, gboolean secure) {
    if (!keypad_osk_client_is_connected(field)) return;
    const char *start = NULL, *end = NULL;
    int cursor = -1, anchor = -1;
    if (text != NULL && !secure && cursor_index <= length && anchor_index <= length &&
        g_utf8_validate(text, (gssize)length, NULL)) {
        gsize low = MIN(cursor_index, anchor_index), high = MAX(cursor_index, anchor_index);
        start = text + (low > KEYPAD_OSK_SURROUNDING_SIDE_BYTES ? low - KEYPAD_OSK_SURROUNDING_SIDE_BYTES : 0);
        end = text + MIN(length, high + KEYPAD_OSK_SURROUNDING_SIDE_BYTES);
        /* A selection wider than the window is not sent at all. */
        if (end - start <= 3 * KEYPAD_OSK_SURROUNDING_SIDE_BYTES) {
            /* Onto character boundaries, inwards. */
            while (start < text + low && ((guchar)*start & 0xC0) == 0x80) start++;
            while (end > text + high && end < text + length && ((guchar)*end & 0xC0) == 0x80) end--;
            cursor = (int)g_utf8_pointer_to_offset(start, text + cursor_index);
            anchor = (int)g_utf8_pointer_to_offset(start, text + anchor_index);
        }
    }
    char *window = cursor >= 0 ? g_strndup(start, (gsize)(end - start)) : g_strdup("");
    if (sent_text != NULL && strcmp(sent_text, window) == 0 && sent_cursor == cursor && sent_anchor == anchor) {
        g_free(window);
        return;
    }
    g_free(sent_text);
    sent_text = window;
    sent_cursor = cursor;
    sent_anchor = anchor;
    send_no_reply("SetSurroundingText", g_variant_new("(sii)", window, cursor, anchor));
}
