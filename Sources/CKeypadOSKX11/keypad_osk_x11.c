#include "keypad_osk_x11.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#endif

gboolean keypad_osk_x11_root_point(GdkDisplay *display, guint64 window, int x, int y, int *root_x, int *root_y) {
#ifdef GDK_WINDOWING_X11
    if (window == 0 || display == NULL || !GDK_IS_X11_DISPLAY(display)) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window child = 0;
    gdk_x11_display_error_trap_push(display);
    Bool same = XTranslateCoordinates(xdisplay, (Window)window, DefaultRootWindow(xdisplay), x, y, root_x, root_y,
                                      &child);
    /* A window that is gone (BadWindow) is an answer, not an error. */
    if (gdk_x11_display_error_trap_pop(display) != 0) return FALSE;
    return same ? TRUE : FALSE;
#else
    return FALSE;
#endif
}

#ifdef GDK_WINDOWING_X11
/* The most top-level windows looked through. */
#define MAX_TOPLEVELS 4096

/* With no window manager nothing reads WM_TRANSIENT_FOR: windows stack in the order they were
 * made or last raised, so an app window mapped while the keypad stayed mapped (hiding, or
 * shown for the app before) covers it, and taps on its keys reach the app (#32: a form's field
 * under the "1" key took focus). When both are children of the root, the keypad under the
 * field's window, the keypad is put just above it. Under a reparenting window manager neither
 * is a child of the root: nothing is asked of the server but the tree. */
static void restack_without_window_manager(Display *xdisplay, Window keypad, Window field) {
    Window root = None, parent = None, *children = NULL;
    unsigned int count = 0;
    if (!XQueryTree(xdisplay, DefaultRootWindow(xdisplay), &root, &parent, &children, &count)) return;
    int keypad_at = -1, field_at = -1;
    for (unsigned int index = 0; index < count && index < MAX_TOPLEVELS; index++) {
        if (children[index] == keypad) keypad_at = (int)index;
        if (children[index] == field) field_at = (int)index;
    }
    if (children != NULL) XFree(children);
    /* XQueryTree lists the children bottom first. */
    if (keypad_at < 0 || field_at < 0 || keypad_at > field_at) return;
    XWindowChanges changes = {.sibling = field, .stack_mode = Above};
    XConfigureWindow(xdisplay, keypad, CWSibling | CWStackMode, &changes);
}
#endif

/* The X window the keypad's GdkWindow was last made transient for (a new GdkWindow has none). */
#define TRANSIENT_FOR_KEY "keypad-osk-transient-for"

void keypad_osk_x11_set_transient_for(GtkWidget *keypad, guint64 window, gboolean again) {
#ifdef GDK_WINDOWING_X11
    GdkWindow *gdk_window = gtk_widget_get_window(keypad);
    if (window == 0 || gdk_window == NULL || !GDK_IS_X11_WINDOW(gdk_window)) return;
    /* Set once per keypad X window and field window: each set is a PropertyNotify back, and
     * GDK reads one X event per main-loop turn (#31: a burst of focus changes queued them in
     * Xlib faster than GDK read them, and Xlib keeps its queue's peak for good). */
    if (!again && GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(gdk_window), TRANSIENT_FOR_KEY)) == (gsize)window)
        return;
    g_object_set_data(G_OBJECT(gdk_window), TRANSIENT_FOR_KEY, GSIZE_TO_POINTER((gsize)window));
    GdkDisplay *display = gdk_window_get_display(gdk_window);
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    gdk_x11_display_error_trap_push(display);
    XSetTransientForHint(xdisplay, gdk_x11_window_get_xid(gdk_window), (Window)window);
    restack_without_window_manager(xdisplay, gdk_x11_window_get_xid(gdk_window), (Window)window);
    gdk_x11_display_error_trap_pop_ignored(display);
#endif
}
