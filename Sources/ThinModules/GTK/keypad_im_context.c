/* The "keypad" GtkIMContext of GTK 3 and GTK 4: physical keys go to a GtkIMContextSimple
 * (dead keys, compose); the field's focus, purpose, caret and surrounding text go to
 * keypad-osk; what keypad-osk sends back (commit, delete, backspace, return, the toolbar's
 * previous/next/done, the keypad's frame) is applied to the field here, in the app. */
#include <string.h>
#include <gdk/gdk.h>
#include "keypad_im_context.h"
#if GTK_CHECK_VERSION(4, 0, 0) && defined(GDK_WINDOWING_X11)
#include <gdk/x11/gdkx.h>
#endif
#include "keypad_osk_client.h"

struct _KeypadIMContext {
    GtkIMContext parent;
    GtkIMContext *simple;
#if GTK_CHECK_VERSION(4, 0, 0)
    GtkWidget *client; /* weak pointer: GTK sets NULL before the widget goes */
#else
    /* A reference: GTK unsets it as the widget unrealizes. Its user data is the widget, none
     * for an app that gives no GtkWidget (Chromium: a foreign window, during key dispatch). */
    GdkWindow *client_window;
#endif
    gboolean focused;
    GdkRectangle cursor; /* in the toplevel surface's coordinates */
    guint64 window;      /* the toplevel's X window, 0 elsewhere */
    /* The app's latest surrounding text (all of it, as the widget gives it). */
    char *surrounding;
    int cursor_index, anchor_index; /* bytes into surrounding */
    /* The caret moved since keypad-osk was last told; the idle that tells it (0: none). */
    gboolean cursor_pending;
    guint updates_source;
    /* The idle that tells keypad-osk of a focus-out (0: none): a focus-in first (the next
     * field, or the same context again: Chromium's one context for all fields) replaces it,
     * so a move between fields is one FocusIn and the keypad stays. */
    guint focus_out_source;
    /* The keypad hid at the user's word (Dismiss) while the field kept focus. */
    gboolean dismissed;
#if !GTK_CHECK_VERSION(4, 0, 0)
    /* GTK 3: a tap on the field brings it back. The widget watched for taps (a weak pointer)
     * and the watch. (GTK 4: a GtkGestureClick on the GtkText saw no press; measured, not yet
     * understood.) */
    GtkWidget *pressed;
    gulong press_handler;
    /* Firefox: the app set the purpose or hints since the last focus-out, and the refocuses
     * made in a row while it did not (gtk3_firefox_first_focus.c). */
    gboolean told_purpose;
    int refocuses;
#endif
};

typedef struct {
    GtkIMContextClass parent_class;
} KeypadIMContextClass;

G_DEFINE_DYNAMIC_TYPE(KeypadIMContext, keypad_im_context, GTK_TYPE_IM_CONTEXT)

/* ---- The client widget ---- */

/* The widget the context serves; NULL for an app that gives none. */
static GtkWidget *client_widget(KeypadIMContext *self) {
#if GTK_CHECK_VERSION(4, 0, 0)
    return self->client;
#else
    gpointer data = NULL;
    if (self->client_window != NULL) gdk_window_get_user_data(self->client_window, &data);
    return data != NULL && GTK_IS_WIDGET(data) ? data : NULL;
#endif
}

/* A single-line entry's own text widget: GTK 4's GtkText, GTK 3's GtkEntry. */
static gboolean is_entry(GtkWidget *widget) {
#if GTK_CHECK_VERSION(4, 0, 0)
    return widget != NULL && GTK_IS_TEXT(widget);
#else
    return widget != NULL && GTK_IS_ENTRY(widget);
#endif
}

static gboolean hides_text(GtkWidget *widget) {
#if GTK_CHECK_VERSION(4, 0, 0)
    return is_entry(widget) && !gtk_text_get_visibility(GTK_TEXT(widget));
#else
    return is_entry(widget) && !gtk_entry_get_visibility(GTK_ENTRY(widget));
#endif
}

/* ---- The field as keypad-osk sees it ---- */

static GtkWidget *client_toplevel(KeypadIMContext *self);

/* Whether the toolbar's previous and next can move focus from the field: it is in a window's
 * focus chain. Not a web page's (Firefox's MozContainer: a step along GTK's chain leaves the
 * page and comes back to the same field), nor an app's that gives no widget (Chromium). */
