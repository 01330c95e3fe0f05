#ifndef KEYPAD_TEST_DISPLAY_H
#define KEYPAD_TEST_DISPLAY_H

/* Test hooks for what XTest cannot send under Xvfb: touch events from a touchscreen
   and a change of the monitor. Never linked into a shipping library. */

/* Plain C types only, so the Swift tests need no GTK module of their own. */

/* What a test event is. */
typedef enum {
    KEYPAD_TEST_TOUCH_BEGIN,
    KEYPAD_TEST_TOUCH_UPDATE,
    KEYPAD_TEST_TOUCH_END,
    KEYPAD_TEST_TOUCH_CANCEL,
    KEYPAD_TEST_BUTTON_PRESS,
    KEYPAD_TEST_BUTTON_RELEASE,
} KeypadTestEvent;
/* A GdkDevice of source GDK_SOURCE_TOUCHSCREEN on the default display, made once (Xvfb
   has no touchscreen): an XI2 slave device the X server never heard of, attached to
   the seat's pointer, so touch events can name it as their source device. */
void *keypad_test_touchscreen(void);

/* Puts a touch event of `type` (KEYPAD_TEST_TOUCH_BEGIN, _UPDATE, _END, _CANCEL) for the touch
   sequence numbered `sequence` (> 0) into GTK's event path (gtk_main_do_event), at
   (`x`, `y`) in `window`'s coordinates; its device is the seat's pointer, its source
   device keypad_test_touchscreen(), and `emulating_pointer` marks the sequence GTK
   would turn into pointer events. */
void keypad_test_send_touch(void *window, KeypadTestEvent type, unsigned sequence, double x, double y,
                            int emulating_pointer);

/* Puts a button event of `type` (KEYPAD_TEST_BUTTON_PRESS, _RELEASE) of button 1 from
   keypad_test_touchscreen() into GTK's event path, as a touchscreen's driver sends the
   pointer events it makes of a finger. */
void keypad_test_send_button(void *window, KeypadTestEvent type, double x, double y);

/* Whether `window` (a GdkWindow *) selects touch events: GDK hands a window no touch
   from a real touchscreen otherwise (gtk_main_do_event does not check). */
int keypad_test_window_selects_touch(void *window);

/* Replaces the X screen's monitor with one at (`x`, `y`) of `width` × `height` pixels
   and `width_mm` × `height_mm` (RandR 1.5 XRRSetMonitor; Xvfb's outputs take no other
   mode), and makes the server announce a screen change, so GDK reads its monitors
   again: its GdkMonitor's geometry and work area change as on a real rotation or
   resolution change. Returns FALSE when the display has no RandR 1.5. */
int keypad_test_set_monitor(int x, int y, int width, int height, int width_mm, int height_mm);

/* Takes back what keypad_test_set_monitor did: the X server's own monitor shows again. */
void keypad_test_reset_monitor(void);

/* The X window of the realized `widget` (a GtkWidget *), 0 when it has none. */
unsigned long keypad_test_x_window(void *widget);

/* How many X events wait in Xlib's queue of the default display once the server has
   answered every request sent so far (XSync): the events that requests brought back and
   no main-loop turn has read yet. */
int keypad_test_queued_x_events(void);

/* Starts counting the changes of property `name` (an atom's name) on X window `window`, seen
   from a connection of its own (GDK's event queue is left alone). NULL without a display. */
void *keypad_test_watch_property(unsigned long window, const char *name);

/* How many times the watched property changed (each set is one PropertyNotify, the same value
   again included) since the watch began, once the X server has handled every request GDK's
   connection sent so far. */
int keypad_test_property_changes(void *watch);

/* Ends the watch and closes its connection. */
void keypad_test_watch_end(void *watch);

#endif
