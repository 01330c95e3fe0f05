#!/usr/bin/python3
"""A fullscreen GTK 4 window for keypad-osk's caret tests (#34, Tests/OSK/caret_checks.py): a
DIGITS entry Top at the top and one, Bottom, near the bottom, both yellow. It prints
`rect <name> X,Y,W,H` for each entry once laid out (the window fills the output, so these are
the output's pixels), focuses Bottom at start, prints `text <name> <text>` each time an entry's text changes, and takes
`focus <name>` lines on its standard input (the app moving focus, as Tab does)."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

CSS = b"entry { background: #ffff00; min-height: 40px; }"


def say(line):
    print(line, flush=True)


def build(app):
    window = Gtk.ApplicationWindow(application=app, title="Keypad GTK 4 caret")
    provider = Gtk.CssProvider()
    provider.load_from_data(CSS)
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider,
                                              Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, margin_top=20, margin_bottom=40, margin_start=400,
                  margin_end=580)
    entries = {}
    for name in ("Top", "Bottom"):
        entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
        entry.connect("changed", lambda e, n=name: say(f"text {n} {e.get_text()}"))
        entries[name] = entry
    box.append(entries["Top"])
    box.append(Gtk.Box(vexpand=True))
    box.append(entries["Bottom"])
    window.set_child(box)
    window.fullscreen()
    # Bottom is the window's focus from its first frame: no other entry has focus before it.
    window.set_focus(entries["Bottom"])
    window.present()

    def report():
        # Once fullscreen and laid out: Bottom at the window's bottom, below its margin.
        found = {name: entry.compute_bounds(window) for name, entry in entries.items()}
        if not all(ok for ok, _ in found.values()):
            return True
        bounds = {name: b for name, (_, b) in found.items()}
        bottom = bounds["Bottom"].get_y() + bounds["Bottom"].get_height() + 40
        if window.get_height() < 600 or bottom != window.get_height():
            return True
        for name, b in bounds.items():
            say(f"rect {name} {int(b.get_x())},{int(b.get_y())},{int(b.get_width())},{int(b.get_height())}")
        return False
    GLib.timeout_add(100, report)

    def command(source, condition):
        line = sys.stdin.readline()
        if not line:
            return False
        parts = line.split()
        if parts[:1] == ["focus"] and parts[1] in entries:
            entries[parts[1]].grab_focus()
        return True
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                      command)


app = Gtk.Application(application_id="org.keypad.OSKTestGTK4Caret")
app.connect("activate", build)
app.run(None)
