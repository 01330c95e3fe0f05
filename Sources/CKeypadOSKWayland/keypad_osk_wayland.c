#define _GNU_SOURCE
#include "keypad_osk_wayland.h"
#include "keypad_osk_keymap.h"

#include <gdk/gdkwayland.h>
#include <glib-unix.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

/* ---- The protocols' interfaces (input-method-unstable-v2, virtual-keyboard-unstable-v1) ---- */

extern const struct wl_interface zwp_input_method_v2_interface;
extern const struct wl_interface zwp_input_popup_surface_v2_interface;
extern const struct wl_interface zwp_input_method_keyboard_grab_v2_interface;
extern const struct wl_interface zwp_virtual_keyboard_v1_interface;

static const struct wl_interface *types[] = {
    NULL, NULL, NULL, NULL, NULL,
    &wl_seat_interface, &zwp_input_method_v2_interface,                    /* 5: get_input_method */
    &zwp_input_popup_surface_v2_interface, &wl_surface_interface,          /* 7: get_input_popup_surface */
    &zwp_input_method_keyboard_grab_v2_interface,                          /* 9: grab_keyboard */
    &wl_seat_interface, &zwp_virtual_keyboard_v1_interface,                /* 10: create_virtual_keyboard */
};

static const struct wl_message im_manager_requests[] = {
    { "get_input_method", "on", types + 5 },
    { "destroy", "", types + 0 },
};
static const struct wl_interface im_manager_interface = {
    "zwp_input_method_manager_v2", 1, 2, im_manager_requests, 0, NULL,
};

static const struct wl_message im_requests[] = {
    { "commit_string", "s", types + 0 },
    { "set_preedit_string", "sii", types + 0 },
    { "delete_surrounding_text", "uu", types + 0 },
    { "commit", "u", types + 0 },
    { "get_input_popup_surface", "no", types + 7 },
    { "grab_keyboard", "n", types + 9 },
    { "destroy", "", types + 0 },
};
static const struct wl_message im_events[] = {
    { "activate", "", types + 0 },
    { "deactivate", "", types + 0 },
    { "surrounding_text", "suu", types + 0 },
    { "text_change_cause", "u", types + 0 },
    { "content_type", "uu", types + 0 },
    { "done", "", types + 0 },
    { "unavailable", "", types + 0 },
};
const struct wl_interface zwp_input_method_v2_interface = {
    "zwp_input_method_v2", 1, 7, im_requests, 7, im_events,
};

static const struct wl_message popup_requests[] = { { "destroy", "", types + 0 } };
static const struct wl_message popup_events[] = { { "text_input_rectangle", "iiii", types + 0 } };
const struct wl_interface zwp_input_popup_surface_v2_interface = {
    "zwp_input_popup_surface_v2", 1, 1, popup_requests, 1, popup_events,
};

static const struct wl_message grab_requests[] = { { "release", "", types + 0 } };
static const struct wl_message grab_events[] = {
    { "keymap", "uhu", types + 0 },
    { "key", "uuuu", types + 0 },
    { "modifiers", "uuuuu", types + 0 },
    { "repeat_info", "ii", types + 0 },
};
const struct wl_interface zwp_input_method_keyboard_grab_v2_interface = {
    "zwp_input_method_keyboard_grab_v2", 1, 1, grab_requests, 4, grab_events,
};

static const struct wl_message vk_manager_requests[] = {
    { "create_virtual_keyboard", "on", types + 10 },
};
static const struct wl_interface vk_manager_interface = {
    "zwp_virtual_keyboard_manager_v1", 1, 1, vk_manager_requests, 0, NULL,
};

static const struct wl_message vk_requests[] = {
    { "keymap", "uhu", types + 0 },
    { "key", "uuu", types + 0 },
    { "modifiers", "uuuu", types + 0 },
    { "destroy", "", types + 0 },
};
const struct wl_interface zwp_virtual_keyboard_v1_interface = {
    "zwp_virtual_keyboard_v1", 1, 4, vk_requests, 0, NULL,
};

enum { IM_COMMIT_STRING = 0, IM_DELETE_SURROUNDING = 2, IM_COMMIT = 3 };
enum { VK_KEYMAP = 0, VK_KEY = 1 };
enum { KEYMAP_FORMAT_XKB_V1 = 1 };
/* The protocol's limit on surrounding text (text-input-v3 says 4000 bytes). */
enum { SURROUNDING_LIMIT = 4000 };

