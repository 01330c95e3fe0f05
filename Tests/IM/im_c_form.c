/* A small GTK 3 program in C for the keypad IM module's tests: one DIGITS entry named
 * "Code" that prints "activate <text>" when activated, and a text view. It knows
 * nothing of the keypad; GTK_IM_MODULE=keypad brings it. */
#include <gtk/gtk.h>
#include <stdio.h>

static void activated(GtkEntry *entry, gpointer data) {
    (void)data;
    printf("activate %s\n", gtk_entry_get_text(entry));
    fflush(stdout);
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "Keypad IM C form");
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 300);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_container_set_border_width(GTK_CONTAINER(box), 16);
    GtkWidget *entry = gtk_entry_new();
    gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_DIGITS);
    atk_object_set_name(gtk_widget_get_accessible(entry), "Code");
    g_signal_connect(entry, "activate", G_CALLBACK(activated), NULL);
    GtkWidget *view = gtk_text_view_new();
    atk_object_set_name(gtk_widget_get_accessible(view), "Notes");
    gtk_box_pack_start(GTK_BOX(box), entry, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), view, TRUE, TRUE, 0);
    gtk_container_add(GTK_CONTAINER(window), box);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_window_set_focus(GTK_WINDOW(window), NULL);
    gtk_main();
    return 0;
}
