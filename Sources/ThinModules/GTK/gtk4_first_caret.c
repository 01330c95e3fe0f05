/* GTK 4 on X11: a field's FocusIn waits for its caret (#34). keypad-osk places its keypad off the
 * caret a FocusIn carries; GTK 4 tells a field's caret (set_cursor_location) only as it lays the
 * field out, after the focus (measured: the first FocusIn carried none, and its caret came 4 ms
 * later, then went out as SetCursorRect 110-270 ms after FocusIn: a keypad-osk already running
 * placed the keypad at the bottom, then moved it to the top). So a FocusIn whose caret is not
 * known yet waits for the caret, at most until the field's window has painted its next frame
 * (the layout that tells the caret comes before the paint in a frame), or a second where no
 * frame comes. */
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if GTK_CHECK_VERSION(4, 0, 0)

/* The longest a FocusIn waits where the field's window paints no frame. */
#define CARET_WAIT_MS 1000

#define WAIT_KEY "keypad-caret-wait"

typedef struct {
    GtkIMContext *context; /* not referenced: the wait goes with it (object data) */
    void (*ready)(GtkIMContext *context);
    GdkFrameClock *clock; /* referenced while connected */
    gulong paint_handler;
    guint timeout_source;
} CaretWait;

static void free_wait(gpointer data) {
    CaretWait *wait = data;
    if (wait->clock != NULL) {
        g_signal_handler_disconnect(wait->clock, wait->paint_handler);
        g_object_unref(wait->clock);
    }
    if (wait->timeout_source != 0) g_source_remove(wait->timeout_source);
    g_free(wait);
}

/* Ends CONTEXT's wait, if any; whether there was one. READY runs when SEND. */
static gboolean finish(GtkIMContext *context, gboolean send) {
    CaretWait *wait = g_object_get_data(G_OBJECT(context), WAIT_KEY);
    if (wait == NULL) return FALSE;
    void (*ready)(GtkIMContext *) = wait->ready;
    g_object_set_data(G_OBJECT(context), WAIT_KEY, NULL); /* frees it */
    if (send) ready(context);
    return TRUE;
}

static void painted(GdkFrameClock *clock, gpointer data) {
    finish(data, TRUE);
}

static gboolean timed_out(gpointer data) {
    CaretWait *wait = g_object_get_data(G_OBJECT(data), WAIT_KEY);
    if (wait != NULL) wait->timeout_source = 0; /* returning REMOVE removes it */
    finish(data, TRUE);
    return G_SOURCE_REMOVE;
}

gboolean keypad_im_caret_wait(GtkIMContext *context, GtkWidget *client, void (*ready)(GtkIMContext *context)) {
    if (client == NULL) return FALSE;
    if (g_object_get_data(G_OBJECT(context), WAIT_KEY) != NULL) return TRUE;
    CaretWait *wait = g_new0(CaretWait, 1);
    wait->context = context;
    wait->ready = ready;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(client);
    if (clock != NULL) {
        wait->clock = g_object_ref(clock);
        wait->paint_handler = g_signal_connect(clock, "after-paint", G_CALLBACK(painted), context);
        gtk_widget_queue_draw(client); /* a frame comes, even in a window with nothing else to draw */
    }
    wait->timeout_source = g_timeout_add(CARET_WAIT_MS, timed_out, context);
    g_object_set_data_full(G_OBJECT(context), WAIT_KEY, wait, free_wait);
    return TRUE;
}

gboolean keypad_im_caret_arrived(GtkIMContext *context) {
    return finish(context, TRUE);
}

void keypad_im_caret_cancel(GtkIMContext *context) {
    finish(context, FALSE);
}
#endif
