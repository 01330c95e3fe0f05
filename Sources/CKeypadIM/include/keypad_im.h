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

/* X11 only (x11_foreign_windows.c): the root-relative frame of the X window with the input
 * focus, or of the X window `xid`; FALSE off X11, with no window focused, or once the window
 * is gone (its X errors are trapped: the host app never sees them). */
gboolean keypad_im_focused_window_frame(GdkRectangle *frame);
gboolean keypad_im_x_window_frame(gulong xid, GdkRectangle *frame);
/* Makes `window` transient for the top-level X window with the input focus (or holding the
 * X window `xid`), so the window manager stacks it above that window (even a fullscreen
 * one); FALSE when there is none or it is gone. */
gboolean keypad_im_stack_over_focused_window(GdkWindow *window);
gboolean keypad_im_stack_over_x_window(GdkWindow *window, gulong xid);

/* X11 only (x11_pointer_root_focus.c): when the X input focus follows the pointer
 * (PointerRoot) and no window manager runs, gives it to the top-level GDK window `toplevel`
 * for good, so the pointer reaching the keypad's window does not take it away; TRUE then. */
gboolean keypad_im_hold_pointer_root_focus(GdkWindow *toplevel);

/* X11 only (x11_key_injection.c): a key press and release of `keyval` through XTest
 * (libXtst.so.6) into the X window with the input focus; FALSE off X11 or without XTest. */
gboolean keypad_im_x_key_tap(guint keyval);

#endif
