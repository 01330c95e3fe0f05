/* GTK 3 loads this file as an input-method module (im-keypad.so, listed in the immodules.cache
 * that gtk-query-immodules-3.0 writes) and finds it by its four entry points. */
#include <string.h>
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if !GTK_CHECK_VERSION(4, 0, 0)
#include <gtk/gtkimmodule.h>

static const GtkIMContextInfo keypad_info = {
    .context_id = "keypad",                /* the id GTK_IM_MODULE names */
    .context_name = "Keypad (on-screen)",  /* shown in GTK's input-method menu */
    .domain = "keypad",
    .domain_dirname = "",
    .default_locales = "", /* none: GTK never picks it by itself */
};

static const GtkIMContextInfo *keypad_info_list[] = {&keypad_info};

G_MODULE_EXPORT void im_module_init(GTypeModule *module);
G_MODULE_EXPORT void im_module_exit(void);
G_MODULE_EXPORT void im_module_list(const GtkIMContextInfo ***contexts, int *n_contexts);
G_MODULE_EXPORT GtkIMContext *im_module_create(const char *context_id);

G_MODULE_EXPORT void im_module_init(GTypeModule *module) {
    keypad_im_context_register(module);
    /* Stay loaded: GTK unloads a module nobody uses, and the bus's callbacks point into it. */
    g_type_module_use(module);
}

G_MODULE_EXPORT void im_module_exit(void) {}

G_MODULE_EXPORT void im_module_list(const GtkIMContextInfo ***contexts, int *n_contexts) {
    *contexts = keypad_info_list;
    *n_contexts = G_N_ELEMENTS(keypad_info_list);
}

G_MODULE_EXPORT GtkIMContext *im_module_create(const char *context_id) {
    if (context_id != NULL && strcmp(context_id, keypad_info.context_id) == 0)
        return g_object_new(KEYPAD_TYPE_IM_CONTEXT, NULL);
    return NULL;
}
#endif
