/* The focused field kept in view beside keypad-osk's keypad (KeypadFrame), GTK 3 and GTK 4: inside
 * a scrolled window, whose child gets a margin as tall as the keypad covers of it, at the bottom
 * for a keypad along the bottom edge and at the top for one along the top (#34: keypad-osk
 * --position top, or auto off a caret), and which scrolls the field into the rest; both given
 * back once no field of the app has the keypad. As the in-process keypad did
 * (KeyboardAvoider). One keypad, one focused field per app: the state is the process's.
 *
 * One rule for both GTKs (covered_margins); where they differ (the scrolled window's child, its
 * place on screen, the hook after a layout) GTK_CHECK_VERSION(4, 0, 0) chooses. */
#include <gtk/gtk.h>
#include "keypad_im_context.h"
#if GTK_CHECK_VERSION(4, 0, 0) && defined(GDK_WINDOWING_X11)
#include <gdk/x11/gdkx.h>
#endif

/* Room kept above and below the field, in pixels. */
#define REVEAL_MARGIN 8

/* The keypad's frame (screen coordinates) last told; width 0: none shows. */
static GdkRectangle keypad;
/* Weak pointers: the scrolled window given a margin, its child that has it, the field. */
static GtkWidget *scroller, *inset, *field;
static int base_top, base_bottom;
/* What tells of a new layout: GTK 3 the scrolled window's size-allocate; GTK 4 (no
 * size-allocate signal) its vertical adjustment's `changed` (a new page size or content height),
 * a reference held while connected. */
static gulong allocate_handler;
#if GTK_CHECK_VERSION(4, 0, 0)
static GtkAdjustment *watched;
#endif
static guint release_source, measure_source;

static void set_weak(GtkWidget **slot, GtkWidget *widget) {
    if (*slot == widget) return;
    if (*slot != NULL) g_object_remove_weak_pointer(G_OBJECT(*slot), (gpointer *)slot);
    *slot = widget;
    if (widget != NULL) g_object_add_weak_pointer(G_OBJECT(widget), (gpointer *)slot);
}

/* The rule: how much of AREA (a scrolled window's rectangle on screen) the keypad covers, from
 * the edge it comes from: its middle above the area's, from the top (COVERED_TOP), else from the
 * bottom (COVERED_BOTTOM); nothing where it is beside the area. */
static void covered_margins(GdkRectangle area, int *covered_top, int *covered_bottom) {
    *covered_top = *covered_bottom = 0;
    if (keypad.width <= 0 || keypad.x >= area.x + area.width || keypad.x + keypad.width <= area.x) return;
    int bottom = area.y + area.height;
    if (2 * keypad.y + keypad.height < area.y + bottom)
        *covered_top = CLAMP(keypad.y + keypad.height - area.y, 0, area.height);
    else
        *covered_bottom = CLAMP(bottom - keypad.y, 0, area.height);
}

/* ---- Where the GTKs differ ---- */

static GtkWidget *scrolled_child(GtkWidget *scrolled) {
#if GTK_CHECK_VERSION(4, 0, 0)
    return gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(scrolled));
#else
    return gtk_bin_get_child(GTK_BIN(scrolled));
#endif
}

/* WIDGET's top and height within ANCESTOR (where ANCESTOR shows it: scrolled). */
static gboolean vertical_bounds(GtkWidget *widget, GtkWidget *ancestor, double *y, double *height) {
#if GTK_CHECK_VERSION(4, 0, 0)
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(widget, ancestor, &bounds)) return FALSE;
    *y = bounds.origin.y;
    *height = bounds.size.height;
#else
    int x = 0, top = 0;
    if (!gtk_widget_translate_coordinates(widget, ancestor, 0, 0, &x, &top)) return FALSE;
    *y = top;
    *height = gtk_widget_get_allocated_height(widget);
#endif
    return TRUE;
}

#if GTK_CHECK_VERSION(4, 0, 0)
/* Where SURFACE's top left is on screen. On X11 the X server says (in an error trap: the window
 * may be going); elsewhere (Wayland) no client can know: a kiosk's fullscreen or maximized window
 * starts at its output's origin, where keypad-osk's frames start too (GDK 3 reads 0,0 there). */
static void surface_origin(GdkSurface *surface, int *x, int *y) {
    *x = *y = 0;
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(surface)) return;
    GdkDisplay *display = gdk_surface_get_display(surface);
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window child = None;
    gdk_x11_display_error_trap_push(display);
    if (!XTranslateCoordinates(xdisplay, gdk_x11_surface_get_xid(surface), DefaultRootWindow(xdisplay), 0, 0, x, y,
                               &child))
        *x = *y = 0;
    if (gdk_x11_display_error_trap_pop(display) != 0) *x = *y = 0;
#endif
}
#endif

