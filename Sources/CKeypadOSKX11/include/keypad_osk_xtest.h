#ifndef KEYPAD_OSK_XTEST_H
#define KEYPAD_OSK_XTEST_H

/* keypad-osk's keyboard on request on X11 (#35): keys typed through XTest into whatever has
 * keyboard focus. A keysym the keyboard map has at its first level is that key; at its second,
 * that key with Shift; one the map lacks is bound to a spare keycode (one with no keysyms), as
 * xdotool does, and stays bound until keypad_osk_xtest_restore() (the keyboard hides): a
 * client reads the map after the key event reaches it, so rebinding the keycode at once could
 * make it read the next character. The spare keycodes are taken in turn, the least recently
 * bound first. X errors are trapped. */

#include <gtk/gtk.h>

/* Whether `display` is X11 and its server has XTEST. */
gboolean keypad_osk_xtest_available(GdkDisplay *display);

/* Presses and releases the key of `keysym` (GDK's keyvals are X keysyms). FALSE when it could
 * not be typed (no XTEST, no spare keycode, an X error). */
gboolean keypad_osk_xtest_type_keysym(GdkDisplay *display, guint keysym);

/* Gives the spare keycodes bound since the last call their empty mapping back. */
void keypad_osk_xtest_restore(GdkDisplay *display);

#endif