static gboolean has_focus_chain(KeypadIMContext *self) {
    GtkWidget *client = client_widget(self);
#if GTK_CHECK_VERSION(4, 0, 0)
    return client != NULL && client_toplevel(self) != NULL;
#else
    return client != NULL && client_toplevel(self) != NULL && !keypad_im_is_firefox_content(client);
#endif
}

static guint field_flags(KeypadIMContext *self) {
    GtkWidget *client = client_widget(self);
    guint flags = 0;
    if (client != NULL && GTK_IS_TEXT_VIEW(client)) flags |= KEYPAD_OSK_FLAG_MULTILINE;
    if (hides_text(client)) flags |= KEYPAD_OSK_FLAG_HIDDEN_TEXT;
    if (has_focus_chain(self)) flags |= KEYPAD_OSK_FLAG_FOCUS_CHAIN;
    /* An app that gives no widget (Chromium) gives no purpose either: its password fields look
     * like any other. */
    if (client == NULL) flags |= KEYPAD_OSK_FLAG_UNKNOWN_SECURITY;
    /* In a scrolled window the module scrolls the field beside the keypad (keypad_keep_in_view.c),
     * so the keypad keeps its edge instead of moving off the caret (#34). */
    if (client != NULL && gtk_widget_get_ancestor(client, GTK_TYPE_SCROLLED_WINDOW) != NULL)
        flags |= KEYPAD_OSK_FLAG_KEEPS_IN_VIEW;
    return flags;
}

static GtkInputPurpose field_purpose(KeypadIMContext *self) {
    GtkInputPurpose purpose = GTK_INPUT_PURPOSE_FREE_FORM;
    g_object_get(self, "input-purpose", &purpose, NULL);
#if !GTK_CHECK_VERSION(4, 0, 0)
    /* GTK 3 leaves a spin button's purpose at free form, yet it wants numbers. */
    GtkWidget *client = client_widget(self);
    if (purpose == GTK_INPUT_PURPOSE_FREE_FORM && client != NULL && GTK_IS_SPIN_BUTTON(client))
        purpose = GTK_INPUT_PURPOSE_NUMBER;
#endif
    return purpose;
}

static GtkInputHints field_hints(KeypadIMContext *self) {
    GtkInputHints hints = GTK_INPUT_HINT_NONE;
    g_object_get(self, "input-hints", &hints, NULL);
    return hints;
}

static KeypadOSKContentType field_content_type(KeypadIMContext *self) {
    return (KeypadOSKContentType){.purpose = (guint)field_purpose(self), .hints = (guint)field_hints(self),
                                  .flags = field_flags(self)};
}

static KeypadOSKCaret field_caret(KeypadIMContext *self) {
    return (KeypadOSKCaret){.window = self->window, .x = self->cursor.x, .y = self->cursor.y,
                            .width = self->cursor.width, .height = self->cursor.height};
}

/* The field's toplevel X window (0 off X11). GTK 3 with no client window (Chromium): the
 * top-level window that has the X focus, looked up at FocusIn only (FOCUSING). */
static void update_window(KeypadIMContext *self, gboolean focusing) {
#if GTK_CHECK_VERSION(4, 0, 0)
    self->window = 0;
#ifdef GDK_WINDOWING_X11
    if (self->client == NULL) return;
    GtkNative *native = gtk_widget_get_native(self->client);
    GdkSurface *surface = native != NULL ? gtk_native_get_surface(native) : NULL;
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) self->window = gdk_x11_surface_get_xid(surface);
#endif
#else
    if (client_widget(self) != NULL) {
        self->window = keypad_im_x11_toplevel(self->client_window);
    } else if (focusing) {
        self->window = keypad_im_x11_focused_toplevel();
    }
#endif
}

/* ---- Surrounding text ---- */

static void request_surrounding(KeypadIMContext *self) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(self, "retrieve-surrounding", &handled);
}

/* Sends the surrounding text if it changed (keypad_osk_client.h: a window around the caret;
 * none for a secure field). */
static void send_surrounding(KeypadIMContext *self) {
    const char *text = self->surrounding;
    keypad_osk_client_send_surrounding(self, text, text != NULL ? strlen(text) : 0, (gsize)self->cursor_index,
                                       (gsize)self->anchor_index,
                                       keypad_osk_content_type_is_secure(field_content_type(self)));
}

static void refresh_surrounding(KeypadIMContext *self) {
    if (!self->focused) return;
    request_surrounding(self);
    send_surrounding(self);
}

