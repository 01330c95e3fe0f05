/* Firefox's first field focus carries no input purpose: its IM wrapper caches the field's type
 * while it has never had IME focus, then focuses the IM context without setting
 * `input-purpose`. Later focuses set it just before the focus-in, except when the page sends
 * the same input context twice before the focus (the tap that focuses the field also
 * activates the window): the second clears Firefox's note to set the purpose
 * (IMContextWrapper::SetInputContext, ESR 115).
 *
 * So at a focus-in in Firefox (the client widget a MozContainer) whose purpose Firefox did not
 * set since the last focus-out, the context tells keypad-osk nothing yet: the window loses
 * focus and, 200 ms later, regains it, as if the user had switched windows and back. Firefox
 * moves IME focus off the field and back, now with the purpose. The page sees the field's blur
 * and focus once. A real focus change meanwhile (the user switched windows) cancels the
 * made-up focus-in, so no window gets a phantom focus. */
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if !GTK_CHECK_VERSION(4, 0, 0)

/* How long the window stays unfocused: Firefox's content process must see the deactivation
 * before the activation, or the purpose is lost again. */
#define UNFOCUSED_MS 200

typedef struct {
    GtkWidget *toplevel; /* a reference, until finish() */
    gulong handlers[2];
    gboolean real_focus_changed; /* GDK reported a focus change the module did not send */
} Refocus;

gboolean keypad_im_is_firefox_content(GtkWidget *widget) {
    return widget != NULL && g_strcmp0(G_OBJECT_TYPE_NAME(widget), "MozContainer") == 0;
}

static gboolean usable(GtkWidget *toplevel) {
    return !gtk_widget_in_destruction(toplevel) && gtk_widget_get_realized(toplevel);
}

static void send_focus_change(GtkWidget *toplevel, gboolean inside) {
    GdkWindow *window = gtk_widget_get_window(toplevel);
    if (window == NULL) return;
    GdkEvent *event = gdk_event_new(GDK_FOCUS_CHANGE);
    event->focus_change.window = g_object_ref(window);
    event->focus_change.send_event = TRUE;
    event->focus_change.in = inside;
    gtk_widget_send_focus_change(toplevel, event);
    gdk_event_free(event);
}

static gboolean focus_event(GtkWidget *widget, GdkEventFocus *event, gpointer data) {
    if (!event->send_event) ((Refocus *)data)->real_focus_changed = TRUE;
    return FALSE;
}

static void finish(Refocus *refocus) {
    for (guint i = 0; i < G_N_ELEMENTS(refocus->handlers); i++)
        if (refocus->handlers[i] != 0) g_signal_handler_disconnect(refocus->toplevel, refocus->handlers[i]);
    g_object_unref(refocus->toplevel);
    g_free(refocus);
}

static gboolean refocus_in(gpointer data) {
    Refocus *refocus = data;
    if (!refocus->real_focus_changed && usable(refocus->toplevel)) send_focus_change(refocus->toplevel, TRUE);
    finish(refocus);
    return G_SOURCE_REMOVE;
}

static gboolean refocus_out(gpointer data) {
    Refocus *refocus = data;
    if (!usable(refocus->toplevel) || !gtk_window_is_active(GTK_WINDOW(refocus->toplevel))) {
        finish(refocus);
        return G_SOURCE_REMOVE;
    }
    refocus->handlers[0] = g_signal_connect(refocus->toplevel, "focus-in-event", G_CALLBACK(focus_event), refocus);
    refocus->handlers[1] = g_signal_connect(refocus->toplevel, "focus-out-event", G_CALLBACK(focus_event), refocus);
    send_focus_change(refocus->toplevel, FALSE);
    g_timeout_add(UNFOCUSED_MS, refocus_in, refocus);
    return G_SOURCE_REMOVE;
}

void keypad_im_firefox_refocus(GtkWidget *toplevel) {
    if (toplevel == NULL || !GTK_IS_WINDOW(toplevel)) return;
    Refocus *refocus = g_new0(Refocus, 1);
    refocus->toplevel = g_object_ref(toplevel);
    g_idle_add(refocus_out, refocus);
}
#endif
