#ifndef KEYPAD_IM_SWIFT_ENTRY_POINTS_H
#define KEYPAD_IM_SWIFT_ENTRY_POINTS_H

/* Implemented in Swift (@_cdecl in KeypadIM/EntryPoints.swift), called by the context.
 * Kept out of the public header so Swift never sees two declarations of them. */

#include <gtk/gtk.h>

void keypad_im_swift_focus_in(GtkIMContext *context);
void keypad_im_swift_focus_out(GtkIMContext *context);
void keypad_im_swift_set_client_window(GtkIMContext *context, GdkWindow *window);
void keypad_im_swift_cursor_moved(GtkIMContext *context);
void keypad_im_swift_traits_changed(GtkIMContext *context);
void keypad_im_swift_surrounding_changed(GtkIMContext *context);
void keypad_im_swift_finalize(GtkIMContext *context);

#endif
