#ifndef KEYPAD_IM_H
#define KEYPAD_IM_H

/* The GTK input-method context of the keypad module: a GtkIMContext subclass whose
 * virtual methods hand every decision to Swift: here are the few calls Swift cannot
 * make itself (variadic GObject functions). */

#include <gtk/gtk.h>

/* For Swift: the context's input-purpose and input-hints properties, and its commit signal. */
GtkInputPurpose keypad_im_context_purpose(GtkIMContext *context);
GtkInputHints keypad_im_context_hints(GtkIMContext *context);
void keypad_im_context_commit(GtkIMContext *context, const char *text);

#endif
