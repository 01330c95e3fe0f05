/* The "keypad" GtkIMContext: physical keys go to a GtkIMContextSimple (dead keys, compose);
 * the field's focus, purpose, caret and surrounding text go to keypad-osk; what keypad-osk
 * sends back (commit, delete, backspace, return) is applied to the field here. */
#include <string.h>
#include <gdk/gdk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include "keypad_im_gtk4.h"

/* docs/gtk4.md, FocusIn's flags. */
enum { FLAG_MULTILINE = 0x1, FLAG_HIDDEN_TEXT = 0x2 };

struct _KeypadIMContext {
    GtkIMContext parent;
    GtkIMContext *simple;
    GtkWidget *client; /* weak pointer: GTK sets NULL before the widget goes */
    gboolean focused;
    GdkRectangle cursor; /* in the toplevel surface's coordinates */
    guint64 window;      /* the toplevel's X window, 0 elsewhere */
    /* The app's latest surrounding text (all of it, as the widget gives it). */
    char *surrounding;
    int cursor_index, anchor_index; /* bytes into surrounding */
    /* What keypad-osk was last sent, so repeats are not sent again. */
    char *sent_text;
    int sent_cursor, sent_anchor;
    /* The caret moved since keypad-osk was last told; the idle that tells it (0: none). */
    gboolean cursor_pending;
    guint updates_source;
};

typedef struct {
    GtkIMContextClass parent_class;
} KeypadIMContextClass;

G_DEFINE_DYNAMIC_TYPE(KeypadIMContext, keypad_im_context, GTK_TYPE_IM_CONTEXT)

void keypad_im_context_register(GTypeModule *module) {
    keypad_im_context_register_type(module);
}

/* ---- The field as keypad-osk sees it ---- */

static guint field_flags(KeypadIMContext *self) {
    guint flags = 0;
    if (self->client != NULL && GTK_IS_TEXT_VIEW(self->client)) flags |= FLAG_MULTILINE;
    if (self->client != NULL && GTK_IS_TEXT(self->client) && !gtk_text_get_visibility(GTK_TEXT(self->client)))
        flags |= FLAG_HIDDEN_TEXT;
    return flags;
}

static GtkInputPurpose field_purpose(KeypadIMContext *self) {
    GtkInputPurpose purpose = GTK_INPUT_PURPOSE_FREE_FORM;
    g_object_get(self, "input-purpose", &purpose, NULL);
    return purpose;
}

static GtkInputHints field_hints(KeypadIMContext *self) {
    GtkInputHints hints = GTK_INPUT_HINT_NONE;
    g_object_get(self, "input-hints", &hints, NULL);
    return hints;
}

/* A secure field's text never leaves the app (docs/gtk4.md, Secure fields). */
static gboolean field_is_secure(KeypadIMContext *self) {
    GtkInputPurpose purpose = field_purpose(self);
    return purpose == GTK_INPUT_PURPOSE_PASSWORD || purpose == GTK_INPUT_PURPOSE_PIN ||
           (field_flags(self) & FLAG_HIDDEN_TEXT) != 0;
}

static void update_window(KeypadIMContext *self) {
    self->window = 0;
#ifdef GDK_WINDOWING_X11
    if (self->client == NULL) return;
    GtkNative *native = gtk_widget_get_native(self->client);
    GdkSurface *surface = native != NULL ? gtk_native_get_surface(native) : NULL;
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) self->window = gdk_x11_surface_get_xid(surface);
#endif
}

/* ---- Surrounding text ---- */

static void request_surrounding(KeypadIMContext *self) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(self, "retrieve-surrounding", &handled);
}

/* Sends the surrounding text if it changed: the window of at most
 * KEYPAD_OSK_SURROUNDING_SIDE_BYTES each side of the caret, offsets in code points; none
 * (cursor -1) for a secure field, or where the selection does not fit that window. */
