#!/usr/bin/python3
"""A one-entry GTK 4 window for `make bench`'s GTK 4 module runs (scripts/benchmarks/bench-gtk4).

    gtk4_bench_app.py taps    for scripts/benchmarks/bench_taps.py: focuses its DIGITS entry,
                              prints `key NAME X Y` for keypad-osk's "5" and "Delete" keys (found
                              by scripts/benchmarks/osk_keys.py, another process: the app never
                              waits on the accessibility bus itself), then `ready`, then
                              `changed NANOSECONDS` (CLOCK_MONOTONIC) at each change of the entry.
    gtk4_bench_app.py button  the same window's own GtkButtons "5" and "Delete" instead (they act
                              on release), for what GTK 4 itself costs against GTK 3's
                              im_bench_app.py button.
    gtk4_bench_app.py focus   reads lines on standard input: `entry` focuses the entry and
                              prints `focus NANOSECONDS`; `button` focuses a button (the entry's
                              field loses focus, the keypad hides).

Run with GTK_PATH naming the module's folder and GTK_IM_MODULE=keypad. With KEYPAD_FORM_GTK=3 the
`taps` and `focus` modes run the same window in GTK 3, for the thin GTK 3 module (#31; run with
GTK_IM_MODULE_FILE naming its cache).
"""
import os
import subprocess
import sys
import time

import gi

GTK4 = os.environ.get("KEYPAD_FORM_GTK", "4") == "4"
gi.require_version("Gtk", "4.0" if GTK4 else "3.0")
gi.require_version("GdkX11", "4.0" if GTK4 else "3.0")
from gi.repository import GdkX11, GLib, Gtk  # noqa: E402, F401  (GdkX11: the surface's get_xid)

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
from osk_keys import announce_keys  # noqa: E402

mode = sys.argv[1]
assert GTK4 or mode != "button", "the button mode is GTK 4's (GTK 3's is im_bench_app.py button)"


def say(line):
    print(line, flush=True)


window = Gtk.Window(title="GTK 4 bench")
window.set_default_size(400, 200)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
entry.connect("changed", lambda e: say(f"changed {time.monotonic_ns()}"))
button = Gtk.Button(label="Elsewhere")
for widget in (entry, button):
    box.append(widget) if GTK4 else box.pack_start(widget, False, False, 0)
buttons = {}
if mode == "button":
    row = Gtk.Box(spacing=8)
    for name, label in (("5", "5"), ("Delete", "⌫")):
        buttons[name] = Gtk.Button(label=label, can_focus=False, focus_on_click=False)
        buttons[name].set_size_request(120, 60)
        row.append(buttons[name])
    text = entry.get_buffer()
    buttons["5"].connect("clicked", lambda b: text.insert_text(text.get_length(), "5", 1))
    buttons["Delete"].connect("clicked", lambda b: text.get_length() and text.delete_text(text.get_length() - 1, 1))
    box.append(row)
window.set_child(box) if GTK4 else window.add(box)
loop = GLib.MainLoop()
window.connect("close-request" if GTK4 else "delete-event", lambda *_: loop.quit() or False)


def start_taps():
    entry.grab_focus()
    announce_keys(["5", "Delete"], say)
    return False


def command(channel, condition):
    line = channel.readline().strip()
    if not line:
        loop.quit()
        return False
    if line == "entry":
        say(f"focus {time.monotonic_ns()}")
        entry.grab_focus()
    elif line == "button":
        button.grab_focus()
    return True


def announce_buttons():
    """The buttons' centres on screen: the X window's origin, the surface's shadow, the bounds."""
    shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window.get_surface().get_xid())],
                           capture_output=True, text=True).stdout
    geometry = dict(line.split("=") for line in shell.split())
    dx, dy = window.get_surface_transform()
    for name, button in buttons.items():
        _, bounds = button.compute_bounds(window)
        x = int(geometry["X"]) + dx + bounds.origin.x + bounds.size.width / 2
        y = int(geometry["Y"]) + dy + bounds.origin.y + bounds.size.height / 2
        say(f"key {name} {int(x)} {int(y)}")
    say("ready")
    return False


if not GTK4:
    window.show_all()
window.present()
if mode == "button":
    entry.grab_focus()
    GLib.timeout_add(800, announce_buttons)
elif mode == "taps":
    GLib.timeout_add(300, start_taps)
else:
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT,
                      GLib.IOCondition.IN | GLib.IOCondition.HUP, command)
    GLib.idle_add(lambda: say("ready") or False)
loop.run()
