/* What the GTK 3 context asks of the X server (keypad_im_context.h): the toplevel X window of
 * a field, the one with the input focus for an app that gives no widget, the input focus held
 * with no window manager, and keys typed through XTest. Nothing here runs off X11. Windows
 * named may belong to other clients and be destroyed at any moment: every call that names
 * one runs inside a GDK error trap (untrapped, BadWindow reaches GTK's error handler, which
 * ends the app). */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if !GTK_CHECK_VERSION(4, 0, 0)
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>

/* The default display when it is an X11 one; NULL off X11. */
static GdkDisplay *x11_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    return display != NULL && GDK_IS_X11_DISPLAY(display) ? display : NULL;
}
#endif

guint64 keypad_im_x11_toplevel(GdkWindow *window) {
#ifdef GDK_WINDOWING_X11
    GdkWindow *toplevel = window != NULL ? gdk_window_get_toplevel(window) : NULL;
    if (toplevel != NULL && GDK_IS_X11_WINDOW(toplevel)) return GDK_WINDOW_XID(toplevel);
#endif
    return 0;
}

guint64 keypad_im_x11_focused_toplevel(void) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = x11_display();
    if (display == NULL) return 0;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window focused = None, found = None, root = None, parent = None, *children = NULL;
    int revert = 0;
    unsigned int count = 0;
    gdk_x11_display_error_trap_push(display);
    XGetInputFocus(xdisplay, &focused, &revert);
    /* Up to the child of the root (at most 64 steps: a bound on a tree another client makes). */
    for (int step = 0; focused != None && focused != PointerRoot && step < 64; step++) {
        if (!XQueryTree(xdisplay, focused, &root, &parent, &children, &count)) break;
        if (children != NULL) XFree(children);
        children = NULL;
        if (parent == root || parent == None) {
            found = focused;
            break;
        }
        focused = parent;
    }
    if (gdk_x11_display_error_trap_pop(display) != 0) return 0;
    return found;
#else
    return 0;
#endif
}

gboolean keypad_im_x11_hold_pointer_root_focus(GdkWindow *toplevel) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = x11_display();
    if (display == NULL || toplevel == NULL || !GDK_IS_X11_WINDOW(toplevel)) return FALSE;
    /* A window manager gives focus itself (openbox leaves PointerRoot until it first focuses a
     * window): the module never goes around it. */
    if (gdk_x11_screen_supports_net_wm_hint(gdk_window_get_screen(toplevel),
                                            gdk_atom_intern_static_string("_NET_ACTIVE_WINDOW")))
        return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window focused = None;
    int revert = 0;
    gdk_x11_display_error_trap_push(display);
    XGetInputFocus(xdisplay, &focused, &revert);
    gboolean follows_pointer = focused == PointerRoot;
    /* As gtk_window_present does with no window manager; the focus goes back to following the
     * pointer once the window unmaps. */
    if (follows_pointer) XSetInputFocus(xdisplay, GDK_WINDOW_XID(toplevel), RevertToPointerRoot, CurrentTime);
    return gdk_x11_display_error_trap_pop(display) == 0 && follows_pointer;
#else
    return FALSE;
#endif
}

gboolean keypad_im_x11_key_tap(guint keyval) {
#ifdef GDK_WINDOWING_X11
    typedef int (*FakeKeyEvent)(Display *, unsigned int, int, unsigned long);
    static FakeKeyEvent fake = NULL;
    static gboolean loaded = FALSE;
    GdkDisplay *display = x11_display();
    if (display == NULL) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    if (!loaded) {
        loaded = TRUE;
        void *library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
        fake = library != NULL ? (FakeKeyEvent)dlsym(library, "XTestFakeKeyEvent") : NULL;
    }
    if (fake == NULL) return FALSE;
    KeyCode keycode = XKeysymToKeycode(xdisplay, (KeySym)keyval);
    if (keycode == 0) return FALSE;
    /* A server without XTEST answers with an error, not the app's end. */
    gdk_x11_display_error_trap_push(display);
    fake(xdisplay, keycode, True, CurrentTime);
    fake(xdisplay, keycode, False, CurrentTime);
    return gdk_x11_display_error_trap_pop(display) == 0;
#else
    return FALSE;
#endif
}
#endif
