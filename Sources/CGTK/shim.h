#ifndef KEYPAD_CGTK_SHIM_H
#define KEYPAD_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <atk/atk.h>

/* Wrappers for what Swift cannot call directly: macros and variadic functions. */

static inline gulong keypad_signal_connect(gpointer instance, const gchar *signal, GCallback handler,
                                           gpointer data, GClosureNotify destroy, gboolean after) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, after ? G_CONNECT_AFTER : 0);
}

static inline void keypad_object_set_int(gpointer object, const gchar *property, gint value) {
    g_object_set(object, property, value, NULL);
}

static inline void keypad_object_set_string(gpointer object, const gchar *property, const gchar *value) {
    g_object_set(object, property, value, NULL);
}

static inline void keypad_object_get_bool(gpointer object, const gchar *property, gboolean *value) {
    g_object_get(object, property, value, NULL);
}

static inline GtkContainer *keypad_container(gpointer p) { return GTK_CONTAINER(p); }
static inline GtkWindow *keypad_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkEntry *keypad_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkEditable *keypad_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkTextView *keypad_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkBox *keypad_box(gpointer p) { return GTK_BOX(p); }
static inline GtkGrid *keypad_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkEventBox *keypad_event_box(gpointer p) { return GTK_EVENT_BOX(p); }
static inline GtkButton *keypad_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkLabel *keypad_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkStack *keypad_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkBin *keypad_bin(gpointer p) { return GTK_BIN(p); }
static inline GtkPopover *keypad_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkViewport *keypad_viewport(gpointer p) { return GTK_VIEWPORT(p); }
static inline GtkOverlay *keypad_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkScrolledWindow *keypad_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkStyleProvider *keypad_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline gboolean keypad_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean keypad_is_button(gpointer p) { return GTK_IS_BUTTON(p); }
static inline gboolean keypad_is_container(gpointer p) { return GTK_IS_CONTAINER(p); }

/* Type checks for pointers an app hands over (g_type_check_instance_is_a underneath). */
static inline gboolean keypad_is_object(gpointer p) { return p != NULL && G_IS_OBJECT(p); }
static inline gboolean keypad_is_entry(gpointer p) { return GTK_IS_ENTRY(p); }
static inline gboolean keypad_is_text_view(gpointer p) { return GTK_IS_TEXT_VIEW(p); }
static inline gboolean keypad_is_window(gpointer p) { return GTK_IS_WINDOW(p); }
static inline gboolean keypad_is_box(gpointer p) { return GTK_IS_BOX(p); }
static inline gboolean keypad_is_label(gpointer p) { return GTK_IS_LABEL(p); }
static inline gboolean keypad_is_scrolled_window(gpointer p) { return GTK_IS_SCROLLED_WINDOW(p); }
static inline const gchar *keypad_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

#endif
