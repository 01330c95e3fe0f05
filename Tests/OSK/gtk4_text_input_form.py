#!/usr/bin/python3
"""A GTK 4 window with a DIGITS entry and a free-form one, for keypad-osk's tests: GTK 4 talks
text-input-v3 to the compositor itself. It prints `text <name> <text>` each time an entry's
text changes and `activate <name>` when one is activated (the tests read the app's own
value there: GTK 4's accessibility tree carries no text to AT-SPI), and focuses Digits at start."""
import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402


def say(line):
    print(line, flush=True)


def build(app):
    window = Gtk.ApplicationWindow(application=app, title="Keypad GTK 4 form")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    entries = {}
    for name, purpose in (("Digits", Gtk.InputPurpose.DIGITS), ("Name", Gtk.InputPurpose.FREE_FORM)):
        entry = Gtk.Entry(input_purpose=purpose)
        entry.connect("changed", lambda e, n=name: say(f"text {n} {e.get_text()}"))
        entry.connect("activate", lambda e, n=name: say(f"activate {n}"))
        box.append(entry)
        entries[name] = entry
    window.set_child(box)
    window.present()
    GLib.idle_add(lambda: entries["Digits"].grab_focus() and False)
    say("ready")


app = Gtk.Application(application_id="org.keypad.OSKTestGTK4")
app.connect("activate", build)
app.run(None)
