/* The keypad's GTK 4 input-method module (libim-keypad.so): a thin client of keypad-osk's
 * org.keypad.OSK1 session-bus interface (Resources/dbus/org.keypad.OSK1.xml, docs/gtk4.md).
 * No Swift, no Foundation: GTK, GIO and libc only. */
#pragma once

#include <gtk/gtk.h>

#define KEYPAD_TYPE_IM_CONTEXT (keypad_im_context_get_type())
typedef struct _KeypadIMContext KeypadIMContext;

GType keypad_im_context_get_type(void);
void keypad_im_context_register(GTypeModule *module);

/* What the context sends (keypad_im_context.c asks, keypad_osk_bus.c sends). */
void keypad_im_context_send_focus_in(KeypadIMContext *context);

/* What keypad-osk asks of the focused context (keypad_osk_bus.c calls these). */
void keypad_im_context_commit(KeypadIMContext *context, const char *text);
void keypad_im_context_delete(KeypadIMContext *context, int offset, guint n_chars);
void keypad_im_context_backspace(KeypadIMContext *context);
void keypad_im_context_return(KeypadIMContext *context);

/* The session bus and keypad-osk's name (keypad_osk_bus.c). Every call is asynchronous:
 * the app never waits for keypad-osk, and works on with physical keys without it. */
void keypad_osk_focus_in(KeypadIMContext *context);
void keypad_osk_focus_out(KeypadIMContext *context);
/* Sends METHOD(PARAMETERS) when CONTEXT is the focused one and keypad-osk has its focus;
 * otherwise drops PARAMETERS (a floating reference is sunk either way). */
void keypad_osk_send(KeypadIMContext *context, const char *method, GVariant *parameters);

/* The bounds of docs/gtk4.md: what a client accepts and sends. */
#define KEYPAD_OSK_MAX_COMMIT_BYTES 4096
#define KEYPAD_OSK_MAX_DELETE_CHARS 65536
/* Surrounding text sent: at most this many bytes on each side of the caret. */
#define KEYPAD_OSK_SURROUNDING_SIDE_BYTES 4000
