#ifndef KEYPAD_OSK_PRIVATE_H
#define KEYPAD_OSK_PRIVATE_H

/* Shared between the protocol client's files, not with Swift. */

#include <wayland-client.h>

extern const struct wl_interface zwp_input_popup_surface_v2_interface;

/* The seat's zwp_input_method_v2 made by keypad_osk_wayland_start(), or NULL. */
struct wl_proxy *keypad_osk_wayland_input_method(void);

/* get_input_popup_surface's opcode on zwp_input_method_v2. */
enum { KEYPAD_OSK_IM_GET_INPUT_POPUP_SURFACE = 4 };

#endif
