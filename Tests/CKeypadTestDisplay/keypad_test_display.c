#include "keypad_test_display.h"

#include <gtk/gtk.h>
#include <gdk/gdkx.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>

static GdkEventType gdk_type(KeypadTestEvent type) {
    switch (type) {
    case KEYPAD_TEST_TOUCH_BEGIN: return GDK_TOUCH_BEGIN;
    case KEYPAD_TEST_TOUCH_UPDATE: return GDK_TOUCH_UPDATE;
    case KEYPAD_TEST_TOUCH_END: return GDK_TOUCH_END;
    case KEYPAD_TEST_TOUCH_CANCEL: return GDK_TOUCH_CANCEL;
    case KEYPAD_TEST_BUTTON_PRESS: return GDK_BUTTON_PRESS;
    case KEYPAD_TEST_BUTTON_RELEASE: return GDK_BUTTON_RELEASE;
    }
    return GDK_NOTHING;
}

int keypad_test_window_selects_touch(void *window) {
    return (gdk_window_get_events(GDK_WINDOW(window)) & GDK_TOUCH_MASK) != 0;
}

void *keypad_test_touchscreen(void) {
    static GdkDevice *device = NULL;
    if (device) return device;
    GdkDisplay *display = gdk_display_get_default();
    GdkSeat *seat = gdk_display_get_default_seat(display);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GdkDeviceManager *manager = gdk_display_get_device_manager(display);
    G_GNUC_END_IGNORE_DEPRECATIONS
    device = g_object_new(gdk_x11_device_xi2_get_type(), "name", "Keypad test touchscreen", "type",
                          GDK_DEVICE_TYPE_SLAVE, "input-source", GDK_SOURCE_TOUCHSCREEN, "input-mode",
                          GDK_MODE_SCREEN, "has-cursor", FALSE, "display", display, "device-manager", manager,
                          "seat", seat, "device-id", 9999, NULL);
    return device;
}

/* A new event of `type` at (`x`, `y`) in `window`, from the touchscreen; `root` gets
   the screen point (the field lies elsewhere in each event type). */
static GdkEvent *new_event(GdkWindow *window, KeypadTestEvent type, double x, double y, double root[2]) {
    GdkEvent *event = gdk_event_new(gdk_type(type));
    event->any.window = g_object_ref(window);
    int origin_x = 0, origin_y = 0;
    gdk_window_get_origin(window, &origin_x, &origin_y);
    root[0] = origin_x + x;
    root[1] = origin_y + y;
    gdk_event_set_device(event, gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(window))));
    gdk_event_set_source_device(event, keypad_test_touchscreen());
    return event;
}

/* Hands `event` to GTK as the main loop would, then frees it. */
static void deliver(GdkEvent *event) {
    gtk_main_do_event(event);
    gdk_event_free(event);
}

void keypad_test_send_touch(void *target, KeypadTestEvent type, unsigned sequence, double x, double y,
                            int emulating_pointer) {
    double root[2];
    GdkEvent *event = new_event(GDK_WINDOW(target), type, x, y, root);
    event->touch.time = GDK_CURRENT_TIME;
    event->touch.x = x;
    event->touch.y = y;
    event->touch.x_root = root[0];
    event->touch.y_root = root[1];
    event->touch.sequence = (GdkEventSequence *)GUINT_TO_POINTER(sequence);
    event->touch.emulating_pointer = emulating_pointer;
    deliver(event);
}

void keypad_test_send_button(void *target, KeypadTestEvent type, double x, double y) {
    double root[2];
    GdkEvent *event = new_event(GDK_WINDOW(target), type, x, y, root);
    event->button.time = GDK_CURRENT_TIME;
    event->button.x = x;
    event->button.y = y;
    event->button.x_root = root[0];
    event->button.y_root = root[1];
    event->button.button = 1;
    deliver(event);
}

/* Deletes the monitor keypad_test_set_monitor made, if any. */
static void delete_monitor(Display *xdisplay) {
    Window root = DefaultRootWindow(xdisplay);
    Atom name = XInternAtom(xdisplay, "keypad-test", False);
    int count = 0;
    XRRMonitorInfo *monitors = XRRGetMonitors(xdisplay, root, False, &count);
    for (int i = 0; i < count; i++)
        if (monitors[i].name == name) XRRDeleteMonitor(xdisplay, root, name);
    if (monitors) XRRFreeMonitors(monitors);
}

