#!/usr/bin/python3
"""The first keypad for a GTK 4 app's field (gtk4_bench_app.py focus), cold and warm:
from the app's grab_focus on its DIGITS entry to keypad-osk's sm.puri.OSK0 `Visible`
turning true (its keyboard-will-show, before the first frame is drawn), both read on
CLOCK_MONOTONIC. Cold: keypad-osk not running, started by D-Bus activation; then SIGTERM
for the next cold one. Warm: keypad-osk running with its keypad hidden.

    osk_first_keypad.py COLD_RUNS WARM_RUNS_PER_COLD   prints `cold MEDIAN P95 N` and `warm MEDIAN P95 N` (ms)

Run under with-display with the bus reading keypad-osk's service file and GTK_PATH naming
the module's folder (scripts/benchmarks/bench-gtk4).
"""
import os
import queue
import signal
import subprocess
import sys
import threading
import time

import gi

from gi.repository import Gio, GLib  # noqa: E402

from latency_stats import median_p95  # noqa: E402
from osk_bus import osk_pid, visible_changes  # noqa: E402

cold_runs, warm_runs = int(sys.argv[1]), int(sys.argv[2])
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
visible = visible_changes(bus)  # (monotonic ns, Visible)
context = GLib.MainContext.default()


def pump_until(condition, what, timeout=30):
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            sys.exit(f"osk_first_keypad: timed out waiting for {what} (Visible: {visible})")
        context.iteration(False)
        time.sleep(0.0005)


app = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                         "gtk4_bench_app.py"), "focus"],
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put(line.strip()) for line in app.stdout], daemon=True).start()
while lines.get(timeout=30) != "ready":
    pass
time.sleep(0.5)


def sample():
    """Focuses the entry, waits for Visible, then focuses the button and waits for the hide."""
    seen = len(visible)
    app.stdin.write("entry\n")
    app.stdin.flush()
    line = lines.get(timeout=10)
    while not line.startswith("focus "):
        line = lines.get(timeout=10)
    focused = int(line.split()[1])
    pump_until(lambda: any(shown for _, shown in visible[seen:]), "Visible")
    shown_at = next(at for at, shown in visible[seen:] if shown)
    seen = len(visible)
    app.stdin.write("button\n")
    app.stdin.flush()
    pump_until(lambda: any(not shown for _, shown in visible[seen:]), "the keypad to hide")
    return (shown_at - focused) / 1e6


cold, warm = [], []
for _ in range(cold_runs):
    cold.append(sample())
    for _ in range(warm_runs):
        warm.append(sample())
    pid = osk_pid(bus)
    if pid:
        os.kill(pid, signal.SIGTERM)
        pump_until(lambda: osk_pid(bus) is None, "keypad-osk to go")
app.stdin.close()
app.wait(timeout=5)
for name, values in (("cold", cold), ("warm", warm)):
    median, p95 = median_p95(values)
    print(f"{name} {median:.1f} {p95:.1f} {len(values)}")
