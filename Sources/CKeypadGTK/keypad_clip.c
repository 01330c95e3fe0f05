#include "keypad_clip.h"

typedef struct {
    GtkBin parent;
    gint shown_height;
} KeypadClip;

typedef struct {
    GtkBinClass parent_class;
} KeypadClipClass;

static GType keypad_clip_get_type(void);
static gpointer keypad_clip_parent_class;

#define KEYPAD_CLIP(widget) (G_TYPE_CHECK_INSTANCE_CAST((widget), keypad_clip_get_type(), KeypadClip))
#define KEYPAD_IS_CLIP(widget) (G_TYPE_CHECK_INSTANCE_TYPE((widget), keypad_clip_get_type()))

static GtkWidget *visible_child(GtkWidget *widget) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    return child != NULL && gtk_widget_get_visible(child) ? child : NULL;
}

static void keypad_clip_realize(GtkWidget *widget) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    gtk_widget_set_realized(widget, TRUE);
    GdkWindowAttr attributes = {
        .x = allocation.x,
        .y = allocation.y,
        .width = allocation.width,
        .height = allocation.height,
        .wclass = GDK_INPUT_OUTPUT,
        .visual = gtk_widget_get_visual(widget),
        .window_type = GDK_WINDOW_CHILD,
        .event_mask = gtk_widget_get_events(widget),
    };
    GdkWindow *window = gdk_window_new(gtk_widget_get_parent_window(widget), &attributes,
                                       GDK_WA_X | GDK_WA_Y | GDK_WA_VISUAL);
    gtk_widget_set_window(widget, window);
    gtk_widget_register_window(widget, window);
}

static void keypad_clip_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    gtk_widget_set_allocation(widget, allocation);
    if (gtk_widget_get_realized(widget)) {
        gdk_window_move_resize(gtk_widget_get_window(widget), allocation->x, allocation->y, allocation->width,
                               allocation->height);
    }
    GtkWidget *child = visible_child(widget);
    if (child == NULL) return;
    /* As a viewport allocates its child: at least its minimum size, else the view's. */
    gint minimum_width = 0, minimum_height = 0;
    gtk_widget_get_preferred_width(child, &minimum_width, NULL);
    gint width = MAX(allocation->width, minimum_width);
    gtk_widget_get_preferred_height_for_width(child, width, &minimum_height, NULL);
    GtkAllocation child_allocation = { 0, 0, width, MAX(allocation->height, minimum_height) };
    gtk_widget_size_allocate(child, &child_allocation);
}

static void keypad_clip_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    *minimum = *natural = 0;
    GtkWidget *child = visible_child(widget);
    if (child != NULL) gtk_widget_get_preferred_width(child, minimum, natural);
}

static void keypad_clip_get_preferred_width_for_height(GtkWidget *widget, gint height, gint *minimum,
                                                       gint *natural) {
    keypad_clip_get_preferred_width(widget, minimum, natural);
}

static void keypad_clip_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    *minimum = *natural = KEYPAD_CLIP(widget)->shown_height;
}

static void keypad_clip_get_preferred_height_for_width(GtkWidget *widget, gint width, gint *minimum,
                                                       gint *natural) {
    keypad_clip_get_preferred_height(widget, minimum, natural);
}

/* The node's own CSS background and frame (none unless a theme styles `keypadclip`), as a
 * viewport draws its own, then the child. */
static gboolean keypad_clip_draw(GtkWidget *widget, cairo_t *cr) {
    if (gtk_cairo_should_draw_window(cr, gtk_widget_get_window(widget))) {
        GtkStyleContext *context = gtk_widget_get_style_context(widget);
        gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
        gtk_render_background(context, cr, 0, 0, width, height);
        gtk_render_frame(context, cr, 0, 0, width, height);
    }
    return GTK_WIDGET_CLASS(keypad_clip_parent_class)->draw(widget, cr);
}

static GtkSizeRequestMode keypad_clip_get_request_mode(GtkWidget *widget) {
    return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void keypad_clip_class_init(gpointer class, gpointer data) {
    keypad_clip_parent_class = g_type_class_peek_parent(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    widget_class->realize = keypad_clip_realize;
    widget_class->size_allocate = keypad_clip_size_allocate;
    widget_class->draw = keypad_clip_draw;
    widget_class->get_request_mode = keypad_clip_get_request_mode;
    widget_class->get_preferred_width = keypad_clip_get_preferred_width;
    widget_class->get_preferred_width_for_height = keypad_clip_get_preferred_width_for_height;
    widget_class->get_preferred_height = keypad_clip_get_preferred_height;
    widget_class->get_preferred_height_for_width = keypad_clip_get_preferred_height_for_width;
    gtk_widget_class_set_css_name(widget_class, "keypadclip");
}

static void keypad_clip_init(GTypeInstance *instance, gpointer class) {
    gtk_widget_set_has_window(GTK_WIDGET(instance), TRUE);
    gtk_widget_set_redraw_on_allocate(GTK_WIDGET(instance), FALSE);
}

/* The type, registered at the first call. A process can hold two copies of this code (an app
 * linking KeypadGTK that also loads the GTK module, which never unloads): the second copy
 * takes the type the first registered, of the same layout, rather than failing to register
 * the name again. */
static GType keypad_clip_get_type(void) {
    static gsize type = 0;
    if (g_once_init_enter(&type)) {
        GType existing = g_type_from_name("KeypadClip");
        GType registered = existing != 0 ? existing
                                         : g_type_register_static_simple(GTK_TYPE_BIN, "KeypadClip",
                                                                         sizeof(KeypadClipClass), keypad_clip_class_init,
                                                                         sizeof(KeypadClip), keypad_clip_init, 0);
        g_once_init_leave(&type, registered);
    }
    return type;
}

GtkWidget *keypad_clip_new(void) { return g_object_new(keypad_clip_get_type(), NULL); }

void keypad_clip_set_shown_height(GtkWidget *clip, gint height) {
    g_return_if_fail(KEYPAD_IS_CLIP(clip));
    height = MAX(height, 0);
    if (KEYPAD_CLIP(clip)->shown_height == height) return;
    KEYPAD_CLIP(clip)->shown_height = height;
    gtk_widget_queue_resize(clip);
}

gint keypad_clip_get_shown_height(GtkWidget *clip) {
    g_return_val_if_fail(KEYPAD_IS_CLIP(clip), 0);
    return KEYPAD_CLIP(clip)->shown_height;
}