/* WIDGET's rectangle on screen. */
static gboolean screen_rect(GtkWidget *widget, GdkRectangle *rect) {
#if GTK_CHECK_VERSION(4, 0, 0)
    GtkNative *native = gtk_widget_get_native(widget);
    GdkSurface *surface = native != NULL ? gtk_native_get_surface(native) : NULL;
    graphene_rect_t bounds;
    if (surface == NULL || !gtk_widget_compute_bounds(widget, GTK_WIDGET(native), &bounds)) return FALSE;
    double dx = 0, dy = 0;
    int x = 0, y = 0;
    gtk_native_get_surface_transform(native, &dx, &dy);
    surface_origin(surface, &x, &y);
    *rect = (GdkRectangle){.x = x + (int)(bounds.origin.x + dx), .y = y + (int)(bounds.origin.y + dy),
                           .width = (int)bounds.size.width, .height = (int)bounds.size.height};
#else
    GtkWidget *toplevel = gtk_widget_get_toplevel(widget);
    GdkWindow *window = gtk_widget_is_toplevel(toplevel) ? gtk_widget_get_window(toplevel) : NULL;
    int origin_x = 0, origin_y = 0, x = 0, y = 0;
    if (window == NULL || !gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &x, &y)) return FALSE;
    gdk_window_get_origin(window, &origin_x, &origin_y);
    *rect = (GdkRectangle){.x = origin_x + x, .y = origin_y + y, .width = gtk_widget_get_allocated_width(widget),
                           .height = gtk_widget_get_allocated_height(widget)};
#endif
    return TRUE;
}

/* ---- The margin and the scroll ---- */

static void unwatch_layouts(void) {
#if GTK_CHECK_VERSION(4, 0, 0)
    if (watched != NULL && allocate_handler != 0) g_signal_handler_disconnect(watched, allocate_handler);
    g_clear_object(&watched);
#else
    if (scroller != NULL && allocate_handler != 0) g_signal_handler_disconnect(scroller, allocate_handler);
#endif
    allocate_handler = 0;
}

/* Gives the scrolled window's child its own margin back. */
static void release(void) {
    unwatch_layouts();
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
    double y = 0, height = 0;
    if (adjustment == NULL || !vertical_bounds(field, inset, &y, &height)) return;
    /* In the content's coordinates: where the viewport shows the field, plus the scroll. */
    double value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment);
    double top = y + value - REVEAL_MARGIN, bottom = y + value + height + REVEAL_MARGIN;
    double target = value;
    if (bottom > target + page) target = bottom - page;
    if (top < target) target = top;
    target = CLAMP(target, gtk_adjustment_get_lower(adjustment),
                   MAX(gtk_adjustment_get_lower(adjustment), gtk_adjustment_get_upper(adjustment) - page));
    if (target != value) gtk_adjustment_set_value(adjustment, target);
}

static void set_margins(int top, int bottom) {
    if (gtk_widget_get_margin_top(inset) != top) gtk_widget_set_margin_top(inset, top);
    if (gtk_widget_get_margin_bottom(inset) != bottom) gtk_widget_set_margin_bottom(inset, bottom);
}

/* The margin the keypad needs (covered_margins), then the field into the rest. */
static void measure(void) {
    GdkRectangle area;
    if (scroller == NULL || inset == NULL || keypad.width <= 0 || !screen_rect(scroller, &area)) return;
    int covered_top = 0, covered_bottom = 0;
    covered_margins(area, &covered_top, &covered_bottom);
    set_margins(base_top + covered_top, base_bottom + covered_bottom);
    reveal();
}

static gboolean measure_now(gpointer data) {
    measure_source = 0;
    measure();
    return G_SOURCE_REMOVE;
}

/* After a new layout (the margin's, or the window's: it went fullscreen, a monitor changed):
 * the margin measured again and the field into the page once GTK is done allocating (a margin
 * changed from within an allocation would lay the window out again within it). GTK 3 also
 * scrolls at once, as its size-allocate comes after the layout. */
#if GTK_CHECK_VERSION(4, 0, 0)
static void laid_out(GtkAdjustment *adjustment, gpointer data) {
#else
static void laid_out(GtkWidget *widget, GdkRectangle *allocation, gpointer data) {
    reveal();
#endif
    if (measure_source == 0) measure_source = g_idle_add(measure_now, NULL);
}

static void watch_layouts(GtkWidget *around) {
#if GTK_CHECK_VERSION(4, 0, 0)
    watched = g_object_ref(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(around)));
    allocate_handler = g_signal_connect(watched, "changed", G_CALLBACK(laid_out), NULL);
#else
    allocate_handler = g_signal_connect_after(around, "size-allocate", G_CALLBACK(laid_out), NULL);
#endif
}

/* Follows WIDGET's scrolled window, if it is in one. */
static void apply(GtkWidget *widget) {
    GtkWidget *around = gtk_widget_get_ancestor(widget, GTK_TYPE_SCROLLED_WINDOW);
    if (around != scroller) release();
    if (around == NULL || keypad.width <= 0) return;
    GtkWidget *child = scrolled_child(around);
    if (child == NULL) return;
    if (scroller == NULL) {
        set_weak(&scroller, around);
        set_weak(&inset, child);
        base_top = gtk_widget_get_margin_top(child);
        base_bottom = gtk_widget_get_margin_bottom(child);
        watch_layouts(around);
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
