/* The keypad input-method module: GObject boilerplate and GTK's four module entry
 * points. Physical keys go to a GtkIMContextSimple (dead keys, compose); focus,
 * the client window, cursor moves and purpose/hint changes go to Swift. */

#define _GNU_SOURCE /* dladdr, RTLD_NODELETE */
#include <dlfcn.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <gtk/gtkimmodule.h>
#include "keypad_im.h"
#include "swift_entry_points.h"

typedef struct {
    GtkIMContext parent;
    GtkIMContext *simple;
    /* The last surrounding text the app gave (a browser gives it late, after a commit). */
    gchar *surrounding;
    gint surrounding_cursor;
    /* In a Chromium browser process: a plain GtkIMContextSimple, no Swift (see host_is_chromium). */
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

/* Whether this process's command line turns BackupRefPtr off
 * (--disable-features=…PartitionAllocBackupRefPtr…). */
static gboolean backup_ref_ptr_disabled(void) {
    /* Read to the end: /proc files report no size (so no g_file_get_contents). */
    GString *line = g_string_new(NULL);
    char chunk[4096];
    gssize got;
    gboolean disabled = FALSE;
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return FALSE;
    while ((got = read(fd, chunk, sizeof chunk)) > 0) g_string_append_len(line, chunk, got);
    close(fd);
    /* Arguments end in NUL, or in a space once Chromium has set its process title. */
    for (gsize i = 0; i < line->len; i++) {
        if (line->str[i] == '\0') line->str[i] = ' ';
    }
    for (const char *flag = strstr(line->str, "--disable-features="); flag && !disabled;
         flag = strstr(flag + 1, "--disable-features=")) {
        const char *end = strchr(flag, ' ');
        gchar *argument = g_strndup(flag, end ? (gsize)(end - flag) : strlen(flag));
        disabled = strstr(argument, "PartitionAllocBackupRefPtr") != NULL;
        g_free(argument);
    }
    g_string_free(line, TRUE);
    return disabled;
}

/* Chromium's browser process (it exports ChromeMain) stops with SIGTRAP in its allocator
 * (PartitionAlloc) soon after the module's Swift code starts allocating there, unless
 * PartitionAlloc's BackupRefPtr is off: measured with Chromium 156 on Debian 12, see README's
 * "Web kiosks". Without --disable-features=PartitionAllocBackupRefPtr its contexts stay a
 * plain GtkIMContextSimple (physical keys work, no keypad), and the module says so once.
 * KEYPAD_IM_CHROMIUM=1 runs the Swift side anyway, to study the crash. */
static gboolean host_is_chromium(void) {
    static int known = -1;
    if (known < 0) {
        const char *force = g_getenv("KEYPAD_IM_CHROMIUM");
        known = dlsym(RTLD_DEFAULT, "ChromeMain") != NULL && !backup_ref_ptr_disabled()
            && !(force && strcmp(force, "1") == 0);
        if (known) {
            static const char line[] =
                "keypad-im: no keypad in Chromium without --disable-features=PartitionAllocBackupRefPtr "
                "(its allocator stops the browser once the module's Swift code runs); physical keys still type\n";
            if (write(2, line, sizeof line - 1) < 0) { /* nowhere to report */ }
        }
    }
    return known;
}

static void keypad_im_context_init(KeypadIMContext *self) {
    self->inert = host_is_chromium();
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
