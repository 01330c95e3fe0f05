#!/usr/bin/python3
"""The plain Python GTK 3 app make bench compares memory with: a 540×720 window with
the bundled theme, an entry and a button that inserts "5" into it. Prints `ready`
once shown and stays until killed."""
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

settings = Gtk.Settings.get_default()
settings.set_property("gtk-enable-animations", False)
if len(sys.argv) > 1:
    provider = Gtk.CssProvider()
    provider.load_from_path(sys.argv[1])
    Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
window = Gtk.Window(title="Plain GTK")
window.set_default_size(540, 720)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
entry = Gtk.Entry()
button = Gtk.Button(label="5")
button.set_can_focus(False)
button.connect("clicked", lambda _: entry.insert_text("5", entry.get_position()))
box.pack_start(entry, False, False, 0)
box.pack_start(button, False, False, 0)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
entry.grab_focus()
GLib.timeout_add(500, lambda: print("ready", flush=True) and False)
Gtk.main()
