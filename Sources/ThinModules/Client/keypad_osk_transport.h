/* Between the shared client (keypad_osk_client.c: every message, its signature and flags, and
 * the rules) and a transport that only carries them over the session bus: GDBus in the GTK
 * modules (keypad_osk_transport_gio.c), QtDBus in the Qt plug-in (keypad_qt_transport.cpp).
 * Plain C, libc types only. A transport knows no method or signal by name: it marshals the
 * basic types below by their signature letters, and hands every answer back to the client on
 * the app's main thread (a failure to send at all may be reported from within the send). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KEYPAD_OSK_BUS_NAME "org.keypad.OSK1"
#define KEYPAD_OSK_OBJECT_PATH "/org/keypad/OSK1"
#define KEYPAD_OSK_INTERFACE "org.keypad.OSK1"
/* The one error that means keypad-osk refused a call (a bound), not that it is gone. */
#define KEYPAD_OSK_ERROR_INVALID_ARGS "org.freedesktop.DBus.Error.InvalidArgs"

/* The most arguments a message of org.keypad.OSK1 has (FocusIn's eight). */
#define KEYPAD_OSK_MAX_ARGS 8

/* One argument, of the D-Bus basic type its signature letter names: 'u' uint32, 'i' int32,
 * 't' uint64, 's' a UTF-8 string (borrowed: valid during the call that carries it). */
typedef struct {
    union {
        uint32_t u;
        int32_t i;
        uint64_t t;
        const char *s;
    };
} KeypadOSKArg;

/* A method call to keypad-osk (KEYPAD_OSK_BUS_NAME, its path and interface; auto-start
 * allowed: the bus starts keypad-osk by activation and queues the call meanwhile). METHOD is a
 * static string; SIGNATURE has one letter per argument. With NO_REPLY the message carries
 * NO_REPLY_EXPECTED and only a failure to send it is reported. */
typedef struct {
    const char *method;
    const char *signature;
    KeypadOSKArg args[KEYPAD_OSK_MAX_ARGS];
    bool no_reply;
} KeypadOSKCall;

/* ---- What a transport implements ---- */

/* Get the session bus, asynchronously; then subscribe to KEYPAD_OSK_INTERFACE's signals on
 * KEYPAD_OSK_OBJECT_PATH from any sender and watch KEYPAD_OSK_BUS_NAME's owner, and answer with
 * keypad_osk_client_bus_ready. Called again only after a failed one. */
void keypad_osk_transport_connect(void);
/* Send CALL (the bus is ready); its outcome comes back by keypad_osk_client_replied, except a
 * NO_REPLY call's success. */
void keypad_osk_transport_send(const KeypadOSKCall *call);
/* A line for the app's standard error ("keypad: ..."), in the toolkit's own way. */
void keypad_osk_transport_log(const char *line);

/* ---- What the client answers (keypad_osk_client.c) ---- */

/* The bus is ready (ERROR NULL) or could not be had (ERROR says why). */
void keypad_osk_client_bus_ready(const char *error);
/* KEYPAD_OSK_BUS_NAME's owner changed: its unique name, or NULL when nobody owns it (also
 * once at the start when keypad-osk is not running). */
void keypad_osk_client_owner_changed(const char *owner);
/* CALL's outcome: ERROR_NAME NULL on success (SENDER: the unique name that answered), else the
 * D-Bus error's name and message. A call cancelled by the transport itself is not reported. */
void keypad_osk_client_replied(const KeypadOSKCall *call, const char *sender, const char *error_name,
                               const char *error_message);
/* A signal of KEYPAD_OSK_INTERFACE from SENDER: its member name, and its arguments when its
 * body is COUNT basic arguments (u, i, t, s: SIGNATURE), else SIGNATURE is what the body's
 * signature was and COUNT 0. The client checks the signature against its own. */
void keypad_osk_client_signal(const char *sender, const char *member, const char *signature, const KeypadOSKArg *args,
                              size_t count);

#ifdef __cplusplus
}
#endif
