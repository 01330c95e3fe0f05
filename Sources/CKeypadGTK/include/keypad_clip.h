#ifndef KEYPAD_CLIP_H
#define KEYPAD_CLIP_H

/* A GTK 3 container GTK lacks, in C because a GObject subclass needs its class
 * structure: KeypadGTK's SlideContainer clips the keypad to its slid-in part with it. */

#include <gtk/gtk.h>

/* A container of one child that shows the top `shown height` pixels of it, the child
 * keeping its own height (its minimum, or the container's height when taller) and the
 * container's width. Its own GdkWindow clips the child. It asks for exactly the shown
 * height and for the child's width.
 *
 * What a GtkScrolledWindow with a GtkViewport did for the slide, without the viewport's
 * pixel cache: GtkViewport re-arms a 20-second timer at every frame it draws (the cache's
 * expiry, gtkpixelcache.c), which woke an idle keypad 20 s after its last frame. */
GtkWidget *keypad_clip_new(void);

/* Sets the height shown, in pixels (negative counts as 0); resizes the container when it changed. */
void keypad_clip_set_shown_height(GtkWidget *clip, gint height);

/* The height shown, in pixels. */
gint keypad_clip_get_shown_height(GtkWidget *clip);

#endif