/* The caret and the text change while GTK applies an edit, before the field's `changed`:
 * keypad-osk learns of them from an idle once the edit is done, one message each at most
 * (#26). A D-Bus message costs the app's main thread GDBus's serialization and wakes its
 * worker thread; the edit's `changed` waits on none of it. */
static gboolean send_updates(gpointer data) {
    KeypadIMContext *self = data;
    self->updates_source = 0;
    if (self->cursor_pending && self->focused) keypad_osk_client_send_caret(self, field_caret(self));
    self->cursor_pending = FALSE;
    refresh_surrounding(self);
    return G_SOURCE_REMOVE;
}

/* Before GTK's next frame (GDK_PRIORITY_REDRAW is G_PRIORITY_HIGH_IDLE + 20). */
static void schedule_updates(KeypadIMContext *self) {
    if (self->updates_source != 0 || !self->focused) return;
    self->updates_source = g_idle_add_full(G_PRIORITY_HIGH_IDLE, send_updates, g_object_ref(self), g_object_unref);
}

#if !GTK_CHECK_VERSION(4, 0, 0)
/* GTK 3's entries tell no selection with their text: the selection's other end, read from the
 * widget, as a byte index into TEXT (the entry's whole text); the caret when none. */
static int entry_anchor(KeypadIMContext *self, const char *text, size_t length, int cursor_index) {
    GtkWidget *client = client_widget(self);
    int start = 0, end = 0;
    if (!is_entry(client) || !gtk_editable_get_selection_bounds(GTK_EDITABLE(client), &start, &end)) return cursor_index;
    long characters = g_utf8_strlen(text, (gssize)length);
    int position = gtk_editable_get_position(GTK_EDITABLE(client));
    if (start < 0 || end > characters || start > end) return cursor_index;
    /* The text is not the entry's own (GTK gave another): no selection then. */
    if (g_utf8_offset_to_pointer(text, position) - text != cursor_index) return cursor_index;
    int anchor = position == start ? end : start;
    return (int)(g_utf8_offset_to_pointer(text, anchor) - text);
}
#endif

static void keypad_im_context_set_surrounding(GtkIMContext *context, const char *text, int len, int cursor_index,
                                              int anchor_index) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    g_free(self->surrounding);
    self->surrounding = NULL;
    if (text == NULL) return;
    size_t length = len < 0 ? strlen(text) : (size_t)len;
    if (cursor_index < 0 || anchor_index < 0 || (size_t)cursor_index > length || (size_t)anchor_index > length) return;
    if (!g_utf8_validate(text, (gssize)length, NULL)) return;
    self->surrounding = g_strndup(text, length);
    self->cursor_index = cursor_index;
    self->anchor_index = anchor_index;
#if !GTK_CHECK_VERSION(4, 0, 0)
    self->anchor_index = entry_anchor(self, self->surrounding, length, cursor_index);
#endif
}

static gboolean keypad_im_context_get_surrounding(GtkIMContext *context, char **text, int *cursor_index,
                                                  int *anchor_index) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    request_surrounding(self);
    if (self->surrounding == NULL) return FALSE;
    *text = g_strdup(self->surrounding);
    *cursor_index = self->cursor_index;
    if (anchor_index != NULL) *anchor_index = self->anchor_index;
    return TRUE;
}

#if !GTK_CHECK_VERSION(4, 0, 0)
static void keypad_im_context_set_surrounding_gtk3(GtkIMContext *context, const char *text, int len, int cursor_index) {
    keypad_im_context_set_surrounding(context, text, len, cursor_index, cursor_index);
}

static gboolean keypad_im_context_get_surrounding_gtk3(GtkIMContext *context, char **text, int *cursor_index) {
    return keypad_im_context_get_surrounding(context, text, cursor_index, NULL);
}
#endif

/* ---- GtkIMContext ---- */

/* The client asks for FocusIn: the bus is ready, or keypad-osk is new. */
static void send_focus_in(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    self->cursor_pending = FALSE; /* FocusIn carries the caret */
    keypad_osk_client_send_focus_in(self, field_content_type(self), field_caret(self));
    refresh_surrounding(self);
}