/* The server tells no client of a monitor set or deleted: a screen size request with
   other millimetres (the same pixels) makes it send RRScreenChangeNotify, on which GDK
   reads the monitors again. */
static void announce_change(Display *xdisplay) {
    Window root = DefaultRootWindow(xdisplay);
    int screen = DefaultScreen(xdisplay);
    int width_mm = DisplayWidthMM(xdisplay, screen);
    XRRSetScreenSize(xdisplay, root, DisplayWidth(xdisplay, screen), DisplayHeight(xdisplay, screen),
                     width_mm % 2 ? width_mm + 1 : width_mm - 1, DisplayHeightMM(xdisplay, screen));
    XSync(xdisplay, False);
}

int keypad_test_set_monitor(int x, int y, int width, int height, int width_mm, int height_mm) {
    Display *xdisplay = XOpenDisplay(NULL);
    if (!xdisplay) return FALSE;
    int major = 0, minor = 0;
    if (!XRRQueryVersion(xdisplay, &major, &minor) || major < 1 || (major == 1 && minor < 5)) {
        XCloseDisplay(xdisplay);
        return FALSE;
    }
    Window root = DefaultRootWindow(xdisplay);
    delete_monitor(xdisplay);
    XRRScreenResources *resources = XRRGetScreenResources(xdisplay, root);
    Atom name = XInternAtom(xdisplay, "keypad-test", False);
    XRRMonitorInfo *monitor = XRRAllocateMonitor(xdisplay, 1);
    monitor->name = name;
    monitor->primary = True;
    monitor->automatic = False;
    monitor->x = x;
    monitor->y = y;
    monitor->width = width;
    monitor->height = height;
    monitor->mwidth = width_mm;
    monitor->mheight = height_mm;
    monitor->outputs[0] = resources->noutput > 0 ? resources->outputs[0] : None;
    XRRSetMonitor(xdisplay, root, monitor);
    announce_change(xdisplay);
    XFree(monitor);
    XRRFreeScreenResources(resources);
    XCloseDisplay(xdisplay);
    return TRUE;
}

void keypad_test_reset_monitor(void) {
    Display *xdisplay = XOpenDisplay(NULL);
    if (!xdisplay) return;
    delete_monitor(xdisplay);
    announce_change(xdisplay);
    XCloseDisplay(xdisplay);
}

unsigned long keypad_test_x_window(void *widget) {
    GdkWindow *window = gtk_widget_get_window(GTK_WIDGET(widget));
    return window != NULL && GDK_IS_X11_WINDOW(window) ? gdk_x11_window_get_xid(window) : 0;
}

int keypad_test_queued_x_events(void) {
    Display *display = gdk_x11_display_get_xdisplay(gdk_display_get_default());
    XSync(display, False);
    return XEventsQueued(display, QueuedAlready);
}

typedef struct {
    Display *display;
    Window window;
    Atom property;
    int changes;
} PropertyWatch;

void *keypad_test_watch_property(unsigned long window, const char *name) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return NULL;
    /* What GDK's connection has sent before is not counted. */
    XSync(gdk_x11_display_get_xdisplay(gdk_display_get_default()), False);
    PropertyWatch *watch = g_new0(PropertyWatch, 1);
    watch->display = display;
    watch->window = (Window)window;
    watch->property = XInternAtom(display, name, False);
    XSelectInput(display, watch->window, PropertyChangeMask);
    XSync(display, False);
    return watch;
}

int keypad_test_property_changes(void *data) {
    PropertyWatch *watch = data;
    if (watch == NULL) return -1;
    /* GDK's requests handled first (their events sent), then every event for this connection in. */
    XSync(gdk_x11_display_get_xdisplay(gdk_display_get_default()), False);
    XSync(watch->display, False);
    while (XPending(watch->display) > 0) {
        XEvent event;
        XNextEvent(watch->display, &event);
        if (event.type == PropertyNotify && event.xproperty.window == watch->window &&
            event.xproperty.atom == watch->property)
            watch->changes++;
    }
    return watch->changes;
}

void keypad_test_watch_end(void *data) {
    PropertyWatch *watch = data;
    if (watch == NULL) return;
    XCloseDisplay(watch->display);
    g_free(watch);
}
