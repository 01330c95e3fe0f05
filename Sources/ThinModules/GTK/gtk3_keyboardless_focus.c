/* GTK 3 focus on a seat with no keyboard: a touch-only kiosk (cage, or any Wayland compositor
 * with just a touchscreen) never gives a window keyboard focus, so GTK activates no window and
 * gives no input-method context focus-in. A tap on an entry still makes it its window's focus
 * widget (GtkWindow::set-focus): while the seat has no keyboard and the window is not active,
 * the context whose widget that is gets focus-in here, and the one before gets focus-out. As
 * with a keyboard, one field has focus in the whole app: the last one tapped, in whichever
 * window; focus moving to another widget of that window ends it. Once a keyboard arrives and
 * the window becomes active, GTK's own focus-in and focus-out take over (set-focus is ignored
 * in an active window). Nothing here blocks: GDK's seat is asked, not the compositor. */
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if !GTK_CHECK_VERSION(4, 0, 0)
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

/* The context that has focus through its window's focus widget (a weak pointer). */
static GtkIMContext *focused;

/* Whether WIDGET's display is a Wayland one whose seat has no keyboard. GDK's seat always has
 * its master keyboard; a slave keyboard is there only while the compositor's seat has one. */
static gboolean lacks_keyboard(GtkWidget *widget) {
#ifdef GDK_WINDOWING_WAYLAND
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!GDK_IS_WAYLAND_DISPLAY(display)) return FALSE;
    GdkSeat *seat = gdk_display_get_default_seat(display);
    if (seat == NULL) return FALSE;
    GList *keyboards = gdk_seat_get_slaves(seat, GDK_SEAT_CAPABILITY_KEYBOARD);
    g_list_free(keyboards);
    return keyboards == NULL;
#else
    return FALSE;
#endif
}

/* CONTEXT (NULL: none) has focus now; the context before loses it. */
static void set_focused(GtkIMContext *context) {
    GtkIMContext *before = focused;
    if (before == context) return;
    if (before != NULL) g_object_remove_weak_pointer(G_OBJECT(before), (gpointer *)&focused);
    focused = context;
    if (context != NULL) g_object_add_weak_pointer(G_OBJECT(context), (gpointer *)&focused);
    if (before != NULL) gtk_im_context_focus_out(before);
    if (context != NULL) gtk_im_context_focus_in(context);
}

/* WINDOW's focus widget is WIDGET's or not, in a window with no keyboard focus. */
static void follow_focus(GtkWindow *window, GtkIMContext *context) {
    if (gtk_window_is_active(window) || !lacks_keyboard(GTK_WIDGET(window))) return;
    GtkWidget *client = keypad_im_context_client_widget((KeypadIMContext *)context);
    if (client == NULL || gtk_widget_get_toplevel(client) != GTK_WIDGET(window)) return;
    if (gtk_window_get_focus(window) == client) {
        set_focused(context);
    } else if (focused == context) {
        set_focused(NULL);
    }
}

static void focus_moved(GtkWindow *window, GtkWidget *widget, gpointer context) {
    follow_focus(window, context);
}

void keypad_im_keyboardless_follow(GtkIMContext *context, GtkWidget *widget) {
    GtkWidget *toplevel = widget != NULL ? gtk_widget_get_toplevel(widget) : NULL;
    if (toplevel == NULL || !GTK_IS_WINDOW(toplevel)) return;
    /* Once per context and window; the handler goes with either. */
    if (g_signal_handler_find(toplevel, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL, focus_moved, context) == 0)
        g_signal_connect_object(toplevel, "set-focus", G_CALLBACK(focus_moved), context, G_CONNECT_AFTER);
    /* The widget may have had focus before it had a window (an app that focuses a field at start). */
    follow_focus(GTK_WINDOW(toplevel), context);
}

#endif
