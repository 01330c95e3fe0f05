/* A pointer for a headless wlroots compositor (sway) that has no input devices: a
 * client of the wlr-virtual-pointer-unstable-v1 protocol, driven by lines on standard
 * input, one answer line each once the compositor has the events:
 *
 *   click X Y    moves to output coordinates X,Y and clicks the left button
 *   move X Y     moves there
 *   press        left button down      release   left button up
 *
 *   virtual-pointer OUTPUT_WIDTH OUTPUT_HEIGHT
 *
 * Start it before the app: the seat gains its pointer then, and the app binds it at
 * start-up. (swaymsg's `seat … cursor press` moves sway's cursor and focus but sends a
 * client nothing while the seat has no pointer.) The protocol's two interfaces are
 * written out here as wayland-scanner would generate them, since Debian ships no copy
 * of the protocol's XML. */
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

extern const struct wl_interface zwlr_virtual_pointer_v1_interface;

static const struct wl_interface *types[] = {
    NULL, NULL, NULL, NULL, NULL, &wl_seat_interface, &zwlr_virtual_pointer_v1_interface,
};

static const struct wl_message manager_requests[] = {
    { "create_virtual_pointer", "?on", types + 5 },
    { "destroy", "", types + 0 },
};

static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};

static const struct wl_message pointer_requests[] = {
    { "motion", "uff", types + 0 },
    { "motion_absolute", "uuuuu", types + 0 },
    { "button", "uuu", types + 0 },
    { "axis", "uuf", types + 0 },
    { "frame", "", types + 0 },
    { "axis_source", "u", types + 0 },
    { "axis_stop", "uu", types + 0 },
    { "axis_discrete", "uufi", types + 0 },
    { "destroy", "", types + 0 },
};

const struct wl_interface zwlr_virtual_pointer_v1_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

enum { MOTION_ABSOLUTE = 1, BUTTON = 2, FRAME = 4 };

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t id, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0 && seat == NULL) {
        seat = wl_registry_bind(registry, id, &wl_seat_interface, 1);
    } else if (strcmp(interface, manager_interface.name) == 0) {
        manager = wl_registry_bind(registry, id, &manager_interface, 1);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t id) {
    (void)data;
    (void)registry;
    (void)id;
}

static const struct wl_registry_listener listener = { global, global_remove };

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: virtual-pointer OUTPUT_WIDTH OUTPUT_HEIGHT\n");
        return 64;
    }
    uint32_t width = (uint32_t)atoi(argv[1]), height = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "virtual-pointer: no Wayland display\n");
        return 1;
    }
    wl_registry_add_listener(wl_display_get_registry(display), &listener, NULL);
    wl_display_roundtrip(display);
    if (manager == NULL) {
        fprintf(stderr, "virtual-pointer: the compositor has no wlr-virtual-pointer\n");
        return 1;
    }
    struct wl_proxy *pointer =
        wl_proxy_marshal_constructor(manager, 0, &zwlr_virtual_pointer_v1_interface, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        unsigned x = 0, y = 0;
        if (sscanf(line, "click %u %u", &x, &y) == 2 || sscanf(line, "move %u %u", &x, &y) == 2) {
            wl_proxy_marshal(pointer, MOTION_ABSOLUTE, now_ms(), x, y, width, height);
            wl_proxy_marshal(pointer, FRAME);
        }
        if (strncmp(line, "click", 5) == 0 || strncmp(line, "press", 5) == 0) {
            wl_proxy_marshal(pointer, BUTTON, now_ms(), BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
            wl_proxy_marshal(pointer, FRAME);
            wl_display_roundtrip(display);
        }
        if (strncmp(line, "click", 5) == 0 || strncmp(line, "release", 7) == 0) {
            wl_proxy_marshal(pointer, BUTTON, now_ms(), BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
            wl_proxy_marshal(pointer, FRAME);
        }
        wl_display_roundtrip(display);
        printf("done\n");
        fflush(stdout);
    }
    wl_display_disconnect(display);
    return 0;
}