static void describe(void *field) {
    KeypadIMContext *self = field;
    update_window(self, TRUE);
#if GTK_CHECK_VERSION(4, 0, 0)
    /* On X11 keypad-osk places the keypad off the caret FocusIn carries: a field whose caret GTK
     * has not told yet waits for it (#34). */
    gboolean caret_known = self->cursor.width > 0 || self->cursor.height > 0;
    if (self->window != 0 && !caret_known && keypad_im_caret_wait(GTK_IM_CONTEXT(self), self->client, send_focus_in))
        return;
#endif
    send_focus_in(GTK_IM_CONTEXT(self));
}

#if !GTK_CHECK_VERSION(4, 0, 0)
/* A press on the field while it has focus and the keypad was dismissed: the keypad comes back. */
static gboolean pressed(GtkWidget *widget, GdkEventButton *event, gpointer data) {
    KeypadIMContext *self = data;
    if (self->focused && self->dismissed && keypad_osk_client_is_connected(self)) {
        self->dismissed = FALSE;
        describe(self);
    }
    return FALSE;
}

/* Watches WIDGET (NULL: none) for presses, instead of the widget watched before. */
static void watch_presses(KeypadIMContext *self, GtkWidget *widget) {
    if (self->pressed == widget) return;
    if (self->pressed != NULL) {
        g_signal_handler_disconnect(self->pressed, self->press_handler);
        g_object_remove_weak_pointer(G_OBJECT(self->pressed), (gpointer *)&self->pressed);
    }
    self->pressed = widget;
    if (widget == NULL) return;
    g_object_add_weak_pointer(G_OBJECT(widget), (gpointer *)&self->pressed);
    self->press_handler = g_signal_connect(widget, "button-press-event", G_CALLBACK(pressed), self);
}
#endif

static void keypad_im_context_focus_in(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_in(self->simple);
    /* GTK 4 may call focus_in again with no focus_out between (measured: each grab_focus). */
    if (self->focused) return;
    self->focused = TRUE;
    /* Focus came back before keypad-osk heard it left (Chromium's one context, from field to
     * field): keypad-osk keeps the field as it is, its keypad on the page it shows; or, when
     * the keypad was dismissed, shows it again (a tap on a field brings it back). */
    gboolean returned = self->focus_out_source != 0 && !self->dismissed;
    self->dismissed = FALSE;
    if (self->focus_out_source != 0) g_source_remove(self->focus_out_source);
    self->focus_out_source = 0;
    GtkWidget *client = client_widget(self);
#if !GTK_CHECK_VERSION(4, 0, 0)
    if (client != NULL) keypad_im_x11_hold_pointer_root_focus(gdk_window_get_toplevel(self->client_window));
    if (keypad_im_is_firefox_content(client)) {
        if (self->told_purpose) {
            self->refocuses = 0;
        } else if (self->refocuses < KEYPAD_IM_FIREFOX_MAX_REFOCUSES) {
            /* No purpose yet: keypad-osk waits for a focus that tells it. */
            self->refocuses++;
            keypad_im_firefox_refocus(client_toplevel(self));
            return;
        }
    }
#endif
    keypad_im_keep_in_view_focus(client);
    if (returned && keypad_osk_client_is_connected(self)) {
        keypad_osk_client_send_content_type(self, field_content_type(self));
        schedule_updates(self);
        return;
    }
    keypad_osk_client_focus_in(self);
}

static gboolean send_focus_out(gpointer data) {
    KeypadIMContext *self = data;
    self->focus_out_source = 0;
    if (self->focused) return G_SOURCE_REMOVE;
    self->dismissed = FALSE;
    keypad_osk_client_focus_out(self);
    return G_SOURCE_REMOVE;
}

static void keypad_im_context_focus_out(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_out(self->simple);
#if !GTK_CHECK_VERSION(4, 0, 0)
    self->told_purpose = FALSE;
#endif
    if (!self->focused) return;
    self->focused = FALSE;
#if GTK_CHECK_VERSION(4, 0, 0)
    keypad_im_caret_cancel(context);
#endif
    keypad_im_keep_in_view_blur();
    if (self->focus_out_source == 0)
        self->focus_out_source = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, send_focus_out, g_object_ref(self), g_object_unref);
}

static void keypad_im_context_reset(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_reset(self->simple);
    schedule_updates(self);
}

#if GTK_CHECK_VERSION(4, 0, 0)
static void keypad_im_context_set_client_widget(GtkIMContext *context, GtkWidget *widget) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_set_client_widget(self->simple, widget);
    self->client = widget;
}

