#!/usr/bin/python3
"""A one-entry GTK 3 window for `make bench`'s input-method runs, driven by
scripts/benchmarks/bench_taps.py: it prints `key NAME X Y` for the keys to tap ("5" and "Delete"),
then `ready`, then `changed NANOSECONDS` (CLOCK_MONOTONIC) at each change of the entry.

    scripts/benchmarks/im_bench_app.py module     the in-process Swift module's keys (its keypad window
                                                  lives in this process; GTK_IM_MODULE=keypad)
    scripts/benchmarks/im_bench_app.py osk        the thin module's (#31): keypad-osk's keys, found on the
                                                  accessibility bus by scripts/benchmarks/osk_keys.py in
                                                  another process (GTK_IM_MODULE=keypad)
    scripts/benchmarks/im_bench_app.py button     the window's own GtkButtons, inserting on `clicked`
    scripts/benchmarks/im_bench_app.py matchbox   Debian's matchbox-keyboard (a two-key layout of its own)
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

mode = sys.argv[1]
if mode not in ("module", "osk"):
    os.environ["GTK_IM_MODULE"] = "gtk-im-context-simple"

import gi  # noqa: E402

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
from osk_keys import announce_keys  # noqa: E402

MATCHBOX_LAYOUT = """<?xml version="1.0" encoding="UTF-8"?>
<keyboard><layout id="bench"><row>
  <key><default display="5" /></key>
  <key><default display="Del" action="backspace" /></key>
</row></layout></keyboard>
"""


def say(line):
    print(line, flush=True)


window = Gtk.Window(title="IM bench")
window.set_default_size(400, 200)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=16)
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
entry.connect("changed", lambda e: say(f"changed {time.monotonic_ns()}"))
box.pack_start(entry, False, False, 0)
buttons = {}
if mode == "button":
    row = Gtk.Box(spacing=8)
    for name, label in (("5", "5"), ("Delete", "⌫")):
        button = Gtk.Button(label=label, can_focus=False, focus_on_click=False)
        button.set_size_request(120, 60)
        row.pack_start(button, False, False, 0)
        buttons[name] = button
    def insert(_button):
        entry.set_position(entry.insert_text("5", entry.get_position()))

    def delete(_button):
        position = entry.get_position()
        if position > 0:
            entry.delete_text(position - 1, position)

    buttons["5"].connect("clicked", insert)
    buttons["Delete"].connect("clicked", delete)
    box.pack_start(row, False, False, 0)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
window.present()
entry.grab_focus()
matchbox = None


def center(widget):
    _, x, y = widget.get_window().get_origin()
    allocation = widget.get_allocation()
    return x + allocation.x + allocation.width // 2, y + allocation.y + allocation.height // 2


def keypad_buttons():
    """The keypad window's "5" and "Delete" keys (the module's window lives in this process)."""
    found = {}
    for top in Gtk.Window.list_toplevels():
        if top.get_title() != "Keypad" or not top.get_mapped():
            continue
        stack = [top]
        while stack:
            widget = stack.pop()
            if isinstance(widget, Gtk.Button) and widget.get_mapped():
                name = widget.get_accessible().get_name()
                if name in ("5", "Delete"):
                    found[name] = widget
            if isinstance(widget, Gtk.Container):
                stack.extend(widget.get_children())
    return found


def matchbox_keys():
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Keyboard$"],
                         capture_output=True, text=True).stdout.split()
    if not ids:
        return None
    shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", ids[0]], capture_output=True, text=True).stdout
    geometry = dict(line.split("=") for line in shell.split())
    x, y, w, h = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    return {"5": (x + w // 4, y + h // 2), "Delete": (x + 3 * w // 4, y + h // 2)}


last = [None, 0]


def announce():
    if mode == "button":
        keys = {name: center(button) for name, button in buttons.items()}
    elif mode == "module":
        found = keypad_buttons()
        keys = {name: center(button) for name, button in found.items()} if len(found) == 2 else None
    else:
        keys = matchbox_keys()
    # Wait until the keys have stayed put for a few looks (the keypad slides in).
    if keys is None or keys != last[0]:
        last[0], last[1] = keys, 0
        return True
    last[1] += 1
    if last[1] < 5:
        return True
    for name, (x, y) in keys.items():
        say(f"key {name} {x} {y}")
    say("ready")
    return False


if mode == "matchbox":
    home = tempfile.mkdtemp()
    os.makedirs(os.path.join(home, ".matchbox"))
    with open(os.path.join(home, ".matchbox", "keyboard.xml"), "w") as f:
        f.write(MATCHBOX_LAYOUT)
    matchbox = subprocess.Popen(["matchbox-keyboard"], env=dict(os.environ, HOME=home),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    window.connect("destroy", lambda w: matchbox.terminate())
if mode == "osk":
    GLib.timeout_add(100, lambda: announce_keys(["5", "Delete"], say) or False)
else:
    GLib.timeout_add(100, announce)
# bench_taps.py ends the run with SIGTERM: quit the main loop so matchbox-keyboard goes too.
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: Gtk.main_quit() or False)
try:
    Gtk.main()
finally:
    if matchbox is not None:
        matchbox.terminate()
