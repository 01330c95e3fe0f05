#include "keypad_osk_xtest.h"

#ifdef GDK_WINDOWING_X11
#include <X11/XKBlib.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <gdk/gdkx.h>

/* Spare keycodes and what each is bound to now (0: its empty mapping). */
enum { KEYCODES = 256 };
static struct {
    gboolean scanned;
    gboolean spare[KEYCODES];
    KeySym bound[KEYCODES];
    guint64 used[KEYCODES]; /* when each was last bound, to take the least recent */
    guint64 clock;
} scratch;

gboolean keypad_osk_xtest_available(GdkDisplay *display) {
    if (display == NULL || !GDK_IS_X11_DISPLAY(display)) return FALSE;
    int event, error, major, minor;
    return XTestQueryExtension(gdk_x11_display_get_xdisplay(display), &event, &error, &major, &minor) ? TRUE : FALSE;
}

/* The keycode and level (0 or 1, group 1) where the map has `keysym`; 0 when it has none. */
static KeyCode find_key(Display *xdisplay, KeySym keysym, int *level) {
    int min = 0, max = 0;
    XDisplayKeycodes(xdisplay, &min, &max);
    for (int pass = 0; pass < 2; pass++) {
        for (int keycode = min; keycode <= max; keycode++) {
            if (XkbKeycodeToKeysym(xdisplay, (KeyCode)keycode, 0, pass) == keysym) {
                *level = pass;
                return (KeyCode)keycode;
            }
        }
    }
    return 0;
}

static void scan_spares(Display *xdisplay) {
    int min = 0, max = 0, per = 0;
    XDisplayKeycodes(xdisplay, &min, &max);
    KeySym *map = XGetKeyboardMapping(xdisplay, (KeyCode)min, max - min + 1, &per);
    if (map == NULL) return;
    for (int keycode = min; keycode <= max && keycode < KEYCODES; keycode++) {
        gboolean empty = TRUE;
        for (int i = 0; i < per; i++) empty = empty && map[(keycode - min) * per + i] == NoSymbol;
        scratch.spare[keycode] = empty;
    }
    XFree(map);
    scratch.scanned = TRUE;
}

/* A spare keycode bound to `keysym`: the one already bound to it, else the least recently bound. */
static KeyCode bind_spare(Display *xdisplay, KeySym keysym) {
    if (!scratch.scanned) scan_spares(xdisplay);
    int chosen = 0;
    for (int keycode = 1; keycode < KEYCODES; keycode++) {
        if (!scratch.spare[keycode]) continue;
        if (scratch.bound[keycode] == keysym) {
            scratch.used[keycode] = ++scratch.clock;
            return (KeyCode)keycode;
        }
        if (chosen == 0 || scratch.used[keycode] < scratch.used[chosen]) chosen = keycode;
    }
    if (chosen == 0) return 0;
    KeySym both[2] = { keysym, keysym };
    XChangeKeyboardMapping(xdisplay, chosen, 2, both, 1);
    scratch.bound[chosen] = keysym;
    scratch.used[chosen] = ++scratch.clock;
    return (KeyCode)chosen;
}

static void tap(Display *xdisplay, KeyCode keycode, KeyCode shift) {
    if (shift) XTestFakeKeyEvent(xdisplay, shift, True, CurrentTime);
    XTestFakeKeyEvent(xdisplay, keycode, True, CurrentTime);
    XTestFakeKeyEvent(xdisplay, keycode, False, CurrentTime);
    if (shift) XTestFakeKeyEvent(xdisplay, shift, False, CurrentTime);
}

gboolean keypad_osk_xtest_type_keysym(GdkDisplay *display, guint keysym) {
    if (!keypad_osk_xtest_available(display) || keysym == 0) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    gdk_x11_display_error_trap_push(display);
    int level = 0;
    KeyCode keycode = find_key(xdisplay, (KeySym)keysym, &level);
    KeyCode shift = 0;
    if (keycode != 0 && level == 1) shift = XKeysymToKeycode(xdisplay, XK_Shift_L);
    if (keycode == 0 || (level == 1 && shift == 0)) {
        keycode = bind_spare(xdisplay, (KeySym)keysym);
        shift = 0;
    }
    if (keycode != 0) tap(xdisplay, keycode, shift);
    XFlush(xdisplay);
    return gdk_x11_display_error_trap_pop(display) == 0 && keycode != 0;
}

void keypad_osk_xtest_restore(GdkDisplay *display) {
    if (display == NULL || !GDK_IS_X11_DISPLAY(display)) return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    gdk_x11_display_error_trap_push(display);
    for (int keycode = 1; keycode < KEYCODES; keycode++) {
        if (scratch.bound[keycode] == 0) continue;
        KeySym none = NoSymbol;
        XChangeKeyboardMapping(xdisplay, keycode, 1, &none, 1);
        scratch.bound[keycode] = 0;
    }
    XFlush(xdisplay);
    gdk_x11_display_error_trap_pop_ignored(display);
    /* The map may change meanwhile (setxkbmap): the spare keycodes are found again next time. */
    scratch.scanned = FALSE;
}

#else

gboolean keypad_osk_xtest_available(GdkDisplay *display) { return FALSE; }
gboolean keypad_osk_xtest_type_keysym(GdkDisplay *display, guint keysym) { return FALSE; }
void keypad_osk_xtest_restore(GdkDisplay *display) {}

#endif