static gboolean keypad_im_context_filter_keypress(GtkIMContext *context, GdkEvent *event) {
    return gtk_im_context_filter_keypress(((KeypadIMContext *)context)->simple, event);
}
#else
static void keypad_im_context_set_client_window(GtkIMContext *context, GdkWindow *window) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_set_client_window(self->simple, window);
    g_set_object(&self->client_window, window);
    watch_presses(self, client_widget(self));
    keypad_im_keyboardless_follow(context, client_widget(self));
}

GtkWidget *keypad_im_context_client_widget(KeypadIMContext *context) {
    return client_widget(context);
}

static gboolean keypad_im_context_filter_keypress(GtkIMContext *context, GdkEventKey *event) {
    return gtk_im_context_filter_keypress(((KeypadIMContext *)context)->simple, event);
}
#endif

static void keypad_im_context_get_preedit_string(GtkIMContext *context, char **text, PangoAttrList **attrs,
                                                 int *cursor) {
    gtk_im_context_get_preedit_string(((KeypadIMContext *)context)->simple, text, attrs, cursor);
}

static void keypad_im_context_set_use_preedit(GtkIMContext *context, gboolean use_preedit) {
    gtk_im_context_set_use_preedit(((KeypadIMContext *)context)->simple, use_preedit);
}

/* The caret in the toplevel's coordinates: where keypad-osk finds its monitor. */
static void keypad_im_context_set_cursor_location(GtkIMContext *context, GdkRectangle *area) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_set_cursor_location(self->simple, area);
    GdkRectangle rect = *area;
#if !GTK_CHECK_VERSION(4, 0, 0)
    /* GTK 3 gives it in the client window's coordinates, a child of the toplevel. */
    GdkWindow *window = self->client_window;
    while (window != NULL && window != gdk_window_get_toplevel(window)) {
        double x = 0, y = 0;
        gdk_window_coords_to_parent(window, rect.x, rect.y, &x, &y);
        rect.x = (int)x;
        rect.y = (int)y;
        window = gdk_window_get_parent(window);
    }
#else
    if (self->client != NULL) {
        GtkNative *native = gtk_widget_get_native(self->client);
        graphene_point_t point = GRAPHENE_POINT_INIT((float)area->x, (float)area->y), moved;
        if (native != NULL && gtk_widget_compute_point(self->client, GTK_WIDGET(native), &point, &moved)) {
            double dx = 0, dy = 0;
            gtk_native_get_surface_transform(native, &dx, &dy);
            rect.x = (int)(moved.x + dx);
            rect.y = (int)(moved.y + dy);
        }
    }
#endif
    guint64 old_window = self->window;
    update_window(self, FALSE);
    if (gdk_rectangle_equal(&rect, &self->cursor) && old_window == self->window) return;
    self->cursor = rect;
#if GTK_CHECK_VERSION(4, 0, 0)
    /* The FocusIn that waited for it carries it. */
    if ((rect.width > 0 || rect.height > 0) && self->focused && keypad_im_caret_arrived(context)) return;
#endif
    if (!self->focused) return;
    self->cursor_pending = TRUE;
    schedule_updates(self);
}

static void content_type_changed(GObject *object, GParamSpec *pspec, gpointer data) {
    KeypadIMContext *self = (KeypadIMContext *)object;
#if !GTK_CHECK_VERSION(4, 0, 0)
    self->told_purpose = TRUE;
#endif
    if (!self->focused) return;
    keypad_osk_client_send_content_type(self, field_content_type(self));
    refresh_surrounding(self);
}

/* ---- What keypad-osk asks ---- */

static void applied(KeypadIMContext *self) {
    schedule_updates(self);
}

static void commit(KeypadIMContext *self, const char *text) {
    g_signal_emit_by_name(self, "commit", text);
    applied(self);
}

#if !GTK_CHECK_VERSION(4, 0, 0)
/* A press and release of KEYVAL handed to GTK as if typed, for a widget whose text GTK does
 * not hold (Firefox's MozContainer: its text lives in another process, and the surrounding
 * text it answers lags behind the last commit); through the X server for an app that gives
 * no widget (Chromium reads its keys from X). */
