/* GTK 4 loads this file as a GIO module (GTK_PATH/4.0.0/immodules/libim-keypad.so); GIO
 * finds the entry points by the file's name: libim-keypad.so -> g_io_im_keypad_*. */
#include <gio/gio.h>
#include "keypad_im_context.h"

#if GTK_CHECK_VERSION(4, 0, 0)

G_MODULE_EXPORT void g_io_im_keypad_load(GIOModule *module);
G_MODULE_EXPORT void g_io_im_keypad_unload(GIOModule *module);
G_MODULE_EXPORT char **g_io_im_keypad_query(void);

G_MODULE_EXPORT void g_io_im_keypad_load(GIOModule *module) {
    static gboolean registered = FALSE;
    if (!registered) {
        keypad_im_context_register(G_TYPE_MODULE(module));
        /* Priority 0: chosen only by name (GTK_IM_MODULE=keypad, im-config, gtk-im-module). */
        g_io_extension_point_implement("gtk-im-module", KEYPAD_TYPE_IM_CONTEXT, "keypad", 0);
        registered = TRUE;
    }
    /* Stay loaded: a registered GType and the bus's callbacks point into this file. */
    g_type_module_use(G_TYPE_MODULE(module));
}

G_MODULE_EXPORT void g_io_im_keypad_unload(GIOModule *module) {
    g_type_module_unuse(G_TYPE_MODULE(module));
}

G_MODULE_EXPORT char **g_io_im_keypad_query(void) {
    static const char *extension_points[] = {"gtk-im-module", NULL};
    return g_strdupv((char **)extension_points);
}
#endif
