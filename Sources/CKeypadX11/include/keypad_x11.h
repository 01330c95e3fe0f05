#ifndef KEYPAD_X11_H
#define KEYPAD_X11_H

/* What KeypadGTK needs to know of X11 (GDK's X11 backend), in C because Xlib's events and
 * atoms are C types and macros. keypad-osk's own X11 helpers are in CKeypadOSKX11. */

#include <gtk/gtk.h>

/* Whether the X event `xevent` (an XEvent*, as a GdkFilterFunc gets it) is a property
 * change that tells of a new work area: `_NET_WORKAREA`, or `_NET_CURRENT_DESKTOP` (the
 * work area is per desktop). Every other property a window manager rewrites on the root
 * window (at each click, openbox does) is not. */
gboolean keypad_x11_event_changes_work_area(const void *xevent);

#endif
