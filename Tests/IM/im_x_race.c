/* The race of a foreign X window destroyed between the module's lookup and its call, made
 * deterministic: a GTK 3 host (GTK's default X error handler, which ends the app on an
 * untrapped X error) loads the module's library and hands its X11 helpers a window that
 * is already destroyed, then a live one. It prints what each returned and "survived".
 *
 *   im-x-race PATH/TO/libKeypadIM.so
 */
#include <dlfcn.h>
#include <stdio.h>
#include <gtk/gtk.h>
#include <gdk/gdkx.h>

typedef gboolean (*WindowFrame)(gulong, GdkRectangle *);
typedef gboolean (*StackOver)(GdkWindow *, gulong);

static Window make_window(Display *xdisplay, int width, int height) {
    Window window = XCreateSimpleWindow(xdisplay, DefaultRootWindow(xdisplay), 0, 0, width, height, 0, 0, 0);
    XSync(xdisplay, False);
    return window;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: im-x-race PATH/TO/libKeypadIM.so\n");
        return 2;
    }
    gtk_init(&argc, &argv);
    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    WindowFrame frame_of = module ? (WindowFrame)dlsym(module, "keypad_im_x_window_frame") : NULL;
    StackOver stack_over = module ? (StackOver)dlsym(module, "keypad_im_stack_over_x_window") : NULL;
    if (!frame_of || !stack_over) {
        fprintf(stderr, "im-x-race: %s\n", dlerror());
        return 2;
    }
    GtkWidget *own = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_widget_realize(own);
    Display *xdisplay = gdk_x11_display_get_xdisplay(gdk_display_get_default());

    Window gone = make_window(xdisplay, 120, 40);
    XDestroyWindow(xdisplay, gone);
    XSync(xdisplay, False);
    GdkRectangle frame = {0, 0, 0, 0};
    printf("destroyed frame %s\n", frame_of(gone, &frame) ? "TRUE" : "FALSE");
    printf("destroyed stack %s\n", stack_over(gtk_widget_get_window(own), gone) ? "TRUE" : "FALSE");

    Window live = make_window(xdisplay, 120, 40);
    gboolean found = frame_of(live, &frame);
    printf("live frame %s %dx%d\n", found ? "TRUE" : "FALSE", frame.width, frame.height);
    printf("live stack %s\n", stack_over(gtk_widget_get_window(own), live) ? "TRUE" : "FALSE");

    /* Any error still on its way reaches GTK's handler before this line. */
    XSync(xdisplay, False);
    while (g_main_context_iteration(NULL, FALSE)) {}
    printf("survived\n");
    return 0;
}
