#!/usr/bin/python3
"""A GTK 3 form for make bench's first-keypad timing (scripts/benchmarks/bench-deb), run with
GTK_IM_MODULE=keypad and the installed package.

It starts with focus on a button, so no entry has focus and the module has not shown
anything yet. Once the window is active it moves focus into a DIGITS entry and times,
with CLOCK_MONOTONIC, from the entry's focus-in (its own handler runs before GTK's,
which gives the focus to the input method) to the first `draw` of the keypad's window:
`cold MS` for the first focus-in of the process, then `warm MS` for each of WARM later
ones (focus back on the button, which hides the keypad, then into the entry again).
`loaded_before_focus yes|no` says whether GTK had mapped the module before the first
focus-in (GTK loads it when it first needs the entry's input-method context).

    scripts/benchmarks/deb_bench_app.py [WARM]
"""
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

WARM = int(sys.argv[1]) if len(sys.argv) > 1 else 10


def say(line):
    print(line, flush=True)


def module_mapped():
    with open("/proc/self/maps") as maps:
        return any("im-keypad.so" in line for line in maps)


window = Gtk.Window(title="Keypad first-keypad bench")
window.set_default_size(400, 200)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=16)
button = Gtk.Button(label="Elsewhere")
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
box.pack_start(button, False, False, 0)
box.pack_start(entry, False, False, 0)
window.add(box)
window.connect("destroy", Gtk.main_quit)

state = {"start": None, "runs": 0, "hooked": set()}


def keypad_window():
    for top in Gtk.Window.list_toplevels():
        if top is not window and top.get_title() == "Keypad":
            return top
    return None


def on_keypad_draw(_widget, _cr):
    start = state["start"]
    if start is None:
        return False
    state["start"] = None
    elapsed = (time.monotonic_ns() - start) / 1e6
    say(f"{'cold' if state['runs'] == 0 else 'warm'} {elapsed:.2f}")
    state["runs"] += 1
    GLib.timeout_add(150, next_run)
    return False


def watch_for_keypad():
    """Hooks the keypad window's draw as soon as the module has made it (it may do so in its
    focus-in or later); runs at high priority until then."""
    top = keypad_window()
    if top is None:
        return state["start"] is not None
    if top not in state["hooked"]:
        state["hooked"].add(top)
        top.connect("draw", on_keypad_draw)
    return False


def on_focus_in(_widget, _event):
    if state["runs"] == 0:
        say(f"loaded_before_focus {'yes' if module_mapped() else 'no'}")
    state["start"] = time.monotonic_ns()
    GLib.idle_add(watch_for_keypad, priority=GLib.PRIORITY_HIGH)
    return False


def next_run():
    if state["runs"] > WARM:
        say("done")
        Gtk.main_quit()
        return False
    button.grab_focus()  # the keypad hides
    GLib.timeout_add(400, lambda: entry.grab_focus() and False)
    return False


def begin():
    if not window.is_active():
        return True
    GLib.timeout_add(300, lambda: entry.grab_focus() and False)
    return False


entry.connect("focus-in-event", on_focus_in)
window.show_all()
button.grab_focus()
window.present()
GLib.timeout_add(50, begin)
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
