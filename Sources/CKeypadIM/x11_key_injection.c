/* Keys typed through the X server (XTest, loaded on first use), for apps that read keys
 * from X and give the module no GTK widget: BackSpace and Return only. Nothing here runs
 * off X11. */

#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <gdk/gdkx.h>
#include "keypad_im.h"
#include "x11_display.h"

typedef int (*FakeKeyEvent)(Display *, unsigned int, int, unsigned long);

gboolean keypad_im_x_key_tap(guint keyval) {
    static FakeKeyEvent fake = NULL;
    static gboolean loaded = FALSE;
    GdkDisplay *display = keypad_im_x11_display();
    if (!display) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    if (!loaded) {
        loaded = TRUE;
        void *library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
        fake = library ? (FakeKeyEvent)dlsym(library, "XTestFakeKeyEvent") : NULL;
    }
    if (!fake) return FALSE;
    KeyCode keycode = XKeysymToKeycode(xdisplay, (KeySym)keyval);
    if (keycode == 0) return FALSE;
    /* A server without the XTEST extension answers with an error, not the host's end. */
    gdk_x11_display_error_trap_push(display);
    fake(xdisplay, keycode, True, CurrentTime);
    fake(xdisplay, keycode, False, CurrentTime);
    return gdk_x11_display_error_trap_pop(display) == 0;
}