static void tap_key(KeypadIMContext *self, guint keyval) {
    if (client_widget(self) == NULL) {
        keypad_im_x11_key_tap(keyval);
        return;
    }
    GdkWindow *window = self->client_window;
    GdkDisplay *display = gdk_window_get_display(window);
    GdkKeymapKey *keys = NULL;
    int count = 0;
    guint16 keycode = 0;
    guint8 group = 0;
    /* GTK's key bindings (an entry's Return → activate) match the hardware keycode. */
    if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &count) && count > 0) {
        keycode = (guint16)keys[0].keycode;
        group = (guint8)keys[0].group;
    }
    g_free(keys);
    GdkSeat *seat = gdk_display_get_default_seat(display);
    GdkDevice *keyboard = seat != NULL ? gdk_seat_get_keyboard(seat) : NULL;
    for (int press = 1; press >= 0; press--) {
        GdkEvent *event = gdk_event_new(press ? GDK_KEY_PRESS : GDK_KEY_RELEASE);
        event->key.window = g_object_ref(window);
        event->key.send_event = TRUE;
        event->key.time = GDK_CURRENT_TIME;
        event->key.keyval = keyval;
        event->key.hardware_keycode = keycode;
        event->key.group = group;
        if (keyboard != NULL) gdk_event_set_device(event, keyboard);
        gtk_main_do_event(event);
        gdk_event_free(event);
    }
}

/* Whether GTK holds the field's text (an entry or a text view), so an edit can name a range. */
static gboolean holds_text(KeypadIMContext *self) {
    GtkWidget *client = client_widget(self);
    return is_entry(client) || (client != NULL && GTK_IS_TEXT_VIEW(client));
}
#endif

/* Deletes n_chars from offset characters off the caret, within the text the widget has now:
 * a range keypad-osk worked out from text that has changed since is cut to what exists
 * (GtkText reads a negative end as "to the end of the text" and would delete it all). */
static void delete_surrounding(KeypadIMContext *self, int offset, guint n_chars) {
#if !GTK_CHECK_VERSION(4, 0, 0)
    if (!holds_text(self)) {
        /* A browser: the characters before the caret go as BackSpaces, as physical keys. */
        if (offset + (long)n_chars != 0) return;
        for (guint i = 0; i < n_chars && i < 64; i++) tap_key(self, GDK_KEY_BackSpace);
        applied(self);
        return;
    }
#endif
    request_surrounding(self);
    if (self->surrounding != NULL) {
        long length = g_utf8_strlen(self->surrounding, -1);
        long cursor = g_utf8_pointer_to_offset(self->surrounding, self->surrounding + self->cursor_index);
        long start = MAX(cursor + offset, 0), end = MIN(cursor + offset + (long)n_chars, length);
        if (end <= start) return;
        offset = (int)(start - cursor);
        n_chars = (guint)(end - start);
    }
    gboolean handled = FALSE;
    g_signal_emit_by_name(self, "delete-surrounding", offset, (int)n_chars, &handled);
    applied(self);
}

/* Whether the field has a selection now; FALSE for a widget whose text GTK does not hold (a
 * browser: its surrounding text tells none). */
static gboolean has_selection(KeypadIMContext *self) {
#if !GTK_CHECK_VERSION(4, 0, 0)
    if (!holds_text(self)) return FALSE;
    /* A GTK 3 text view tells no selection with its text. */
    GtkWidget *client = client_widget(self);
    if (GTK_IS_TEXT_VIEW(client))
        return gtk_text_buffer_get_has_selection(gtk_text_view_get_buffer(GTK_TEXT_VIEW(client)));
#endif
    request_surrounding(self);
    return self->surrounding != NULL && self->anchor_index != self->cursor_index;
}

/* The selection, else the character before the caret: worked out here, in the app, where
 * the text is (keypad-osk has none for a secure field). */
static void backspace(KeypadIMContext *self) {
#if !GTK_CHECK_VERSION(4, 0, 0)
    if (!holds_text(self)) {
        tap_key(self, GDK_KEY_BackSpace);
        applied(self);
        return;
    }
    /* A GTK 3 text view tells no selection with its text: it deletes its own. */
    GtkWidget *client = client_widget(self);
    if (GTK_IS_TEXT_VIEW(client)) {
        GtkTextView *view = GTK_TEXT_VIEW(client);
        if (gtk_text_buffer_delete_selection(gtk_text_view_get_buffer(view), TRUE, gtk_text_view_get_editable(view))) {
            applied(self);
            return;
        }
    }
#endif
    request_surrounding(self);
    int offset = -1, count = 1;
    if (self->surrounding != NULL) {
        const char *text = self->surrounding;
        long cursor = g_utf8_pointer_to_offset(text, text + self->cursor_index);
        long anchor = g_utf8_pointer_to_offset(text, text + self->anchor_index);
        if (cursor == 0 && anchor == 0) return;
        if (anchor != cursor) {
            offset = (int)(MIN(anchor, cursor) - cursor);
            count = (int)ABS(anchor - cursor);
        }
    }
    delete_surrounding(self, offset, (guint)count);
}

