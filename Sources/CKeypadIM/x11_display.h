#ifndef KEYPAD_IM_X11_DISPLAY_H
#define KEYPAD_IM_X11_DISPLAY_H

#include <gdk/gdkx.h>

/* The default display when it is an X11 one; NULL off X11. */
static inline GdkDisplay *keypad_im_x11_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    return display && GDK_IS_X11_DISPLAY(display) ? display : NULL;
}

#endif
