#!/usr/bin/python3
"""The first keypad for a Qt field (scripts/benchmarks/qt_bench_app.py first), Keypad's
plug-in against Qt Virtual Keyboard: an XTest tap on the field (neither opens on focus from
code), timed from the press to the keyboard shown; then a tap on the form's button hides it.

- Qt Virtual Keyboard: to its panel window's first frameSwapped after Qt asked it to show (the
  app's `drawn` line): its first frame is drawn.
- Keypad: to keypad-osk's sm.puri.OSK0 `Visible` turning true (its keyboard-will-show, just
  before its first frame), read from the session bus; keypad-osk keeps running between apps.

The first sample of each app is its first keypad (Qt Virtual Keyboard loads its QML then);
the others are the keyboard shown again.

    qt_first_keypad.py VERSION KEYBOARD APPS AGAIN_PER_APP
prints `first MEDIAN P95 N` and `again MEDIAN P95 N` (ms)
"""
import os
import queue
import subprocess
import sys
import threading
import time

from gi.repository import Gio, GLib

HERE = os.path.dirname(os.path.abspath(__file__))
from latency_stats import median_p95  # noqa: E402
from osk_bus import visible_changes  # noqa: E402
from xtest_pointer import XTestPointer  # noqa: E402

version, keyboard, apps, again_runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
context = GLib.MainContext.default()
visible = visible_changes(bus)  # (monotonic ns, Visible) from keypad-osk
pointer = XTestPointer()


def wait(condition, what, timeout=30):
    deadline = time.time() + timeout
    while (found := condition()) is None:
        if time.time() > deadline:
            sys.exit(f"qt_first_keypad: timed out waiting for {what}")
        context.iteration(False)
        time.sleep(0.0005)
    return found


def one_app():
    app = subprocess.Popen([os.path.join(HERE, "qt_bench_app.py"), f"{version}-{keyboard}", "first"],
                           stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.strip()) for line in app.stdout], daemon=True).start()
    points = {}
    while (line := lines.get(timeout=30)) != "ready":
        name, x, y = line.split(" ")
        points[name] = (int(x), int(y))
    time.sleep(0.5)

    def next_line(prefix):
        try:
            line = lines.get_nowait()
        except queue.Empty:
            return None
        return line if line.startswith(prefix) else next_line(prefix)

    def keypad_visible(seen, state):
        return next((at for at, shown in visible[seen:] if shown == state), None)

    samples = []
    for _ in range(1 + again_runs):
        while context.iteration(False):  # signals already on the bus are read before the tap
            pass
        seen = len(visible)
        pressed = pointer.tap(points["click"])
        if keyboard == "qtvk":
            shown = int(wait(lambda: next_line("drawn "), "the panel's frame").split()[1])
        else:
            shown = wait(lambda: keypad_visible(seen, True), "Visible")
        samples.append((shown - pressed) / 1e6)
        seen = len(visible)
        time.sleep(0.3)
        pointer.tap(points["elsewhere"])
        if keyboard == "qtvk":
            wait(lambda: next_line("hidden"), "the panel to hide")
        else:
            wait(lambda: keypad_visible(seen, False), "the keypad to hide")
        time.sleep(0.3)
    app.terminate()
    app.wait(timeout=5)
    return samples


first, again = [], []
for _ in range(apps):
    samples = one_app()
    first.append(samples[0])
    again.extend(samples[1:])
for name, values in (("first", first), ("again", again)):
    median, p95 = median_p95(values)
    print(f"{name} {median:.1f} {p95:.1f} {len(values)}")
