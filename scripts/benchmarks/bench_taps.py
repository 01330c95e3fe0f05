#!/usr/bin/python3
"""Tap latency from outside: start `keypad-gtk-bench serve-keypad|serve-baseline`,
click its keys, and time each click (CLOCK_MONOTONIC) to the `changed NANOSECONDS`
line the app prints. Also reads the app's CPU time per tap from /proc.

MODE `matchbox-numpad` serves the baseline app (its entry focused) and taps the "5"
and backspace keys of matchbox-keyboard's numeric layout (numpad-small) beside it:
matchbox-keyboard types into the focused window through XTest, as it does for any
app, so the time runs from the press on its key to the entry's `changed`. Any other
MODE goes to the app as it is (scripts/benchmarks/im_bench_app.py's `matchbox` starts its own).

Two drivers:
- `xdotool`: a process per click, timed from just before it starts, so xdotool's
  start-up (a few ms) is inside the number — what a script driving the app sees.
- `xtest`: the XTest requests xdotool sends, made from this process through libXtst,
  timed from just before the button press is flushed to the X server — the figure
  on-screen keyboards are compared by. SETTLE_MS is how long the pointer rests on the
  key before the press: 0 is a touch (contact and press arrive together), 30 a mouse
  that moved there first (the hover's redraw is over when the press comes).

    scripts/benchmarks/bench_taps.py BENCH_BINARY MODE TAPS HOLD_MS DRIVER [SETTLE_MS]
prints `MEDIAN P95 COUNT CPU_MS_PER_TAP IN_APP_MEDIAN KEYBOARD_CPU_MS_PER_TAP`
(milliseconds; the CPU of the app's process read from /proc, and for matchbox the
keyboard's own process, 0 otherwise). With BENCH_THREADS_FILE set, also appends each
thread's user and system CPU per tap and the app's X traffic and context switches per tap
(/proc/PID/io and status) to that file (docs/benchmarks-cpu-per-tap.md).
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

from latency_stats import median_p95  # noqa: E402
from xtest_pointer import XTestPointer  # noqa: E402

binary, mode, taps, hold, driver = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
settle = float(sys.argv[6]) / 1000 if len(sys.argv) > 6 else 0.0
matchbox = mode == "matchbox-numpad"
app = subprocess.Popen([binary, "serve-baseline" if matchbox else mode], stdout=subprocess.PIPE, text=True)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put(line.strip()) for line in app.stdout], daemon=True).start()


def matchbox_keys():
    """Starts matchbox-keyboard's numeric layout and returns (process, keys): its rows
    are 7 8 9 _ ⌫ / 4 5 6 ± e / 1 2 3 0 ., five equal columns."""
    process = subprocess.Popen(["matchbox-keyboard", "numpad-small"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        found = subprocess.run(["xdotool", "search", "--name", "^Keyboard$"], capture_output=True, text=True).stdout.split()
        if found:
            break
        time.sleep(0.05)
    else:
        raise SystemExit("bench_taps: matchbox-keyboard showed no window")
    time.sleep(0.5)
    info = subprocess.run(["xwininfo", "-id", found[0]], capture_output=True, text=True).stdout
    geometry = {}
    for line in info.splitlines():
        name, _, value = line.strip().partition(":")
        geometry[name] = value.strip()
    x, y = int(geometry["Absolute upper-left X"]), int(geometry["Absolute upper-left Y"])
    width, height = int(geometry["Width"]), int(geometry["Height"])
    return process, {"5": (x + width * 3 // 10, y + height // 2), "Delete": (x + width * 9 // 10, y + height // 6)}


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(pid):
    """{(tid, name): (user s, system s)} of every thread of PID."""
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = open(f"/proc/{pid}/task/{tid}/stat").read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        threads[(tid, name)] = (int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK"))
    return threads


def process_counters(pid):
    """Bytes read and written (rchar, wchar, syscalls) and context switches of PID."""
    counters = {}
    for path in (f"/proc/{pid}/io", f"/proc/{pid}/status"):
        for line in open(path):
            name, _, value = line.partition(":")
            if name in ("rchar", "wchar", "syscr", "syscw", "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"):
                counters[name] = int(value)
    return counters


def xdotool_click(point):
    """Runs xdotool for one click; returns the monotonic time it was started."""
    x, y = point
    if hold == 0:
        command = ["xdotool", "mousemove", x, y, "click", "--delay", "0", "1"]
    else:
        command = ["xdotool", "mousemove", x, y, "mousedown", "1", "sleep", f"{hold / 1000:.3f}", "mouseup", "1"]
    start = time.monotonic_ns()
    subprocess.run(command, check=True)
    return start


if driver == "xtest":
    pointer = XTestPointer()  # the XTest requests on this process's own connection

    def click(point):
        return pointer.tap(point, hold, settle)
else:
    click = xdotool_click


keys = {}
while True:
    line = lines.get(timeout=float(os.environ.get("BENCH_START_TIMEOUT", "30")))
    if line == "ready":
        break
    if line.startswith("key "):
        _, name, x, y = line.split(" ")
        keys[name] = (x, y)
    elif line.startswith("click "):  # a user's tap on the field, which opens the keyboard (Qt's)
        click(tuple(line.split(" ")[1:3]))
time.sleep(0.3)
keyboard = None
if matchbox:
    keyboard, keys = matchbox_keys()


latencies = []
wrong = []  # (tap, the text it left) where an app's `changed` line names a text other than the tap's
in_app = []  # GDK's dispatch of the last button event → `changed`: the app's own share
cpu_before = cpu_seconds(app.pid)
threads_before = thread_cpu(app.pid)
counters_before = process_counters(app.pid)
keyboard_before = cpu_seconds(keyboard.pid) if keyboard else 0
for index in range(taps):
    point = keys["5" if index % 2 == 0 else "Delete"]
    start = click(point)
    try:
        button = None
        line = lines.get(timeout=2)
        while not line.startswith("changed "):
            if line.startswith("button "):
                button = int(line.split(" ")[1])
            line = lines.get(timeout=2)
        changed = int(line.split(" ")[1])
        text = line.split(" ", 2)[2] if line.count(" ") >= 2 else None
        if text is not None and json.loads(text) != ("5" if index % 2 == 0 else ""):
            wrong.append((index, json.loads(text)))
        latencies.append((changed - start) / 1e6)
        if button is not None:
            in_app.append((changed - button) / 1e6)
    except queue.Empty:
        pass
    time.sleep(0.01)
cpu_after = cpu_seconds(app.pid)
if os.environ.get("BENCH_THREADS_FILE"):  # each thread's user and system CPU per tap (ms)
    with open(os.environ["BENCH_THREADS_FILE"], "a", encoding="utf-8") as out:
        for (tid, name), (user, system) in sorted(thread_cpu(app.pid).items()):
            user0, system0 = threads_before.get((tid, name), (0, 0))
            out.write(f"{mode} {name.replace(' ', '_')} {tid} user {(user - user0) * 1000 / max(taps, 1):.4f} "
                      f"system {(system - system0) * 1000 / max(taps, 1):.4f}\n")
        after = process_counters(app.pid)
        out.write(f"{mode} per-tap " + " ".join(f"{name} {(after[name] - counters_before[name]) / max(taps, 1):.1f}"
                                                for name in sorted(after)) + "\n")
if os.environ.get("BENCH_SMAPS_LABEL"):  # what the app's RSS is made of, after the taps
    subprocess.run(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "smaps_breakdown.py"),
                    os.environ["BENCH_SMAPS_LABEL"], str(app.pid)], check=False)
keyboard_cpu = (cpu_seconds(keyboard.pid) - keyboard_before) * 1000 / max(taps, 1) if keyboard else 0
for process in [keyboard, app]:
    if process:
        process.terminate()
        process.wait(timeout=5)

if wrong:
    sys.exit(f"bench_taps: {len(wrong)} taps left a text other than the tap's (tap, text): {wrong[:10]}")
median, p95 = median_p95(latencies)
in_app_median, _ = median_p95(in_app)
print(f"{median:.3f} {p95:.3f} {len(latencies)} {(cpu_after - cpu_before) * 1000 / max(taps, 1):.4f} {in_app_median:.3f} {keyboard_cpu:.4f}")
