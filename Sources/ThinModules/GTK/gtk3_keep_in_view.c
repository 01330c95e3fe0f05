/* The focused field kept in view beside keypad-osk's keypad (KeypadFrame), GTK 3: inside a
 * scrolled window, whose child gets a margin as tall as the keypad covers of it, at the bottom
 * for a keypad along the bottom edge and at the top for one along the top (#34: keypad-osk
 * --position top, or auto off a caret), and which scrolls the field into the rest; both given
 * back once no field of the app has the keypad. As the in-process keypad did
 * (KeyboardAvoider). One keypad, one focused field per app: the state is the process's. */
#include <gtk/gtk.h>
#include "keypad_im_context.h"

#if !GTK_CHECK_VERSION(4, 0, 0)

/* Room kept above and below the field, in pixels. */
#define REVEAL_MARGIN 8

/* The keypad's frame (screen coordinates) last told; width 0: none shows. */
static GdkRectangle keypad;
/* Weak pointers: the scrolled window given a margin, its child that has it, the field. */
static GtkWidget *scroller, *inset, *field;
static int base_top, base_bottom;
static gulong allocate_handler;
static guint release_source, measure_source;

static void set_weak(GtkWidget **slot, GtkWidget *widget) {
    if (*slot == widget) return;
    if (*slot != NULL) g_object_remove_weak_pointer(G_OBJECT(*slot), (gpointer *)slot);
    *slot = widget;
    if (widget != NULL) g_object_add_weak_pointer(G_OBJECT(widget), (gpointer *)slot);
}

/* Gives the scrolled window's child its own margin back. */
static void release(void) {
    if (scroller != NULL && allocate_handler != 0) g_signal_handler_disconnect(scroller, allocate_handler);
    allocate_handler = 0;
    if (measure_source != 0) g_source_remove(measure_source);
    measure_source = 0;
    if (inset != NULL) {
        gtk_widget_set_margin_top(inset, base_top);
        gtk_widget_set_margin_bottom(inset, base_bottom);
    }
    set_weak(&scroller, NULL);
    set_weak(&inset, NULL);
    set_weak(&field, NULL);
}

/* Scrolls so the field (with REVEAL_MARGIN) is inside the scrolled window's visible part. */
static void reveal(void) {
    if (scroller == NULL || inset == NULL || field == NULL || !gtk_widget_is_ancestor(field, scroller)) return;
    if (field == inset && GTK_IS_TEXT_VIEW(field)) {
        GtkTextView *view = GTK_TEXT_VIEW(field);
        gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(gtk_text_view_get_buffer(view)));
        return;
    }
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    int x = 0, y = 0;
    if (adjustment == NULL || !gtk_widget_translate_coordinates(field, inset, 0, 0, &x, &y)) return;
    /* In the content's coordinates: where the viewport shows the field, plus the scroll. */
    double value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment);
    double top = y + value - REVEAL_MARGIN, bottom = y + value + gtk_widget_get_allocated_height(field) + REVEAL_MARGIN;
    double target = value;
    if (bottom > target + page) target = bottom - page;
    if (top < target) target = top;
    target = CLAMP(target, gtk_adjustment_get_lower(adjustment),
                   MAX(gtk_adjustment_get_lower(adjustment), gtk_adjustment_get_upper(adjustment) - page));
    if (target != value) gtk_adjustment_set_value(adjustment, target);
}

static void measure(void);

static gboolean measure_now(gpointer data) {
    measure_source = 0;
    measure();
    return G_SOURCE_REMOVE;
}

/* After a new layout (the margin's, or the window's: it went fullscreen, a monitor changed):
 * the field into the page, and the margin measured again once GTK is done allocating (a
 * margin changed from a size-allocate handler would lay the window out again within it). */
static void allocated(GtkWidget *widget, GdkRectangle *allocation, gpointer data) {
    reveal();
    if (measure_source == 0) measure_source = g_idle_add(measure_now, NULL);
}

static void set_margins(int top, int bottom) {
    if (gtk_widget_get_margin_top(inset) != top) gtk_widget_set_margin_top(inset, top);
    if (gtk_widget_get_margin_bottom(inset) != bottom) gtk_widget_set_margin_bottom(inset, bottom);
}

/* The margin the keypad needs, as much as it covers of the scrolled window from the edge it
 * comes from (its middle above the scrolled window's: the top), then the field into the rest. */
static void measure(void) {
    if (scroller == NULL || inset == NULL || keypad.width <= 0) return;
    GtkWidget *toplevel = gtk_widget_get_toplevel(scroller);
    GdkWindow *window = gtk_widget_is_toplevel(toplevel) ? gtk_widget_get_window(toplevel) : NULL;
    int origin_x = 0, origin_y = 0, x = 0, y = 0;
    if (window == NULL || !gtk_widget_translate_coordinates(scroller, toplevel, 0, 0, &x, &y)) return;
    gdk_window_get_origin(window, &origin_x, &origin_y);
    GtkAllocation area;
    gtk_widget_get_allocation(scroller, &area);
    int left = origin_x + x, top = origin_y + y, bottom = top + area.height, covered_top = 0, covered_bottom = 0;
    if (keypad.x < left + area.width && keypad.x + keypad.width > left) {
        if (2 * keypad.y + keypad.height < top + bottom)
            covered_top = CLAMP(keypad.y + keypad.height - top, 0, area.height);
        else
            covered_bottom = CLAMP(bottom - keypad.y, 0, area.height);
    }
    set_margins(base_top + covered_top, base_bottom + covered_bottom);
    reveal();
}

/* Follows WIDGET's scrolled window, if it is in one. */
static void apply(GtkWidget *widget) {
    GtkWidget *around = gtk_widget_get_ancestor(widget, GTK_TYPE_SCROLLED_WINDOW);
    if (around != scroller) release();
    if (around == NULL || keypad.width <= 0) return;
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(around));
    if (child == NULL) return;
    if (scroller == NULL) {
        set_weak(&scroller, around);
        set_weak(&inset, child);
        base_top = gtk_widget_get_margin_top(child);
        base_bottom = gtk_widget_get_margin_bottom(child);
        allocate_handler = g_signal_connect_after(around, "size-allocate", G_CALLBACK(allocated), NULL);
    }
    set_weak(&field, widget);
    measure();
}

void keypad_im_keep_in_view_frame(GtkWidget *widget, int x, int y, int width, int height) {
    keypad = (GdkRectangle){.x = x, .y = y, .width = width > 0 && height > 0 ? width : 0, .height = height};
    if (keypad.width == 0 || widget == NULL) {
        release();
        return;
    }
    apply(widget);
}

void keypad_im_keep_in_view_focus(GtkWidget *widget) {
    if (release_source != 0) g_source_remove(release_source);
    release_source = 0;
    if (widget != NULL && keypad.width > 0) apply(widget);
}

static gboolean release_now(gpointer data) {
    release_source = 0;
    release();
    return G_SOURCE_REMOVE;
}

void keypad_im_keep_in_view_blur(void) {
    if (release_source == 0 && scroller != NULL) release_source = g_idle_add(release_now, NULL);
}
#endif
