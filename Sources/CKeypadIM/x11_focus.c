/* What the module asks of X directly, for apps that give it no GTK widget (they read
 * keys from X themselves): where the focused X window is, and BackSpace or Return typed
 * through the X server (XTest, loaded on first use). Nothing here runs off X11. */

#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <unistd.h>
#include <gdk/gdkx.h>
#include "keypad_im.h"

static Display *x_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    return display && GDK_IS_X11_DISPLAY(display) ? gdk_x11_display_get_xdisplay(display) : NULL;
}

gboolean keypad_im_focused_window_frame(GdkRectangle *frame) {
    Display *xdisplay = x_display();
    if (!xdisplay) return FALSE;
    Window focused = None, child = None;
    int revert = 0, x = 0, y = 0;
    XWindowAttributes attributes;
    XGetInputFocus(xdisplay, &focused, &revert);
    if (focused == None || focused == PointerRoot) return FALSE;
    if (!XGetWindowAttributes(xdisplay, focused, &attributes)) return FALSE;
    XTranslateCoordinates(xdisplay, focused, attributes.root, 0, 0, &x, &y, &child);
    frame->x = x;
    frame->y = y;
    frame->width = attributes.width;
    frame->height = attributes.height;
    return TRUE;
}

gboolean keypad_im_stack_over_focused_window(GdkWindow *window) {
    Display *xdisplay = x_display();
    if (!xdisplay || !window || !GDK_IS_X11_WINDOW(window)) return FALSE;
    Window focused = None, root = None, parent = None, *children = NULL;
    unsigned int count = 0;
    int revert = 0;
    XGetInputFocus(xdisplay, &focused, &revert);
    if (focused == None || focused == PointerRoot) return FALSE;
    /* Up to the top-level window (the child of the root). */
    for (Window current = focused; XQueryTree(xdisplay, current, &root, &parent, &children, &count);) {
        if (children) XFree(children);
        children = NULL;
        if (parent == root || parent == None) {
            focused = current;
            break;
        }
        current = parent;
    }
    Window own = GDK_WINDOW_XID(window);
    if (own == focused) return FALSE;
    XSetTransientForHint(xdisplay, own, focused);
    XFlush(xdisplay);
    return TRUE;
}

typedef int (*FakeKeyEvent)(Display *, unsigned int, int, unsigned long);

gboolean keypad_im_x_key_tap(guint keyval) {
    static FakeKeyEvent fake = NULL;
    static gboolean loaded = FALSE;
    Display *xdisplay = x_display();
    if (!xdisplay) return FALSE;
    if (!loaded) {
        loaded = TRUE;
        void *library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
        fake = library ? (FakeKeyEvent)dlsym(library, "XTestFakeKeyEvent") : NULL;
    }
    if (!fake) return FALSE;
    KeyCode keycode = XKeysymToKeycode(xdisplay, (KeySym)keyval);
    if (keycode == 0) return FALSE;
    fake(xdisplay, keycode, True, CurrentTime);
    fake(xdisplay, keycode, False, CurrentTime);
    XFlush(xdisplay);
    return TRUE;
}
