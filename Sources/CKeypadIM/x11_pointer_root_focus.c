/* X input focus on a display with no window manager (a kiosk started with `xinit app`):
 * there the focus is PointerRoot and follows the pointer, so the app would lose it the moment
 * the pointer (a finger) reaches the keypad's window, and the keypad would hide after the
 * first key. Nothing here runs off X11. */

#include <gdk/gdkx.h>
#include "keypad_im.h"
#include "x11_display.h"

gboolean keypad_im_hold_pointer_root_focus(GdkWindow *toplevel) {
    GdkDisplay *display = keypad_im_x11_display();
    if (!display || !toplevel || !GDK_IS_X11_WINDOW(toplevel)) return FALSE;
    /* A window manager gives focus itself (openbox leaves PointerRoot until it first focuses
     * a window): the module never goes around it. */
    if (gdk_x11_screen_supports_net_wm_hint(gdk_window_get_screen(toplevel),
                                            gdk_atom_intern_static_string("_NET_ACTIVE_WINDOW")))
        return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window focused = None;
    int revert = 0;
    gdk_x11_display_error_trap_push(display);
    XGetInputFocus(xdisplay, &focused, &revert);
    gboolean follows_pointer = focused == PointerRoot;
    /* As gtk_window_present does with no window manager; the focus goes back to following
     * the pointer once the window unmaps. */
    if (follows_pointer) XSetInputFocus(xdisplay, GDK_WINDOW_XID(toplevel), RevertToPointerRoot, CurrentTime);
    /* The window may be going (destroyed with its widget) as this runs. */
    return gdk_x11_display_error_trap_pop(display) == 0 && follows_pointer;
}
