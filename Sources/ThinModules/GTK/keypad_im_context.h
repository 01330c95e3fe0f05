/* The keypad's GTK input-method context, one source for GTK 3 (im-keypad.so) and GTK 4
 * (libim-keypad.so), as ibus builds one ibusimcontext.c for both: a thin client of
 * keypad-osk's org.keypad.OSK1 session-bus interface (Resources/dbus/org.keypad.OSK1.xml,
 * docs/thin-modules.md) through the thin modules' shared client (Sources/ThinModules/Client).
 * No Swift, no Foundation: GTK, GIO, libc (and Xlib for GTK 3 on X11) only. Where the two
 * GTKs differ, GTK_CHECK_VERSION(4, 0, 0) chooses. */
#pragma once

#include <gtk/gtk.h>

#define KEYPAD_TYPE_IM_CONTEXT (keypad_im_context_get_type())
typedef struct _KeypadIMContext KeypadIMContext;

GType keypad_im_context_get_type(void);
void keypad_im_context_register(GTypeModule *module);

/* The focused field kept in view beside the keypad (keypad_keep_in_view.c, GTK 3 and GTK 4).
 * keypad-osk's KeypadFrame for WIDGET, the focused field (screen coordinates, width 0: no
 * keypad); a field that took focus; the focused field lost it (the margin goes once the main
 * loop is idle, unless another field takes focus first). */
void keypad_im_keep_in_view_frame(GtkWidget *widget, int x, int y, int width, int height);
void keypad_im_keep_in_view_focus(GtkWidget *widget);
void keypad_im_keep_in_view_blur(void);

#if GTK_CHECK_VERSION(4, 0, 0)
/* GTK 4 on X11: a FocusIn waits for the field's caret (gtk4_first_caret.c). Begins the wait of
 * CONTEXT, whose field is CLIENT (FALSE: none begun, send now); READY sends the FocusIn, once,
 * when the caret arrived (keypad_im_caret_arrived: TRUE when a wait ended), the window painted
 * its next frame, or a second passed; a focus-out cancels it. */
gboolean keypad_im_caret_wait(GtkIMContext *context, GtkWidget *client, void (*ready)(GtkIMContext *context));
gboolean keypad_im_caret_arrived(GtkIMContext *context);
void keypad_im_caret_cancel(GtkIMContext *context);
#endif

#if !GTK_CHECK_VERSION(4, 0, 0)
/* GTK 3 on X11 (gtk3_x11.c); each does nothing and answers FALSE/0 off X11. Every X call
 * runs inside a GDK error trap: the windows named may belong to other clients and be gone. */

/* The toplevel X window of WINDOW (a GdkWindow of this app), 0 off X11. */
guint64 keypad_im_x11_toplevel(GdkWindow *window);
/* The top-level X window (a child of the root) holding the X input focus, 0 when none does
 * or the focus follows the pointer: the window of an app that gives no client widget. */
guint64 keypad_im_x11_focused_toplevel(void);
/* With no window manager and the X focus following the pointer, gives it to TOPLEVEL for
 * good (as gtk_window_present does then), so a tap on the keypad keeps the field's focus. */
gboolean keypad_im_x11_hold_pointer_root_focus(GdkWindow *toplevel);
/* A press and release of KEYVAL through the X server (XTest, loaded on first use), for an
 * app that reads keys from X and gives no client widget (Chromium). */
gboolean keypad_im_x11_key_tap(guint keyval);

/* Focus on a seat with no keyboard (gtk3_keyboardless_focus.c): CONTEXT's client widget is
 * WIDGET (NULL: none); while the seat has no keyboard, CONTEXT gets focus-in when WIDGET
 * becomes its inactive window's focus widget, and focus-out when another widget does. */
void keypad_im_keyboardless_follow(GtkIMContext *context, GtkWidget *widget);
/* The widget CONTEXT serves, NULL for an app that gives none. */
GtkWidget *keypad_im_context_client_widget(KeypadIMContext *context);

/* Firefox's first focus (gtk3_firefox_first_focus.c): whether WIDGET is Firefox's content
 * widget (a MozContainer); the refocus of TOPLEVEL that makes Firefox tell the purpose. */
#define KEYPAD_IM_FIREFOX_MAX_REFOCUSES 3
gboolean keypad_im_is_firefox_content(GtkWidget *widget);
void keypad_im_firefox_refocus(GtkWidget *toplevel);
#endif
