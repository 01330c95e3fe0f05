/* The keypad's GTK 4 input-method module (libim-keypad.so): a thin client of keypad-osk's
 * org.keypad.OSK1 session-bus interface (Resources/dbus/org.keypad.OSK1.xml, docs/gtk4.md),
 * through the thin modules' shared client (Sources/ThinModules/Client).
 * No Swift, no Foundation: GTK, GIO and libc only. */
#pragma once

#include <gtk/gtk.h>

#define KEYPAD_TYPE_IM_CONTEXT (keypad_im_context_get_type())
typedef struct _KeypadIMContext KeypadIMContext;

GType keypad_im_context_get_type(void);
void keypad_im_context_register(GTypeModule *module);