/* ---- The client ---- */

typedef struct {
    gboolean active;
    gboolean activated;
    uint32_t hint, purpose;
    char *text; /* NULL: none */
    uint32_t cursor, anchor;
    uint32_t change_cause;
} State;

static struct {
    struct wl_display *display;
    struct wl_seat *seat;
    struct wl_proxy *im_manager;
    struct wl_proxy *vk_manager;
    struct wl_proxy *input_method;
    struct wl_proxy *keyboard;
    State pending;
    State current;
    uint32_t done_count;
    KeypadOSKHandler handler;
    void *context;
} client;

static void registry_global(void *data, struct wl_registry *registry, uint32_t id, const char *interface,
                            uint32_t version) {
    if (strcmp(interface, wl_seat_interface.name) == 0 && client.seat == NULL) {
        client.seat = wl_registry_bind(registry, id, &wl_seat_interface, 1);
    } else if (strcmp(interface, im_manager_interface.name) == 0) {
        client.im_manager = wl_registry_bind(registry, id, &im_manager_interface, 1);
    } else if (strcmp(interface, vk_manager_interface.name) == 0) {
        client.vk_manager = wl_registry_bind(registry, id, &vk_manager_interface, 1);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t id) {}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

/* Resets state to the protocol's initial values (no surrounding text, normal purpose). */
static void state_reset(State *state, gboolean active) {
    g_free(state->text);
    memset(state, 0, sizeof *state);
    state->active = active;
}

static void im_activate(void *data, struct wl_proxy *im) {
    /* Activation starts from the initial state: the compositor sends the new field's. */
    state_reset(&client.pending, TRUE);
    client.pending.activated = TRUE;
}

static void im_deactivate(void *data, struct wl_proxy *im) { client.pending.active = FALSE; }

gboolean keypad_osk_surrounding_is_usable(const char *text, uint32_t cursor, uint32_t anchor) {
    if (text == NULL) return FALSE;
    size_t length = strnlen(text, SURROUNDING_LIMIT + 1);
    if (length > SURROUNDING_LIMIT || !g_utf8_validate(text, (gssize)length, NULL)) return FALSE;
    if (cursor > length || anchor > length) return FALSE;
    /* An index inside a character (a continuation byte) is no place for a caret. */
    return (text[cursor] & 0xC0) != 0x80 && (text[anchor] & 0xC0) != 0x80;
}

static void im_surrounding_text(void *data, struct wl_proxy *im, const char *text, uint32_t cursor, uint32_t anchor) {
    g_free(client.pending.text);
    client.pending.text = NULL;
    /* Beyond the limit, not UTF-8, or indices outside the text or inside a character: unknown. */
    if (!keypad_osk_surrounding_is_usable(text, cursor, anchor)) return;
    client.pending.text = g_strdup(text);
    client.pending.cursor = cursor;
    client.pending.anchor = anchor;
}

static void im_text_change_cause(void *data, struct wl_proxy *im, uint32_t cause) {
    client.pending.change_cause = cause;
}

static void im_content_type(void *data, struct wl_proxy *im, uint32_t hint, uint32_t purpose) {
    client.pending.hint = hint;
    client.pending.purpose = purpose;
}

static void im_done(void *data, struct wl_proxy *im) {
    client.done_count++;
    /* The pending state applies; what the compositor did not send again is back to initial. */
    g_free(client.current.text);
    client.current = client.pending;
    client.pending.text = NULL;
    gboolean active = client.pending.active;
    state_reset(&client.pending, active);
    KeypadOSKState state = {
        client.current.active, client.current.activated, client.current.hint, client.current.purpose, client.current.text,
        client.current.cursor, client.current.anchor, client.current.change_cause,
    };
    client.handler(client.context, KEYPAD_OSK_EVENT_DONE, &state);
}

static void im_unavailable(void *data, struct wl_proxy *im) {
    client.handler(client.context, KEYPAD_OSK_EVENT_UNAVAILABLE, NULL);
}

static const struct {
    void (*activate)(void *, struct wl_proxy *);
    void (*deactivate)(void *, struct wl_proxy *);
    void (*surrounding_text)(void *, struct wl_proxy *, const char *, uint32_t, uint32_t);
    void (*text_change_cause)(void *, struct wl_proxy *, uint32_t);
    void (*content_type)(void *, struct wl_proxy *, uint32_t, uint32_t);
    void (*done)(void *, struct wl_proxy *);
    void (*unavailable)(void *, struct wl_proxy *);
} im_listener = {
    im_activate, im_deactivate, im_surrounding_text, im_text_change_cause, im_content_type, im_done, im_unavailable,
};

/* The virtual keyboard's keymap (keypad_osk_keymap.c): the keys sent as keys, and one key
 * for each character typed so far (#35). */
static KeypadOSKKeymap typed_keymap;

static gboolean send_keymap(void) {
    int fd = memfd_create("keypad-osk-keymap", MFD_CLOEXEC);
    if (fd < 0) return FALSE;
    char *keymap = keypad_osk_keymap_text(&typed_keymap);
    size_t size = strlen(keymap) + 1; /* with the terminating NUL, as the protocol wants */
    gboolean written = write(fd, keymap, size) == (ssize_t)size;
    g_free(keymap);
    if (written) wl_proxy_marshal(client.keyboard, VK_KEYMAP, KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
    close(fd);
    return written;
}

static gboolean connection_closed(gint fd, GIOCondition condition, gpointer data) {
    client.handler(client.context, KEYPAD_OSK_EVENT_GONE, NULL);
    return G_SOURCE_REMOVE;
}

KeypadOSKStart keypad_osk_wayland_start(GdkDisplay *display, KeypadOSKHandler handler, void *context) {
    if (display == NULL || !GDK_IS_WAYLAND_DISPLAY(display)) return KEYPAD_OSK_NOT_WAYLAND;
    client.display = gdk_wayland_display_get_wl_display(display);
    client.handler = handler;
    client.context = context;
    struct wl_registry *registry = wl_display_get_registry(client.display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(client.display);
    if (client.im_manager == NULL) return KEYPAD_OSK_NO_INPUT_METHOD;
    if (client.vk_manager == NULL) return KEYPAD_OSK_NO_VIRTUAL_KEYBOARD;
    if (client.seat == NULL) return KEYPAD_OSK_NO_SEAT;
    client.keyboard = wl_proxy_marshal_constructor(client.vk_manager, 0, &zwp_virtual_keyboard_v1_interface,
                                                   client.seat, NULL);
    if (!send_keymap()) return KEYPAD_OSK_NO_KEYMAP;
    client.input_method = wl_proxy_marshal_constructor(client.im_manager, 0, &zwp_input_method_v2_interface,
                                                       client.seat, NULL);
    wl_proxy_add_listener(client.input_method, (void (**)(void))&im_listener, NULL);
    /* Before GDK's own source (default priority), which ends the process on a lost connection. */
    g_unix_fd_add_full(G_PRIORITY_HIGH, wl_display_get_fd(client.display), G_IO_HUP | G_IO_ERR, connection_closed,
                       NULL, NULL);
    wl_display_flush(client.display);
    return KEYPAD_OSK_STARTED;
}

void keypad_osk_wayland_commit_string(const char *text) {
    if (client.input_method) wl_proxy_marshal(client.input_method, IM_COMMIT_STRING, text);
}

void keypad_osk_wayland_delete_surrounding_text(uint32_t before_length, uint32_t after_length) {
    if (client.input_method) wl_proxy_marshal(client.input_method, IM_DELETE_SURROUNDING, before_length, after_length);
}

void keypad_osk_wayland_commit(void) {
    if (client.input_method == NULL) return;
    wl_proxy_marshal(client.input_method, IM_COMMIT, client.done_count);
    wl_display_flush(client.display);
}

static uint32_t now_ms(void) { return (uint32_t)(g_get_monotonic_time() / 1000); }

void keypad_osk_wayland_tap_key(uint32_t evdev_key) {
    if (client.keyboard == NULL) return;
    wl_proxy_marshal(client.keyboard, VK_KEY, now_ms(), evdev_key, 1);
    wl_proxy_marshal(client.keyboard, VK_KEY, now_ms(), evdev_key, 0);
    wl_display_flush(client.display);
}

gboolean keypad_osk_wayland_type_codepoint(uint32_t codepoint) {
    if (client.keyboard == NULL) return FALSE;
    int changed = 0;
    uint32_t key = keypad_osk_keymap_key(&typed_keymap, codepoint, &changed);
    if (key == 0 || (changed && !send_keymap())) return FALSE;
    keypad_osk_wayland_tap_key(key);
    return TRUE;
}
