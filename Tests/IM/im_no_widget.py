#!/usr/bin/python3
"""A GTK 3 program whose input-method context has no client window, as apps that read
keys from X themselves use it (the way Chromium's GTK code does between key events): a
GtkIMMulticontext focused with the window, no GtkWidget behind it. It prints each commit
and each key press its window gets from X."""
import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

window = Gtk.Window(title="No widget")
window.set_default_size(400, 300)
window.add(Gtk.Label(label="Keys go to an IM context with no widget"))
context = Gtk.IMMulticontext()
context.connect("commit", lambda _context, text: print("commit", text, flush=True))
window.connect("key-press-event", lambda _window, event: print("key", Gdk.keyval_name(event.keyval), flush=True))
window.connect("focus-in-event", lambda *_: context.focus_in())
window.connect("focus-out-event", lambda *_: context.focus_out())
window.connect("destroy", Gtk.main_quit)
window.show_all()
print("ready", flush=True)
Gtk.main()
