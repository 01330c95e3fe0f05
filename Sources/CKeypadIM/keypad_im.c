/* The keypad input-method module: GObject boilerplate and GTK's four module entry
 * points. Physical keys go to a GtkIMContextSimple (dead keys, compose); focus,
 * the client window, cursor moves and purpose/hint changes go to Swift. */

#define _GNU_SOURCE /* dladdr, RTLD_NODELETE */
#include <dlfcn.h>
#include <string.h>
#include <unistd.h>
#include <gtk/gtkimmodule.h>
#include "keypad_im.h"
#include "swift_entry_points.h"
#include "malloc_size_guard.h"

typedef struct {
    GtkIMContext parent;
    GtkIMContext *simple;
    /* The last surrounding text the app gave (a browser gives it late, after a commit). */
    gchar *surrounding;
    gint surrounding_cursor;
    /* A plain GtkIMContextSimple, no Swift (see swift_must_stay_out). */
    gboolean inert;
} KeypadIMContext;

typedef struct {
    GtkIMContextClass parent_class;
} KeypadIMContextClass;

G_DEFINE_DYNAMIC_TYPE(KeypadIMContext, keypad_im_context, GTK_TYPE_IM_CONTEXT)

#define SIMPLE(context) (((KeypadIMContext *)(context))->simple)

static void forward_commit(GtkIMContext *simple, const char *text, gpointer self) {
    (void)simple;
    g_signal_emit_by_name(self, "commit", text);
}

static void forward_preedit_start(GtkIMContext *simple, gpointer self) {
    (void)simple;
    g_signal_emit_by_name(self, "preedit-start");
}

static void forward_preedit_changed(GtkIMContext *simple, gpointer self) {
    (void)simple;
    g_signal_emit_by_name(self, "preedit-changed");
}

static void forward_preedit_end(GtkIMContext *simple, gpointer self) {
    (void)simple;
    g_signal_emit_by_name(self, "preedit-end");
}

#define INERT(context) (((KeypadIMContext *)(context))->inert)

static void traits_changed(GObject *object, GParamSpec *pspec, gpointer data) {
    (void)pspec;
    (void)data;
    if (INERT(object)) return;
    keypad_im_swift_traits_changed(GTK_IM_CONTEXT(object));
}

/* Whether the module's Swift code may run in this process: it may unless the process's
 * malloc answers sizes Swift cannot use and the guard could not be installed (see
 * malloc_size_guard.c). Then its contexts stay a plain GtkIMContextSimple (physical keys
 * work, no keypad), and the module says so once. */
static gboolean swift_must_stay_out(void) {
    static int known = -1;
    if (known < 0) {
        known = !keypad_im_guard_malloc_sizes();
        if (known) {
            static const char line[] =
                "keypad-im: no keypad in this process: its malloc reports sizes that are not a multiple of 8 "
                "and the module could not guard its Swift code against them; physical keys still type\n";
            if (write(2, line, sizeof line - 1) < 0) { /* nowhere to report */ }
        }
    }
    return known;
}

static void keypad_im_context_init(KeypadIMContext *self) {
    self->inert = swift_must_stay_out();
    self->simple = gtk_im_context_simple_new();
    g_signal_connect(self->simple, "commit", G_CALLBACK(forward_commit), self);
    g_signal_connect(self->simple, "preedit-start", G_CALLBACK(forward_preedit_start), self);
    g_signal_connect(self->simple, "preedit-changed", G_CALLBACK(forward_preedit_changed), self);
    g_signal_connect(self->simple, "preedit-end", G_CALLBACK(forward_preedit_end), self);
    g_signal_connect(self, "notify::input-purpose", G_CALLBACK(traits_changed), NULL);
    g_signal_connect(self, "notify::input-hints", G_CALLBACK(traits_changed), NULL);
}

static void keypad_im_context_finalize(GObject *object) {
    if (!INERT(object)) keypad_im_swift_finalize(GTK_IM_CONTEXT(object));
    g_free(((KeypadIMContext *)object)->surrounding);
    g_signal_handlers_disconnect_by_data(SIMPLE(object), object);
    g_clear_object(&SIMPLE(object));
    G_OBJECT_CLASS(keypad_im_context_parent_class)->finalize(object);
}

static void set_client_window(GtkIMContext *context, GdkWindow *window) {
    gtk_im_context_set_client_window(SIMPLE(context), window);
    if (!INERT(context)) keypad_im_swift_set_client_window(context, window);
}

static gboolean filter_keypress(GtkIMContext *context, GdkEventKey *event) {
    return gtk_im_context_filter_keypress(SIMPLE(context), event);
}

static void focus_in(GtkIMContext *context) {
    gtk_im_context_focus_in(SIMPLE(context));
    if (!INERT(context)) keypad_im_swift_focus_in(context);
}

