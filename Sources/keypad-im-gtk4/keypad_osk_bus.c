/* The app's side of org.keypad.OSK1: the session bus (got asynchronously, once), a watch on
 * keypad-osk's name, the signals keypad-osk sends this app, and the calls the focused
 * context makes. Nothing here waits: without keypad-osk the app keeps its physical keys and
 * logs one line; a keypad-osk that went away is started again (D-Bus activation) by the
 * next field that takes focus. */
#include <string.h>
#include "keypad_im_gtk4.h"

#define OSK_NAME "org.keypad.OSK1"
#define OSK_PATH "/org/keypad/OSK1"
#define OSK_INTERFACE "org.keypad.OSK1"

typedef enum { BUS_NONE, BUS_PENDING, BUS_READY } BusState;

static BusState bus_state = BUS_NONE;
static GDBusConnection *bus;
/* keypad-osk's unique name while it owns OSK_NAME: only its signals are obeyed. */
static char *osk_owner;
/* The focused context, and whether keypad-osk was told (FocusIn) since it last started. */
static GWeakRef focused;
static gboolean focus_sent;
/* The unique name of the keypad-osk that answered the last FocusIn: only its going away
 * means the field's focus is lost (another that went, or the one D-Bus activation replaced,
 * says nothing about it). */
static char *focus_owner;
/* One line per outage, not one per call. */
static gboolean outage_logged;

static void log_outage(const char *what) {
    if (outage_logged) return;
    outage_logged = TRUE;
    g_message("keypad: %s; physical keys still work, the next focused field tries again", what);
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
 * going away is seen by the name watch, and the module keeps within every bound it could
 * refuse (docs/gtk4.md, Bounds). */
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

static KeypadIMContext *focused_context(void) {
    return g_weak_ref_get(&focused); /* a reference, or NULL */
}

/* ---- keypad-osk's signals ---- */

static void on_signal(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                      const char *signal, GVariant *parameters, gpointer data) {
    if (osk_owner == NULL || g_strcmp0(sender, osk_owner) != 0 || !focus_sent) return;
    KeypadIMContext *context = focused_context();
    if (context == NULL) return;
    if (strcmp(signal, "Commit") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(s)"))) {
        const char *text = NULL;
        g_variant_get(parameters, "(&s)", &text);
        if (strlen(text) <= KEYPAD_OSK_MAX_COMMIT_BYTES) keypad_im_context_commit(context, text);
    } else if (strcmp(signal, "DeleteSurrounding") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(iu)"))) {
        gint32 offset = 0;
        guint32 count = 0;
        g_variant_get(parameters, "(iu)", &offset, &count);
        if (count <= KEYPAD_OSK_MAX_DELETE_CHARS && offset >= -KEYPAD_OSK_MAX_DELETE_CHARS &&
            offset <= KEYPAD_OSK_MAX_DELETE_CHARS)
            keypad_im_context_delete(context, offset, count);
    } else if (strcmp(signal, "Backspace") == 0) {
        keypad_im_context_backspace(context);
    } else if (strcmp(signal, "Return") == 0) {
        keypad_im_context_return(context);
    }
    g_object_unref(context);
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

static void send_focus_in(KeypadIMContext *context) {
    focus_sent = TRUE;
    keypad_im_context_send_focus_in(context);
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
    KeypadIMContext *context = focused_context();
    if (context != NULL) {
        send_focus_in(context);
        g_object_unref(context);
    }
}

/* ---- What the contexts call ---- */

void keypad_osk_focus_in(KeypadIMContext *context) {
    g_weak_ref_set(&focused, context);
    switch (bus_state) {
    case BUS_NONE:
        bus_state = BUS_PENDING;
        g_bus_get(G_BUS_TYPE_SESSION, NULL, bus_ready, NULL);
        break;
    case BUS_READY:
        send_focus_in(context);
        break;
    case BUS_PENDING:
        break;
    }
}

void keypad_osk_focus_out(KeypadIMContext *context) {
    KeypadIMContext *current = focused_context();
    if (current != NULL) g_object_unref(current);
    if (current != context) return;
    g_weak_ref_set(&focused, NULL);
    if (bus_state == BUS_READY && focus_sent) call("FocusOut", NULL);
    focus_sent = FALSE;
}

void keypad_osk_send(KeypadIMContext *context, const char *method, GVariant *parameters) {
    g_variant_ref_sink(parameters);
    KeypadIMContext *current = focused_context();
    if (current != NULL) g_object_unref(current);
    if (current == context && bus_state == BUS_READY && focus_sent) {
        if (strcmp(method, "FocusIn") == 0)
            call_focus_in(parameters);
        else if (strcmp(method, "SetCursorRect") == 0 || strcmp(method, "SetSurroundingText") == 0)
            send_no_reply(method, parameters);
        else
            call(method, parameters);
    }
    g_variant_unref(parameters);
}