static void send_surrounding(KeypadIMContext *self) {
    const char *text = "";
    int cursor = -1, anchor = -1;
    const char *start = NULL, *end = NULL;
    if (self->surrounding != NULL && !field_is_secure(self)) {
        const char *all = self->surrounding;
        size_t length = strlen(all);
        int low = MIN(self->cursor_index, self->anchor_index), high = MAX(self->cursor_index, self->anchor_index);
        start = all + MAX(0, low - KEYPAD_OSK_SURROUNDING_SIDE_BYTES);
        end = all + MIN((int)length, high + KEYPAD_OSK_SURROUNDING_SIDE_BYTES);
        if (end - start <= 3 * KEYPAD_OSK_SURROUNDING_SIDE_BYTES) {
            /* Onto character boundaries, inwards. */
            while (start < all + low && ((guchar)*start & 0xC0) == 0x80) start++;
            while (end > all + high && ((guchar)*end & 0xC0) == 0x80) end--;
            cursor = (int)g_utf8_pointer_to_offset(start, all + self->cursor_index);
            anchor = (int)g_utf8_pointer_to_offset(start, all + self->anchor_index);
        }
    }
    char *window = cursor >= 0 ? g_strndup(start, (gsize)(end - start)) : g_strdup(text);
    if (self->sent_text != NULL && strcmp(self->sent_text, window) == 0 && self->sent_cursor == cursor &&
        self->sent_anchor == anchor) {
        g_free(window);
        return;
    }
    g_free(self->sent_text);
    self->sent_text = window;
    self->sent_cursor = cursor;
    self->sent_anchor = anchor;
    keypad_osk_send(self, "SetSurroundingText", g_variant_new("(sii)", window, cursor, anchor));
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
    if (self->cursor_pending && self->focused)
        keypad_osk_send(self, "SetCursorRect",
                        g_variant_new("(tiiii)", (guint64)self->window, self->cursor.x, self->cursor.y,
                                      self->cursor.width, self->cursor.height));
    self->cursor_pending = FALSE;
    refresh_surrounding(self);
    return G_SOURCE_REMOVE;
}

/* Before GTK's next frame (GDK_PRIORITY_REDRAW is G_PRIORITY_HIGH_IDLE + 20). */
static void schedule_updates(KeypadIMContext *self) {
    if (self->updates_source != 0 || !self->focused) return;
    self->updates_source = g_idle_add_full(G_PRIORITY_HIGH_IDLE, send_updates, g_object_ref(self), g_object_unref);
}

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
}

static gboolean keypad_im_context_get_surrounding(GtkIMContext *context, char **text, int *cursor_index,
                                                  int *anchor_index) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    request_surrounding(self);
    if (self->surrounding == NULL) return FALSE;
    *text = g_strdup(self->surrounding);
    *cursor_index = self->cursor_index;
    *anchor_index = self->anchor_index;
    return TRUE;
}

/* ---- GtkIMContext ---- */

void keypad_im_context_send_focus_in(KeypadIMContext *self) {
    update_window(self);
    self->cursor_pending = FALSE; /* FocusIn carries the caret */
    GtkInputHints hints = field_hints(self);
    keypad_osk_send(self, "FocusIn",
                    g_variant_new("(uuutiiii)", (guint)field_purpose(self), (guint)hints, field_flags(self),
                                  (guint64)self->window, self->cursor.x, self->cursor.y, self->cursor.width,
                                  self->cursor.height));
    g_clear_pointer(&self->sent_text, g_free);
    refresh_surrounding(self);
}

static void keypad_im_context_focus_in(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_in(self->simple);
    /* GTK 4 may call focus_in again with no focus_out between (measured: each grab_focus). */
    if (self->focused) return;
    self->focused = TRUE;
    keypad_osk_focus_in(self);
}

static void keypad_im_context_focus_out(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_out(self->simple);
    if (!self->focused) return;
    self->focused = FALSE;
    keypad_osk_focus_out(self);
}

static void keypad_im_context_reset(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_reset(self->simple);
    schedule_updates(self);
}

static void keypad_im_context_set_client_widget(GtkIMContext *context, GtkWidget *widget) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_set_client_widget(self->simple, widget);
    self->client = widget;
}

static gboolean keypad_im_context_filter_keypress(GtkIMContext *context, GdkEvent *event) {
    return gtk_im_context_filter_keypress(((KeypadIMContext *)context)->simple, event);
}

static void keypad_im_context_get_preedit_string(GtkIMContext *context, char **text, PangoAttrList **attrs,
                                                 int *cursor) {
    gtk_im_context_get_preedit_string(((KeypadIMContext *)context)->simple, text, attrs, cursor);
}

