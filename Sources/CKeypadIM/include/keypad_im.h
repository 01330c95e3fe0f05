#ifndef KEYPAD_IM_H
#define KEYPAD_IM_H

/* The GTK input-method context of the keypad module: a GtkIMContext subclass whose
 * virtual methods hand every decision to Swift: here are the few calls Swift cannot
 * make itself (variadic GObject functions). */

#include <gtk/gtk.h>

/* For Swift: the context's input-purpose and input-hints properties, and its commit signal. */
GtkInputPurpose keypad_im_context_purpose(GtkIMContext *context);
GtkInputHints keypad_im_context_hints(GtkIMContext *context);
/* The last surrounding text the app set (UTF-8, owned by the context) and its cursor byte
 * index, without asking the app again; FALSE when it never set one. */
gboolean keypad_im_context_last_surrounding(GtkIMContext *context, const gchar **text, gint *cursor_index);
void keypad_im_context_commit(GtkIMContext *context, const char *text);

#endif
