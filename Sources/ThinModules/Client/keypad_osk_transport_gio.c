/* The GTK modules' transport (keypad_osk_transport.h) over GDBus: the session bus got
 * asynchronously, a signal subscription and a name watch on it, and the client's calls as
 * GDBus messages. It carries the client's messages by their signature letters and knows none
 * by name. Runs on GTK's main loop (the thread-default GLib main context). */
#include <gio/gio.h>
#include <string.h>

#include "keypad_osk_transport.h"

static GDBusConnection *bus;

void keypad_osk_transport_log(const char *line) {
    g_message("%s", line);
}

/* ---- Arguments ---- */

static GVariant *body(const KeypadOSKCall *call) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE_TUPLE);
    for (size_t index = 0; call->signature[index] != '\0' && index < KEYPAD_OSK_MAX_ARGS; index++) {
        const KeypadOSKArg *arg = &call->args[index];
        switch (call->signature[index]) {
        case 'u':
            g_variant_builder_add(&builder, "u", arg->u);
            break;
        case 'i':
            g_variant_builder_add(&builder, "i", arg->i);
            break;
        case 't':
            g_variant_builder_add(&builder, "t", (guint64)arg->t);
            break;
        case 's':
            g_variant_builder_add(&builder, "s", arg->s);
            break;
        }
    }
    return g_variant_builder_end(&builder);
}

/* PARAMETERS (a tuple) as basic arguments, when they are: their count, else 0. */
static size_t arguments(GVariant *parameters, KeypadOSKArg *args) {
    size_t count = g_variant_n_children(parameters);
    if (count > KEYPAD_OSK_MAX_ARGS) return 0;
    for (size_t index = 0; index < count; index++) {
        GVariant *child = g_variant_get_child_value(parameters, index);
        char type = g_variant_get_type_string(child)[0];
        if (type == 'u') args[index].u = g_variant_get_uint32(child);
        else if (type == 'i') args[index].i = g_variant_get_int32(child);
        else if (type == 't') args[index].t = g_variant_get_uint64(child);
        else if (type == 's') args[index].s = g_variant_get_string(child, NULL); /* lives in PARAMETERS */
        g_variant_unref(child);
        if (type != 'u' && type != 'i' && type != 't' && type != 's') return 0;
    }
    return count;
}

/* ---- Calls ---- */

static void report(const KeypadOSKCall *call, const char *sender, GError *error) {
    if (error == NULL) {
        keypad_osk_client_replied(call, sender, NULL, NULL);
        return;
    }
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) return;
    /* The remote error's own name, else the D-Bus name of GDBus's (registered) error. */
    char *name = g_dbus_error_get_remote_error(error);
    if (name == NULL) name = g_dbus_error_encode_gerror(error);
    g_dbus_error_strip_remote_error(error);
    keypad_osk_client_replied(call, NULL, name, error->message);
    g_free(name);
}

static void replied(GObject *source, GAsyncResult *result, gpointer data) {
    KeypadOSKCall *call = data;
    GError *error = NULL;
    GDBusMessage *reply =
        g_dbus_connection_send_message_with_reply_finish(G_DBUS_CONNECTION(source), result, &error);
    if (reply != NULL) g_dbus_message_to_gerror(reply, &error);
    report(call, reply != NULL ? g_dbus_message_get_sender(reply) : NULL, error);
    g_clear_error(&error);
    g_clear_object(&reply);
    g_free(call);
}

void keypad_osk_transport_send(const KeypadOSKCall *call) {
    GDBusMessage *message =
        g_dbus_message_new_method_call(KEYPAD_OSK_BUS_NAME, KEYPAD_OSK_OBJECT_PATH, KEYPAD_OSK_INTERFACE, call->method);
    g_dbus_message_set_body(message, body(call));
    if (call->no_reply) {
        g_dbus_message_set_flags(message, G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED);
        GError *error = NULL;
        if (!g_dbus_connection_send_message(bus, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, &error)) {
            report(call, NULL, error);
            g_error_free(error);
        }
    } else {
        /* The answer needs the method only; the arguments' strings are not kept. */
        KeypadOSKCall *kept = g_new0(KeypadOSKCall, 1);
        kept->method = call->method;
        kept->signature = call->signature;
        g_dbus_connection_send_message_with_reply(bus, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, -1, NULL, NULL,
                                                  replied, kept);
    }
    g_object_unref(message);
}

/* ---- Signals and the name ---- */

static void on_signal(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                      const char *signal, GVariant *parameters, gpointer data) {
    KeypadOSKArg args[KEYPAD_OSK_MAX_ARGS];
    size_t count = arguments(parameters, args);
    const char *type = g_variant_get_type_string(parameters); /* "(iu)" */
    char *signature = g_strndup(type + 1, strlen(type) - 2);
    keypad_osk_client_signal(sender, signal, signature, args, count);
    g_free(signature);
}

static void osk_appeared(GDBusConnection *connection, const char *name, const char *owner, gpointer data) {
    keypad_osk_client_owner_changed(owner);
}

static void osk_vanished(GDBusConnection *connection, const char *name, gpointer data) {
    keypad_osk_client_owner_changed(NULL);
}

static void bus_got(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    bus = g_bus_get_finish(result, &error);
    if (bus == NULL) {
        keypad_osk_client_bus_ready(error->message);
        g_error_free(error);
        return;
    }
    g_dbus_connection_signal_subscribe(bus, NULL, KEYPAD_OSK_INTERFACE, NULL, KEYPAD_OSK_OBJECT_PATH, NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, on_signal, NULL, NULL);
    g_bus_watch_name_on_connection(bus, KEYPAD_OSK_BUS_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE, osk_appeared,
                                   osk_vanished, NULL, NULL);
    keypad_osk_client_bus_ready(NULL);
}

void keypad_osk_transport_connect(void) {
    g_bus_get(G_BUS_TYPE_SESSION, NULL, bus_got, NULL);
}
