/* GDK's backend, the Wayland registry, and gtk-layer-shell loaded on demand. */

#define _GNU_SOURCE /* RTLD_NODELETE */
#include <dlfcn.h>
#include <string.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include "keypad_wayland.h"

KeypadBackend keypad_display_backend(GdkDisplay *display) {
    if (display == NULL) return KEYPAD_BACKEND_OTHER;
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(display)) return KEYPAD_BACKEND_X11;
#endif
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(display)) return KEYPAD_BACKEND_WAYLAND;
#endif
    return KEYPAD_BACKEND_OTHER;
}

/* ---- The registry's globals and the seats' capabilities, asked once per display. ---- */

typedef struct {
    GPtrArray *names;
    gboolean has_keyboard;
} Facts;

typedef struct {
    Facts *facts;
    struct wl_registry *registry;
    GPtrArray *seats;
} Query;

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities) {
    (void)seat;
    if (capabilities & WL_SEAT_CAPABILITY_KEYBOARD) ((Facts *)data)->has_keyboard = TRUE;
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
    (void)data;
    (void)seat;
    (void)name;
}

static const struct wl_seat_listener seat_listener = {
    .capabilities = seat_capabilities,
    .name = seat_name,
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t id, const char *interface,
                            uint32_t version) {
    Query *query = data;
    g_ptr_array_add(query->facts->names, g_strdup(interface));
    if (strcmp(interface, wl_seat_interface.name) == 0) {
        struct wl_seat *seat = wl_registry_bind(registry, id, &wl_seat_interface, MIN(version, 2));
        wl_seat_add_listener(seat, &seat_listener, query->facts);
        g_ptr_array_add(query->seats, seat);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t id) {
    (void)data;
    (void)registry;
    (void)id;
}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

static const char *const facts_key = "keypad-wayland-facts";

static void facts_free(Facts *facts) {
    g_ptr_array_unref(facts->names);
    g_free(facts);
}

/* Two round trips on a queue of our own: the globals (binding the seats), then the
 * seats' capabilities. */
static Facts *display_facts(GdkDisplay *display) {
    Facts *facts = g_object_get_data(G_OBJECT(display), facts_key);
    if (facts) return facts;
    facts = g_new0(Facts, 1);
    facts->names = g_ptr_array_new_with_free_func(g_free);
    struct wl_display *wl_display = gdk_wayland_display_get_wl_display(display);
    struct wl_event_queue *queue = wl_display_create_queue(wl_display);
    struct wl_display *wrapper = wl_proxy_create_wrapper(wl_display);
    if (queue && wrapper) {
        wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
        Query query = { facts, wl_display_get_registry(wrapper), g_ptr_array_new() };
        wl_registry_add_listener(query.registry, &registry_listener, &query);
        wl_display_roundtrip_queue(wl_display, queue);
        wl_display_roundtrip_queue(wl_display, queue);
        for (guint i = 0; i < query.seats->len; i++) wl_proxy_destroy(g_ptr_array_index(query.seats, i));
        g_ptr_array_unref(query.seats);
        wl_registry_destroy(query.registry);
    }
    if (wrapper) wl_proxy_wrapper_destroy(wrapper);
    if (queue) wl_event_queue_destroy(queue);
    g_object_set_data_full(G_OBJECT(display), facts_key, facts, (GDestroyNotify)facts_free);
    return facts;
}

int keypad_wayland_compositor_offers(const char *interface) {
    struct wl_display *wl_display = wl_display_connect(NULL);
    if (wl_display == NULL || interface == NULL) {
        if (wl_display != NULL) wl_display_disconnect(wl_display);
        return -1;
    }
    Facts facts = { g_ptr_array_new_with_free_func(g_free), FALSE };
    Query query = { &facts, wl_display_get_registry(wl_display), g_ptr_array_new() };
    wl_registry_add_listener(query.registry, &registry_listener, &query);
    int offers = wl_display_roundtrip(wl_display) < 0 ? -1 : 0;
    for (guint i = 0; offers == 0 && i < facts.names->len; i++) {
        if (strcmp(g_ptr_array_index(facts.names, i), interface) == 0) offers = 1;
    }
    for (guint i = 0; i < query.seats->len; i++) wl_proxy_destroy(g_ptr_array_index(query.seats, i));
    g_ptr_array_unref(query.seats);
    wl_registry_destroy(query.registry);
    g_ptr_array_unref(facts.names);
    wl_display_disconnect(wl_display);
    return offers;
}

gboolean keypad_wayland_has_global(GdkDisplay *display, const char *interface) {
    if (keypad_display_backend(display) != KEYPAD_BACKEND_WAYLAND || interface == NULL) return FALSE;
    GPtrArray *names = display_facts(display)->names;
    for (guint i = 0; i < names->len; i++) {
        if (strcmp(g_ptr_array_index(names, i), interface) == 0) return TRUE;
    }
    return FALSE;
}

gboolean keypad_wayland_seat_lacks_keyboard(GdkDisplay *display) {
    if (keypad_display_backend(display) != KEYPAD_BACKEND_WAYLAND) return FALSE;
    return !display_facts(display)->has_keyboard;
}

/* ---- gtk-layer-shell, loaded only when a keypad window needs it. ----
 * The values and signatures are those of gtk-layer-shell.h (0.8): the library is
 * loaded at run time so that X11 hosts never map it and the package need not depend
 * on it. */

enum { LAYER_OVERLAY = 3 };                                   /* GTK_LAYER_SHELL_LAYER_OVERLAY */
enum { EDGE_LEFT = 0, EDGE_RIGHT = 1, EDGE_TOP = 2, EDGE_BOTTOM = 3 }; /* GtkLayerShellEdge */

static struct {
    gboolean tried;
    const char *error;
    void (*init_for_window)(GtkWindow *);
    void (*set_namespace)(GtkWindow *, const char *);
    void (*set_layer)(GtkWindow *, int);
    void (*set_monitor)(GtkWindow *, GdkMonitor *);
    void (*set_anchor)(GtkWindow *, int, gboolean);
    void (*set_exclusive_zone)(GtkWindow *, int);
    void (*set_keyboard_interactivity)(GtkWindow *, gboolean);
} layer_shell;

#define LOOK_UP(library, field, name)                                   \
    do {                                                                \
        *(void **)(&layer_shell.field) = dlsym(library, name);          \
        if (layer_shell.field == NULL) return layer_shell.error = "libgtk-layer-shell.so.0 lacks " name; \
    } while (0)

const char *keypad_layer_shell_load(void) {
    if (layer_shell.tried) return layer_shell.error;
    layer_shell.tried = TRUE;
    /* Never unloaded: it overrides GtkWindow's realize and unmap class closures. */
    void *library = dlopen("libgtk-layer-shell.so.0", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return layer_shell.error = "libgtk-layer-shell.so.0 is not installed";
    LOOK_UP(library, init_for_window, "gtk_layer_init_for_window");
    LOOK_UP(library, set_namespace, "gtk_layer_set_namespace");
    LOOK_UP(library, set_layer, "gtk_layer_set_layer");
    LOOK_UP(library, set_monitor, "gtk_layer_set_monitor");
    LOOK_UP(library, set_anchor, "gtk_layer_set_anchor");
    LOOK_UP(library, set_exclusive_zone, "gtk_layer_set_exclusive_zone");
    LOOK_UP(library, set_keyboard_interactivity, "gtk_layer_set_keyboard_interactivity");
    return NULL;
}

void keypad_layer_shell_setup(GtkWindow *window, GdkMonitor *monitor) {
    if (layer_shell.init_for_window == NULL) return;
    layer_shell.init_for_window(window);
    layer_shell.set_namespace(window, "keypad");
    layer_shell.set_layer(window, LAYER_OVERLAY);
    layer_shell.set_anchor(window, EDGE_BOTTOM, TRUE);
    layer_shell.set_anchor(window, EDGE_LEFT, TRUE);
    layer_shell.set_anchor(window, EDGE_RIGHT, TRUE);
    layer_shell.set_anchor(window, EDGE_TOP, FALSE);
    layer_shell.set_exclusive_zone(window, 0);
    layer_shell.set_keyboard_interactivity(window, FALSE);
    if (monitor) layer_shell.set_monitor(window, monitor);
}

void keypad_layer_shell_set_monitor(GtkWindow *window, GdkMonitor *monitor) {
    if (layer_shell.set_monitor == NULL) return;
    layer_shell.set_monitor(window, monitor);
}

void keypad_layer_shell_set_exclusive_zone(GtkWindow *window, int zone) {
    if (layer_shell.set_exclusive_zone == NULL) return;
    layer_shell.set_exclusive_zone(window, zone);
}

void keypad_layer_shell_set_top(GtkWindow *window, gboolean top) {
    if (layer_shell.set_anchor == NULL) return;
    layer_shell.set_anchor(window, EDGE_TOP, top);
    layer_shell.set_anchor(window, EDGE_BOTTOM, !top);
}
