#ifndef KEYPAD_OSK_POPUP_H
#define KEYPAD_OSK_POPUP_H

/* Where the caret is, from input-method-v2's input popup surface (#34).
 *
 * A compositor that supports the popup places it next to the focused text input's cursor
 * rectangle (text-input-v3 `set_cursor_rectangle`) and sends `text_input_rectangle`: that
 * rectangle in the popup's own coordinates. labwc 0.8.3 places it below the caret and flips it
 * above when it does not fit below (xdg-positioner FLIP_Y), sway 1.10 when there is less room
 * below than its height and more above. keypad-osk's popup is a probe: a transparent surface
 * one pixel wide and as tall as the keypad, which takes no input. Flipped above the caret
 * (the rectangle's y at or below the probe's height) means a keypad that tall at the bottom
 * edge would cover the caret. sway 1.7 never places a popup and sends nothing. */

#include <gtk/gtk.h>
#include <stdint.h>

/* The caret's rectangle relative to the probe, and the probe's height it was placed with. */
typedef void (*KeypadOSKCaretHandler)(void *context, int32_t x, int32_t y, int32_t width, int32_t height,
                                      int32_t probe_height);

/* Makes the probe on the input method started by keypad_osk_wayland_start(); `handler` gets
 * every `text_input_rectangle`, from GDK's main loop. FALSE when the input method or shared
 * memory is missing. Once per process. */
gboolean keypad_osk_popup_start(GdkDisplay *display, KeypadOSKCaretHandler handler, void *context);

/* Gives the probe `height` pixels (bounded to 1...4096); the compositor places it anew and
 * sends the caret again. Nothing when the height is the probe's already. */
void keypad_osk_popup_set_height(int32_t height);

typedef void (*KeypadOSKProbeAnswered)(void *context);

/* Commits the probe again, for a field just activated: labwc places input popups only at a
 * text-input or popup commit, and wlroots maps them only from the `done` that activates the
 * input method, so a field whose app commits nothing more (Chromium) would get no caret.
 * `answered` runs once the compositor has handled the commit (a wl_display.sync): its
 * `text_input_rectangle`, if it sends one, came before. FALSE (and no call) without a probe. */
gboolean keypad_osk_popup_refresh(KeypadOSKProbeAnswered answered, void *context);

/* The probe's height now (0 before the first keypad_osk_popup_set_height()). */
int32_t keypad_osk_popup_height(void);

#endif
