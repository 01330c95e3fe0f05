/* Which changes of the X root window's properties tell of a new work area. */

#include <gdk/gdkx.h>
#include "keypad_x11.h"

gboolean keypad_x11_event_changes_work_area(const void *xevent) {
    const XEvent *event = xevent;
    if (event == NULL || event->type != PropertyNotify) return FALSE;
    GdkDisplay *display = gdk_x11_lookup_xdisplay(event->xproperty.display);
    if (display == NULL) return FALSE;
    Atom atom = event->xproperty.atom;
    return atom == gdk_x11_get_xatom_by_name_for_display(display, "_NET_WORKAREA") ||
           atom == gdk_x11_get_xatom_by_name_for_display(display, "_NET_CURRENT_DESKTOP");
}