/* The return key. A text view gets a newline; an entry is activated (its `activate`
 * handlers and the window's default widget), as Return does; GTK 4: another widget is
 * activated if it can be, else gets a newline; GTK 3: a widget whose text GTK does not hold
 * (a browser) gets a Return key. */
static void activate(KeypadIMContext *self) {
    GtkWidget *client = client_widget(self);
#if GTK_CHECK_VERSION(4, 0, 0)
    if (is_entry(client)) {
        /* GtkText::activate, which the entry re-emits as its own. */
        g_signal_emit_by_name(client, "activate");
    } else if (client == NULL || (field_flags(self) & KEYPAD_OSK_FLAG_MULTILINE) != 0 || !gtk_widget_activate(client)) {
        commit(self, "\n");
        return;
    }
#else
    if (is_entry(client)) {
        gtk_widget_activate(client);
    } else if (client != NULL && GTK_IS_TEXT_VIEW(client)) {
        commit(self, "\n");
        return;
    } else {
        tap_key(self, GDK_KEY_Return);
    }
#endif
    applied(self);
}

/* The toplevel window holding the field, NULL when it is in none. */
static GtkWidget *client_toplevel(KeypadIMContext *self) {
    GtkWidget *client = client_widget(self);
    if (client == NULL) return NULL;
#if GTK_CHECK_VERSION(4, 0, 0)
    GtkRoot *root = gtk_widget_get_root(client);
    return root != NULL ? GTK_WIDGET(root) : NULL;
#else
    GtkWidget *top = gtk_widget_get_toplevel(client);
    return gtk_widget_is_toplevel(top) && GTK_IS_WINDOW(top) ? top : NULL;
#endif
}

/* The toolbar's previous and next: focus moves one step along the window's focus chain, as
 * Shift-Tab and Tab do; the widget that gets it tells keypad-osk in its turn. */
static void move_focus(KeypadIMContext *self, int direction) {
    GtkWidget *toplevel = client_toplevel(self);
    if (toplevel != NULL) gtk_widget_child_focus(toplevel, direction > 0 ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD);
}

/* The toolbar's done or the dismiss key hid the keypad: the field keeps its focus, and (GTK 3)
 * a tap on it brings the keypad back (pressed). */
static void dismiss(KeypadIMContext *self) {
    self->dismissed = self->focused;
}

/* Each holds a reference while it works: the app may drop the field from a handler. */
static void field_commit(void *field, const char *text) {
    KeypadIMContext *self = g_object_ref(field);
    commit(self, text);
    g_object_unref(self);
}

/* keypad-osk's DeleteSurrounding. keypad-osk sends none over a selection it knows of (it sends
 * Backspace): a field with a selection now had one keypad-osk had not heard of yet (its copy
 * of the text lags the app's), so its range, worked out from the caret it knew, is not what
 * the user sees selected. The selection goes, as the delete key deletes it. */
static void field_delete(void *field, int offset, guint n_chars) {
    KeypadIMContext *self = g_object_ref(field);
    if (has_selection(self)) {
        backspace(self);
    } else {
        delete_surrounding(self, offset, n_chars);
    }
    g_object_unref(self);
}

static void field_backspace(void *field) {
    KeypadIMContext *self = g_object_ref(field);
    backspace(self);
    g_object_unref(self);
}

static void field_activate(void *field) {
    KeypadIMContext *self = g_object_ref(field);
    activate(self);
    g_object_unref(self);
}

static void field_move_focus(void *field, int direction) {
    KeypadIMContext *self = g_object_ref(field);
    move_focus(self, direction);
    g_object_unref(self);
}

static void field_dismiss(void *field) {
    KeypadIMContext *self = g_object_ref(field);
    dismiss(self);
    g_object_unref(self);
}

static void field_keypad_frame(void *field, int x, int y, int width, int height) {
    KeypadIMContext *self = g_object_ref(field);
    keypad_im_keep_in_view_frame(client_widget(self), x, y, width, height);
    g_object_unref(self);
}