static void focus_out(GtkIMContext *context) {
    gtk_im_context_focus_out(SIMPLE(context));
    if (!INERT(context)) keypad_im_swift_focus_out(context);
}

static void reset(GtkIMContext *context) {
    gtk_im_context_reset(SIMPLE(context));
}

static void get_preedit_string(GtkIMContext *context, gchar **text, PangoAttrList **attrs, gint *cursor) {
    gtk_im_context_get_preedit_string(SIMPLE(context), text, attrs, cursor);
}

static void set_cursor_location(GtkIMContext *context, GdkRectangle *area) {
    gtk_im_context_set_cursor_location(SIMPLE(context), area);
    if (!INERT(context)) keypad_im_swift_cursor_moved(context);
}

static void set_use_preedit(GtkIMContext *context, gboolean use_preedit) {
    gtk_im_context_set_use_preedit(SIMPLE(context), use_preedit);
}

/* Keeps what the app says even outside gtk_im_context_get_surrounding: Firefox answers a
 * retrieve-surrounding that came too early once its content process has caught up. */
static void set_surrounding(GtkIMContext *context, const gchar *text, gint len, gint cursor_index) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    GTK_IM_CONTEXT_CLASS(keypad_im_context_parent_class)->set_surrounding(context, text, len, cursor_index);
    g_free(self->surrounding);
    self->surrounding = text ? g_strndup(text, len < 0 ? strlen(text) : (gsize)len) : NULL;
    self->surrounding_cursor = cursor_index;
    if (!INERT(context)) keypad_im_swift_surrounding_changed(context);
}

static void keypad_im_context_class_init(KeypadIMContextClass *klass) {
    GtkIMContextClass *im = GTK_IM_CONTEXT_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = keypad_im_context_finalize;
    im->set_client_window = set_client_window;
    im->filter_keypress = filter_keypress;
    im->focus_in = focus_in;
    im->focus_out = focus_out;
    im->reset = reset;
    im->get_preedit_string = get_preedit_string;
    im->set_cursor_location = set_cursor_location;
    im->set_use_preedit = set_use_preedit;
    im->set_surrounding = set_surrounding;
}

static void keypad_im_context_class_finalize(KeypadIMContextClass *klass) {
    (void)klass;
}

GtkInputPurpose keypad_im_context_purpose(GtkIMContext *context) {
    GtkInputPurpose purpose = GTK_INPUT_PURPOSE_FREE_FORM;
    g_object_get(context, "input-purpose", &purpose, NULL);
    return purpose;
}

GtkInputHints keypad_im_context_hints(GtkIMContext *context) {
    GtkInputHints hints = GTK_INPUT_HINT_NONE;
    g_object_get(context, "input-hints", &hints, NULL);
    return hints;
}

gboolean keypad_im_context_last_surrounding(GtkIMContext *context, const gchar **text, gint *cursor_index) {
    KeypadIMContext *self = (KeypadIMContext *)context;
    if (!self->surrounding) return FALSE;
    *text = self->surrounding;
    *cursor_index = self->surrounding_cursor;
    return TRUE;
}

void keypad_im_context_commit(GtkIMContext *context, const char *text) {
    g_signal_emit_by_name(context, "commit", text);
}

/* ---- The module entry points GTK looks up. ---- */

static const GtkIMContextInfo keypad_info = {
    "keypad",               /* the id GTK_IM_MODULE names */
    "Keypad (on-screen)",   /* shown in GTK's input-method menu */
    "keypad",               /* translation domain */
    "",                     /* domain directory */
    "",                     /* default locales: none, so GTK never picks it by itself */
};

static const GtkIMContextInfo *keypad_info_list[] = { &keypad_info };

G_MODULE_EXPORT void im_module_init(GTypeModule *module) {
    /* GTK unloads a module nobody uses; the Swift runtime inside cannot be unloaded. */
    Dl_info self;
    if (dladdr((void *)im_module_init, &self) && self.dli_fname) {
        dlopen(self.dli_fname, RTLD_NOW | RTLD_NODELETE | RTLD_NOLOAD);
    }
    /* Before any Swift code runs in the process. */
    swift_must_stay_out();
    keypad_im_context_register_type(module);
}

G_MODULE_EXPORT void im_module_exit(void) {}

G_MODULE_EXPORT void im_module_list(const GtkIMContextInfo ***contexts, int *n_contexts) {
    *contexts = keypad_info_list;
    *n_contexts = G_N_ELEMENTS(keypad_info_list);
}

G_MODULE_EXPORT GtkIMContext *im_module_create(const gchar *context_id) {
    if (context_id && strcmp(context_id, keypad_info.context_id) == 0) {
        return g_object_new(keypad_im_context_get_type(), NULL);
    }
    return NULL;
}
