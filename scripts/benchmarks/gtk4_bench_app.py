#!/usr/bin/python3
"""A one-entry GTK 4 window for `make bench`'s GTK 4 module runs (scripts/benchmarks/bench-gtk4).

    gtk4_bench_app.py taps    for scripts/benchmarks/bench_taps.py: focuses its DIGITS entry,
                              prints `key NAME X Y` for keypad-osk's "5" and "Delete" keys (found
                              by scripts/benchmarks/osk_keys.py, another process: the app never
                              waits on the accessibility bus itself), then `ready`, then
                              `changed NANOSECONDS` (CLOCK_MONOTONIC) at each change of the entry.
    gtk4_bench_app.py focus   reads lines on standard input: `entry` focuses the entry and
                              prints `focus NANOSECONDS`; `button` focuses a button (the entry's
                              field loses focus, the keypad hides).

Run with GTK_PATH naming the module's folder and GTK_IM_MODULE=keypad.
"""
import os
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

mode = sys.argv[1]


def say(line):
    print(line, flush=True)


window = Gtk.Window(title="GTK 4 bench")
window.set_default_size(400, 200)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
entry.connect("changed", lambda e: say(f"changed {time.monotonic_ns()}"))
button = Gtk.Button(label="Elsewhere")
box.append(entry)
box.append(button)
window.set_child(box)
loop = GLib.MainLoop()
window.connect("close-request", lambda *_: loop.quit() or False)


def keys_found(channel, condition):
    line = channel.readline()
    if not line:
        say("ready")
        return False
    say(line.rstrip("\n"))
    return True


def start_taps():
    entry.grab_focus()
    finder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "osk_keys.py")
    _, _, stdout, _ = GLib.spawn_async(["/usr/bin/python3", finder, "5", "Delete"], standard_output=True,
                                       flags=GLib.SpawnFlags.DEFAULT)
    GLib.io_add_watch(GLib.IOChannel.unix_new(stdout), GLib.PRIORITY_DEFAULT,
                      GLib.IOCondition.IN | GLib.IOCondition.HUP, keys_found)
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


window.present()
if mode == "taps":
    GLib.timeout_add(300, start_taps)
else:
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT,
                      GLib.IOCondition.IN | GLib.IOCondition.HUP, command)
    GLib.idle_add(lambda: say("ready") or False)
loop.run()