static void keypad_im_context_set_use_preedit(GtkIMContext *context, gboolean use_preedit) {
    gtk_im_context_set_use_preedit(((KeypadIMContext *)context)->simple, use_preedit);
}

/* The caret in the toplevel surface's coordinates: where keypad-osk finds its monitor. */
static void keypad_im_context_set_cursor_location(GtkIMContext *context, GdkRectangle *area) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_set_cursor_location(self->simple, area);
    GdkRectangle rect = *area;
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
    guint64 window = self->window;
    update_window(self);
    if (gdk_rectangle_equal(&rect, &self->cursor) && window == self->window) return;
    self->cursor = rect;
    if (!self->focused) return;
    self->cursor_pending = TRUE;
    schedule_updates(self);
}

static void content_type_changed(GObject *object, GParamSpec *pspec, gpointer data) {
    KeypadIMContext *self = (KeypadIMContext *)object;
    if (!self->focused) return;
    keypad_osk_send(self, "SetContentType",
                    g_variant_new("(uuu)", (guint)field_purpose(self), (guint)field_hints(self), field_flags(self)));
    refresh_surrounding(self);
}

/* ---- What keypad-osk asks ---- */

static void applied(KeypadIMContext *self) {
    schedule_updates(self);
}

void keypad_im_context_commit(KeypadIMContext *self, const char *text) {
    g_signal_emit_by_name(self, "commit", text);
    applied(self);
}

/* Deletes n_chars from offset characters off the caret, within the text the widget has now:
 * a range keypad-osk worked out from text that has changed since is cut to what exists
 * (GtkText reads a negative end as "to the end of the text" and would delete it all). */
void keypad_im_context_delete(KeypadIMContext *self, int offset, guint n_chars) {
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

/* The selection, else the character before the caret: worked out here, in the app, where
 * the text is (keypad-osk has none for a secure field). */
void keypad_im_context_backspace(KeypadIMContext *self) {
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
    keypad_im_context_delete(self, offset, (guint)count);
}

/* A text view gets a newline; an entry's GtkText is activated (GtkText::activate, which
 * the entry re-emits as its own), as Return does; another widget is activated if it can be. */
void keypad_im_context_return(KeypadIMContext *self) {
    GtkWidget *client = self->client;
    if (client != NULL && GTK_IS_TEXT(client)) {
        g_signal_emit_by_name(client, "activate");
    } else if (client == NULL || (field_flags(self) & FLAG_MULTILINE) != 0 || !gtk_widget_activate(client)) {
        keypad_im_context_commit(self, "\n");
        return;
    }
    applied(self);
}

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
    self->sent_cursor = self->sent_anchor = -1;
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
        keypad_osk_focus_out(self);
    }
    if (self->simple != NULL) g_signal_handlers_disconnect_by_data(self->simple, self);
    g_clear_object(&self->simple);
    self->client = NULL;
    G_OBJECT_CLASS(keypad_im_context_parent_class)->dispose(object);
}

static void keypad_im_context_finalize(GObject *object) {
    KeypadIMContext *self = (KeypadIMContext *)object;
    g_free(self->surrounding);
    g_free(self->sent_text);
    G_OBJECT_CLASS(keypad_im_context_parent_class)->finalize(object);
}

static void keypad_im_context_class_init(KeypadIMContextClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkIMContextClass *im_class = GTK_IM_CONTEXT_CLASS(klass);
    object_class->dispose = keypad_im_context_dispose;
    object_class->finalize = keypad_im_context_finalize;
    im_class->set_client_widget = keypad_im_context_set_client_widget;
    im_class->filter_keypress = keypad_im_context_filter_keypress;
    im_class->get_preedit_string = keypad_im_context_get_preedit_string;
    im_class->set_use_preedit = keypad_im_context_set_use_preedit;
    im_class->focus_in = keypad_im_context_focus_in;
    im_class->focus_out = keypad_im_context_focus_out;
    im_class->reset = keypad_im_context_reset;
    im_class->set_cursor_location = keypad_im_context_set_cursor_location;
    im_class->set_surrounding_with_selection = keypad_im_context_set_surrounding;
    im_class->get_surrounding_with_selection = keypad_im_context_get_surrounding;
}

static void keypad_im_context_class_finalize(KeypadIMContextClass *klass) {}
