#ifndef KEYPAD_WAYLAND_H
#define KEYPAD_WAYLAND_H

/* What KeypadGTK needs to know of GDK's backend and of Wayland, in C because the
 * Wayland registry and GDK's backend checks are macros and inline functions. */

#include <gtk/gtk.h>

/* The GDK backend of `display`. */
typedef enum {
    KEYPAD_BACKEND_X11,
    KEYPAD_BACKEND_WAYLAND,
    KEYPAD_BACKEND_OTHER,
} KeypadBackend;

KeypadBackend keypad_display_backend(GdkDisplay *display);

/* Whether the Wayland compositor behind `display` offers the global `interface`
 * (e.g. "zwlr_layer_shell_v1"). Asks on a queue of its own, so GDK's events stay
 * where they are; the answer is cached per display. FALSE off Wayland. */
gboolean keypad_wayland_has_global(GdkDisplay *display, const char *interface);

/* Whether no seat of the Wayland compositor behind `display` had a keyboard when first
 * asked (a touch-only kiosk). GDK's own seat always claims a keyboard, so this asks the
 * compositor. FALSE off Wayland. */
gboolean keypad_wayland_seat_lacks_keyboard(GdkDisplay *display);

/* Whether the Wayland compositor WAYLAND_DISPLAY names offers the global `interface`,
 * asked on a connection of its own, before GTK opens a display (keypad-osk chooses its GDK
 * backend with it): 1 if it does, 0 if not, -1 when no compositor answers. */
int keypad_wayland_compositor_offers(const char *interface);

/* Loads libgtk-layer-shell.so.0 once (dlopen, never unloaded: it overrides GtkWindow's
 * realize and unmap class handlers for the whole process). NULL on success, else why
 * not (a static string). */
const char *keypad_layer_shell_load(void);

/* Makes `window` (not yet realized) a layer surface: OVERLAY layer, anchored to the
 * bottom, left and right edges of `monitor` (NULL: the compositor's choice), no
 * keyboard interactivity, no exclusive zone, namespace "keypad". Needs a successful
 * keypad_layer_shell_load(). */
void keypad_layer_shell_setup(GtkWindow *window, GdkMonitor *monitor);

/* Moves a layer surface made by keypad_layer_shell_setup() to `monitor`. */
void keypad_layer_shell_set_monitor(GtkWindow *window, GdkMonitor *monitor);

/* Sets the exclusive zone (pixels kept free of other windows at the anchored edge; 0
 * for none) of a layer surface made by keypad_layer_shell_setup(). */
void keypad_layer_shell_set_exclusive_zone(GtkWindow *window, int zone);

/* Anchors a layer surface made by keypad_layer_shell_setup() to the top edge (TRUE) or
 * back to the bottom (FALSE), left and right staying. */
void keypad_layer_shell_set_top(GtkWindow *window, gboolean top);

#endif
