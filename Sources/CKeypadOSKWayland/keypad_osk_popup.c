#define _GNU_SOURCE
#include "keypad_osk_popup.h"
#include "keypad_osk_private.h"

#include <gdk/gdkwayland.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

/* The probe: input-method-v2's input popup surface, transparent, one pixel wide, no input. */
enum { PROBE_MAX_HEIGHT = 4096 };

static struct {
    struct wl_display *display;
    struct wl_shm *shm;
    struct wl_surface *surface;
    struct zwp_input_popup_surface_v2 *popup;
    int32_t height;
    KeypadOSKCaretHandler handler;
    void *context;
} probe;

static void registry_global(void *data, struct wl_registry *registry, uint32_t id, const char *interface,
                            uint32_t version) {
    if (strcmp(interface, wl_shm_interface.name) == 0 && probe.shm == NULL) {
        probe.shm = wl_registry_bind(registry, id, &wl_shm_interface, 1);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t id) {}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

static void text_input_rectangle(void *data, struct zwp_input_popup_surface_v2 *popup, int32_t x, int32_t y,
                                 int32_t width, int32_t height) {
    probe.handler(probe.context, x, y, width, height, probe.height);
}

static const struct zwp_input_popup_surface_v2_listener popup_listener = { text_input_rectangle };

/* Binds wl_shm on a queue of its own, so GDK's events wait for GDK's own dispatch. */
static struct wl_shm *bind_shm(struct wl_display *display) {
    struct wl_event_queue *queue = wl_display_create_queue(display);
    struct wl_display *wrapped = wl_proxy_create_wrapper(display);
    wl_proxy_set_queue((struct wl_proxy *)wrapped, queue);
    struct wl_registry *registry = wl_display_get_registry(wrapped);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip_queue(display, queue);
    wl_registry_destroy(registry);
    wl_proxy_wrapper_destroy(wrapped);
    /* Its `format` events go to GDK's queue, which dispatches and drops them. */
    if (probe.shm) wl_proxy_set_queue((struct wl_proxy *)probe.shm, NULL);
    wl_event_queue_destroy(queue);
    return probe.shm;
}

gboolean keypad_osk_popup_start(GdkDisplay *display, KeypadOSKCaretHandler handler, void *context) {
    struct zwp_input_method_v2 *input_method = keypad_osk_wayland_input_method();
    if (display == NULL || !GDK_IS_WAYLAND_DISPLAY(display) || input_method == NULL || probe.popup) return FALSE;
    probe.display = gdk_wayland_display_get_wl_display(display);
    struct wl_compositor *compositor = gdk_wayland_display_get_wl_compositor(display);
    if (compositor == NULL || bind_shm(probe.display) == NULL) return FALSE;
    probe.handler = handler;
    probe.context = context;
    probe.surface = wl_compositor_create_surface(compositor);
    /* Taps go through the probe to whatever is under it. */
    struct wl_region *nowhere = wl_compositor_create_region(compositor);
    wl_surface_set_input_region(probe.surface, nowhere);
    wl_region_destroy(nowhere);
    probe.popup = zwp_input_method_v2_get_input_popup_surface(input_method, probe.surface);
    zwp_input_popup_surface_v2_add_listener(probe.popup, &popup_listener, NULL);
    wl_display_flush(probe.display);
    return TRUE;
}

static void buffer_release(void *data, struct wl_buffer *buffer) { wl_buffer_destroy(buffer); }

static const struct wl_buffer_listener buffer_listener = { buffer_release };

/* A transparent 1 × height ARGB buffer (memfd pages read as zeros: alpha 0). */
static struct wl_buffer *transparent_buffer(int32_t height) {
    int32_t stride = 4;
    int fd = memfd_create("keypad-osk-probe", MFD_CLOEXEC);
    if (fd < 0) return NULL;
    if (ftruncate(fd, (off_t)stride * height) != 0) {
        close(fd);
        return NULL;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(probe.shm, fd, stride * height);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, 1, height, stride, WL_SHM_FORMAT_ARGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(buffer, &buffer_listener, NULL);
    return buffer;
}

void keypad_osk_popup_set_height(int32_t height) {
    if (probe.popup == NULL) return;
    height = CLAMP(height, 1, PROBE_MAX_HEIGHT);
    if (height == probe.height) return;
    struct wl_buffer *buffer = transparent_buffer(height);
    if (buffer == NULL) return;
    probe.height = height;
    wl_surface_attach(probe.surface, buffer, 0, 0);
    wl_surface_damage(probe.surface, 0, 0, 1, height);
    wl_surface_commit(probe.surface);
    wl_display_flush(probe.display);
}

int32_t keypad_osk_popup_height(void) { return probe.height; }

/* ---- Asking again at a new field ----
 * wlroots maps an input popup only at the `done` that activates the input method, and labwc
 * places popups (and sends text_input_rectangle) at text-input and popup commits: a field
 * whose app commits nothing after the activation (Chromium) gets no rectangle until its caret
 * moves. Committing the probe after that `done` has labwc place it at once. */

typedef struct {
    KeypadOSKProbeAnswered answered;
    void *context;
} Pending;

static void sync_done(void *data, struct wl_callback *callback, uint32_t serial) {
    Pending *pending = data;
    wl_callback_destroy(callback);
    pending->answered(pending->context);
    g_free(pending);
}

static const struct wl_callback_listener sync_listener = { sync_done };

gboolean keypad_osk_popup_refresh(KeypadOSKProbeAnswered answered, void *context) {
    if (probe.popup == NULL || probe.height == 0) return FALSE;
    wl_surface_commit(probe.surface);
    Pending *pending = g_new(Pending, 1);
    pending->answered = answered;
    pending->context = context;
    struct wl_callback *callback = wl_display_sync(probe.display);
    wl_callback_add_listener(callback, &sync_listener, pending);
    wl_display_flush(probe.display);
    return TRUE;
}
