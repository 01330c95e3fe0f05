#ifndef KEYPAD_OSK_X11_H
#define KEYPAD_OSK_X11_H

/* keypad-osk on X11: where another app's field is, and the keypad window kept with it.
 * In C because Xlib's error traps and GDK's X11 API are macros and backend headers. */

#include <gtk/gtk.h>

/* The point (x, y) of X window `window` (another client's) in root coordinates. FALSE when
 * `display` is not X11 or the window is gone. */
gboolean keypad_osk_x11_root_point(GdkDisplay *display, guint64 window, int x, int y, int *root_x, int *root_y);

/* Makes the realized `keypad` window transient for X window `window` (another client's
 * toplevel), so the window manager keeps it above that window, fullscreen or not; with no window
 * manager, stacks it just above that window when it is under it. Once per
 * window unless `again` (a field took focus: the window manager may have restacked its window
 * since, made it fullscreen say, or X given a closed window's id to a new one). Nothing when
 * `keypad` is not realized, not on X11, or `window` is 0 or gone. */
void keypad_osk_x11_set_transient_for(GtkWidget *keypad, guint64 window, gboolean again);

#endif
