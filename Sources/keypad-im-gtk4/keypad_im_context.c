/* The "keypad" GtkIMContext: physical keys go to a GtkIMContextSimple (dead keys, compose);
 * the field's focus, purpose, caret and surrounding text go to keypad-osk; what keypad-osk
 * sends back (commit, delete, backspace, return) is applied to the field here. */
#include <string.h>
#include <gdk/gdk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include "keypad_im_gtk4.h"
#include "keypad_osk_client.h"

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
    /* The caret moved since keypad-osk was last told; the idle that tells it (0: none). */
    gboolean cursor_pending;
    guint updates_source;
};

typedef struct {
    GtkIMContextClass parent_class;
} KeypadIMContextClass;

G_DEFINE_DYNAMIC_TYPE(KeypadIMContext, keypad_im_context, GTK_TYPE_IM_CONTEXT)

/* ---- The field as keypad-osk sees it ---- */

static guint field_flags(KeypadIMContext *self) {
    guint flags = 0;
    if (self->client != NULL && GTK_IS_TEXT_VIEW(self->client)) flags |= KEYPAD_OSK_FLAG_MULTILINE;
    if (self->client != NULL && GTK_IS_TEXT(self->client) && !gtk_text_get_visibility(GTK_TEXT(self->client)))
        flags |= KEYPAD_OSK_FLAG_HIDDEN_TEXT;
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

static KeypadOSKContentType field_content_type(KeypadIMContext *self) {
    return (KeypadOSKContentType){.purpose = (guint)field_purpose(self), .hints = (guint)field_hints(self),
                                  .flags = field_flags(self)};
}

static KeypadOSKCaret field_caret(KeypadIMContext *self) {
    return (KeypadOSKCaret){.window = self->window, .x = self->cursor.x, .y = self->cursor.y,
                            .width = self->cursor.width, .height = self->cursor.height};
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

/* The client asks for FocusIn: the bus is ready, or keypad-osk is new. */
static void describe(void *field) {
    KeypadIMContext *self = field;
    update_window(self);
    self->cursor_pending = FALSE; /* FocusIn carries the caret */
    keypad_osk_client_send_focus_in(self, field_content_type(self), field_caret(self));
    refresh_surrounding(self);
}

static void keypad_im_context_focus_in(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_in(self->simple);
    /* GTK 4 may call focus_in again with no focus_out between (measured: each grab_focus). */
    if (self->focused) return;
    self->focused = TRUE;
    keypad_osk_client_focus_in(self);
}

static void keypad_im_context_focus_out(GtkIMContext *context) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    gtk_im_context_focus_out(self->simple);
    if (!self->focused) return;
    self->focused = FALSE;
    keypad_osk_client_focus_out(self);
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

/* Deletes n_chars from offset characters off the caret, within the text the widget has now:
 * a range keypad-osk worked out from text that has changed since is cut to what exists
 * (GtkText reads a negative end as "to the end of the text" and would delete it all). */
static void delete_surrounding(KeypadIMContext *self, int offset, guint n_chars) {
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
static void backspace(KeypadIMContext *self) {
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

/* A text view gets a newline; an entry's GtkText is activated (GtkText::activate, which
 * the entry re-emits as its own), as Return does; another widget is activated if it can be. */
static void activate(KeypadIMContext *self) {
    GtkWidget *client = self->client;
    if (client != NULL && GTK_IS_TEXT(client)) {
        g_signal_emit_by_name(client, "activate");
    } else if (client == NULL || (field_flags(self) & KEYPAD_OSK_FLAG_MULTILINE) != 0 || !gtk_widget_activate(client)) {
        commit(self, "\n");
        return;
    }
    applied(self);
}

/* Each holds a reference while it works: the app may drop the field from a handler. */
static void field_commit(void *field, const char *text) {
    KeypadIMContext *self = g_object_ref(field);
    commit(self, text);
    g_object_unref(self);
}

static void field_delete(void *field, int offset, guint n_chars) {
    KeypadIMContext *self = g_object_ref(field);
    delete_surrounding(self, offset, n_chars);
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

static const KeypadOSKFieldOps field_ops = {
    .describe = describe,
    .commit = field_commit,
    .delete_surrounding = field_delete,
    .backspace = field_backspace,
    .activate = field_activate,
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
    }
    keypad_osk_client_forget(self);
    if (self->simple != NULL) g_signal_handlers_disconnect_by_data(self->simple, self);
    g_clear_object(&self->simple);
    self->client = NULL;
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

void keypad_im_context_register(GTypeModule *module) {
    keypad_im_context_register_type(module);
    keypad_osk_client_init(&field_ops);
}