static const KeypadOSKFieldOps field_ops = {
    .describe = describe,
    .commit = field_commit,
    .delete_surrounding = field_delete,
    .backspace = field_backspace,
    .activate = field_activate,
    .move_focus = field_move_focus,
    .dismiss = field_dismiss,
    .keypad_frame = field_keypad_frame,
};

/* ---- GObject ---- */

static void forward_commit(GtkIMContext *simple, const char *text, gpointer self) {
    g_signal_emit_by_name(self, "commit", text);
}

static void forward_preedit_changed(GtkIMContext *simple, gpointer self) {
    g_signal_emit_by_name(self, "preedit-changed");
}

static void forward_preedit_start(GtkIMContext *simple, gpointer self) {
    g_signal_emit_by_name(self, "preedit-start");
}

static void forward_preedit_end(GtkIMContext *simple, gpointer self) {
    g_signal_emit_by_name(self, "preedit-end");
}

static void keypad_im_context_init(KeypadIMContext *self) {
    self->simple = gtk_im_context_simple_new();
    g_signal_connect(self->simple, "commit", G_CALLBACK(forward_commit), self);
    g_signal_connect(self->simple, "preedit-changed", G_CALLBACK(forward_preedit_changed), self);
    g_signal_connect(self->simple, "preedit-start", G_CALLBACK(forward_preedit_start), self);
    g_signal_connect(self->simple, "preedit-end", G_CALLBACK(forward_preedit_end), self);
    g_signal_connect(self, "notify::input-purpose", G_CALLBACK(content_type_changed), NULL);
    g_signal_connect(self, "notify::input-hints", G_CALLBACK(content_type_changed), NULL);
}

static void keypad_im_context_dispose(GObject *object) {
    KeypadIMContext *self = (KeypadIMContext *)object;
    if (self->focused) {
        self->focused = FALSE;
        keypad_im_keep_in_view_blur();
    }
#if GTK_CHECK_VERSION(4, 0, 0)
    keypad_im_caret_cancel(GTK_IM_CONTEXT(self));
#endif
    keypad_osk_client_forget(self);
#if !GTK_CHECK_VERSION(4, 0, 0)
    watch_presses(self, NULL);
#endif
    if (self->simple != NULL) g_signal_handlers_disconnect_by_data(self->simple, self);
    g_clear_object(&self->simple);
#if GTK_CHECK_VERSION(4, 0, 0)
    self->client = NULL;
#else
    g_clear_object(&self->client_window);
#endif
    G_OBJECT_CLASS(keypad_im_context_parent_class)->dispose(object);
}

static void keypad_im_context_finalize(GObject *object) {
    KeypadIMContext *self = (KeypadIMContext *)object;
    g_free(self->surrounding);
    G_OBJECT_CLASS(keypad_im_context_parent_class)->finalize(object);
}

static void keypad_im_context_class_init(KeypadIMContextClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkIMContextClass *im_class = GTK_IM_CONTEXT_CLASS(klass);
    object_class->dispose = keypad_im_context_dispose;
    object_class->finalize = keypad_im_context_finalize;
#if GTK_CHECK_VERSION(4, 0, 0)
    im_class->set_client_widget = keypad_im_context_set_client_widget;
    im_class->set_surrounding_with_selection = keypad_im_context_set_surrounding;
    im_class->get_surrounding_with_selection = keypad_im_context_get_surrounding;
#else
    im_class->set_client_window = keypad_im_context_set_client_window;
    im_class->set_surrounding = keypad_im_context_set_surrounding_gtk3;
    im_class->get_surrounding = keypad_im_context_get_surrounding_gtk3;
#endif
    im_class->filter_keypress = keypad_im_context_filter_keypress;
    im_class->get_preedit_string = keypad_im_context_get_preedit_string;
    im_class->set_use_preedit = keypad_im_context_set_use_preedit;
    im_class->focus_in = keypad_im_context_focus_in;
    im_class->focus_out = keypad_im_context_focus_out;
    im_class->reset = keypad_im_context_reset;
    im_class->set_cursor_location = keypad_im_context_set_cursor_location;
}

static void keypad_im_context_class_finalize(KeypadIMContextClass *klass) {}

void keypad_im_context_register(GTypeModule *module) {
    keypad_im_context_register_type(module);
    keypad_osk_client_init(&field_ops);
}
