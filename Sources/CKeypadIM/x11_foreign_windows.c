/* What the module asks of X about other programs' windows, for apps that give it no GTK
 * widget (they read keys from X themselves): where the window with the input focus is, and
 * stacking the keypad above it. Nothing here runs off X11.
 *
 * Those windows belong to other clients and may be destroyed at any moment, between the
 * lookup of the focus and the next call: every call that names one runs inside a GDK error
 * trap. Untrapped, the X error (BadWindow) would reach GTK's default error handler, which
 * ends the host app. */

#include <gdk/gdkx.h>
#include "keypad_im.h"
#include "x11_display.h"

/* The X window with the input focus; None when none has it or it follows the pointer. */
static Window focused_window(Display *xdisplay) {
    Window focused = None;
    int revert = 0;
    XGetInputFocus(xdisplay, &focused, &revert);
    return focused == PointerRoot ? None : focused;
}

gboolean keypad_im_x_window_frame(gulong xid, GdkRectangle *frame) {
    GdkDisplay *display = keypad_im_x11_display();
    if (!display || xid == None) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window child = None;
    int x = 0, y = 0;
    XWindowAttributes attributes;
    gdk_x11_display_error_trap_push(display);
    Bool found = XGetWindowAttributes(xdisplay, (Window)xid, &attributes)
        && XTranslateCoordinates(xdisplay, (Window)xid, attributes.root, 0, 0, &x, &y, &child);
    if (gdk_x11_display_error_trap_pop(display) != 0 || !found) return FALSE;
    frame->x = x;
    frame->y = y;
    frame->width = attributes.width;
    frame->height = attributes.height;
    return TRUE;
}

gboolean keypad_im_focused_window_frame(GdkRectangle *frame) {
    GdkDisplay *display = keypad_im_x11_display();
    if (!display) return FALSE;
    return keypad_im_x_window_frame(focused_window(gdk_x11_display_get_xdisplay(display)), frame);
}

/* The top-level window (the child of the root) holding `xid`; None once it is gone. Runs
 * inside the caller's error trap. */
static Window toplevel_of(Display *xdisplay, Window xid) {
    Window root = None, parent = None, *children = NULL;
    unsigned int count = 0;
    for (Window current = xid; XQueryTree(xdisplay, current, &root, &parent, &children, &count);) {
        if (children) XFree(children);
        children = NULL;
        if (parent == root || parent == None) return current;
        current = parent;
    }
    return None;
}

gboolean keypad_im_stack_over_x_window(GdkWindow *window, gulong xid) {
    GdkDisplay *display = keypad_im_x11_display();
    if (!display || xid == None || !window || !GDK_IS_X11_WINDOW(window)) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    gdk_x11_display_error_trap_push(display);
    Window toplevel = toplevel_of(xdisplay, (Window)xid);
    Window own = GDK_WINDOW_XID(window);
    gboolean stacked = toplevel != None && toplevel != own;
    if (stacked) XSetTransientForHint(xdisplay, own, toplevel);
    /* Waits for the server's answer, so an error of these calls is caught here. */
    if (gdk_x11_display_error_trap_pop(display) != 0) return FALSE;
    return stacked;
}

gboolean keypad_im_stack_over_focused_window(GdkWindow *window) {
    GdkDisplay *display = keypad_im_x11_display();
    if (!display) return FALSE;
    return keypad_im_stack_over_x_window(window, focused_window(gdk_x11_display_get_xdisplay(display)));
}
