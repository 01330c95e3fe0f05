#!/usr/bin/python3
"""keypad-osk against squeekboard in one headless sway (scripts/benchmarks/bench-osk runs it):

- activate → on screen: from the input method's `zwp_input_method_v2.activate` to the first
  commit of a buffer on its surface, both read from the keyboard process's own WAYLAND_DEBUG
  lines (one clock; the debug printing slows both alike), over focus moves from a button to a
  DIGITS entry of a GTK 3 app (GTK's own Wayland input method);
- resident memory with the pad shown, and CPU over 5 s idle with it shown;
- keypad-osk's tap: the virtual pointer's press (instant, and held 80 ms) → the app's entry
  changed, on CLOCK_MONOTONIC (squeekboard's keys have no trace to find them by: not measured).

    scripts/display/with-wayland sway /usr/bin/python3 scripts/benchmarks/bench_osk.py KEYPAD_OSK BIN_DIR
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
for folder in ("IM", "Web", "Wayland"):
    sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", folder))

from wayland_e2e import VirtualPointer, keypad_band  # noqa: E402
from screenshot import Screenshot  # noqa: E402
from web_harness import Trace, wait_for  # noqa: E402

SCREEN = dict(os.environ, WAYLAND_DISPLAY=os.environ.get("KEYPAD_SCREEN_WAYLAND_DISPLAY", ""))
PLAIN = {key: value for key, value in os.environ.items() if key not in ("GTK_IM_MODULE", "GTK_IM_MODULE_FILE")}
APP = r'''
import sys, time, gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk
w = Gtk.Window(title="bench")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
button = Gtk.Button(label="away")
entry.connect("changed", lambda e: print("changed", time.monotonic(), flush=True))
box.add(entry); box.add(button); w.add(box); w.show_all()
def command(source, condition):
    line = sys.stdin.readline().strip()
    (entry if line == "entry" else button).grab_focus()
    print("focused", line, flush=True)
    return True
GLib.io_add_watch(sys.stdin, GLib.IO_IN, command)
button.grab_focus()
print("ready", flush=True)
Gtk.main()
'''
ACTIVATE = re.compile(r"^\[\s*([\d.]+)\]\s+zwp_input_method_v2@\d+\.activate\(\)")
ATTACH = re.compile(r"^\[\s*([\d.]+)\]\s+-> wl_surface@(\d+)\.attach\(wl_buffer@\d+")
COMMIT = re.compile(r"^\[\s*([\d.]+)\]\s+-> wl_surface@(\d+)\.commit\(\)")


class App:
    def __init__(self):
        self.process = subprocess.Popen(["/usr/bin/python3", "-c", APP], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, env=PLAIN)
        assert self.process.stdout.readline().strip() == "ready"

    def focus(self, what):
        self.process.stdin.write(what + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline().strip()
            if line.startswith("focused"):
                return

    def wait_changed(self):
        while True:
            line = self.process.stdout.readline().split()
            if line and line[0] == "changed":
                return float(line[1])

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


def activate_to_screen(log_path):
    """Milliseconds from each activate to the next buffer committed on a surface."""
    times, pending, attached = [], None, set()
    with open(log_path, errors="replace") as file:
        for line in file:
            if (match := ACTIVATE.match(line)):
                pending, attached = float(match.group(1)), set()
            elif pending is not None and (match := ATTACH.match(line)):
                attached.add(match.group(2))
            elif pending is not None and (match := COMMIT.match(line)) and match.group(2) in attached:
                times.append(float(match.group(1)) - pending)
                pending = None
    return times


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as file:
        return int(next(line for line in file if line.startswith("VmRSS")).split()[1])


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def measure(name, command, env, cycles=6):
    log_path = tempfile.mktemp(prefix=f"bench-osk-{name}-")
    log = open(log_path, "w")
    keyboard = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=dict(env, WAYLAND_DEBUG="1"))
    time.sleep(1.5)
    app = App()
    try:
        for _ in range(cycles):
            app.focus("entry")
            time.sleep(0.8)
            app.focus("button")
            time.sleep(0.6)
        app.focus("entry")
        time.sleep(1.0)
        rss = rss_kb(keyboard.pid)
        before = cpu_ticks(keyboard.pid)
        time.sleep(5)
        idle = cpu_ticks(keyboard.pid) - before
        shown = activate_to_screen(log_path)
        return {"activate→screen ms": shown, "RSS kB": rss, "idle CPU ticks/5 s": idle}, app, keyboard
    except BaseException:
        app.close()
        keyboard.terminate()
        raise


def osk_taps(osk_trace, app):
    """(instant, held) lists of press → changed milliseconds on keypad-osk's number pad."""
    keypad = osk_trace.wait_keypad(0, "numberPad")
    top = wait_for(lambda: keypad_band(Screenshot.take(tempfile.mktemp(suffix=".png"), env=SCREEN), 0, 1280, 720),
                   "keypad-osk's band")
    x, y = keypad[2]["1"]
    results = {"instant": [], "held 80 ms": []}
    for kind in results:
        for _ in range(8):
            VirtualPointer.send(f"move {x} {top + y}")
            start = time.monotonic()
            VirtualPointer.send("press")
            if kind != "instant":
                time.sleep(0.08)
            VirtualPointer.send("release")
            results[kind].append((app.wait_changed() - start) * 1000)
            time.sleep(0.15)
    return results


def summary(values):
    return f"median {statistics.median(values):.1f} (min {min(values):.1f}, max {max(values):.1f}, n {len(values)})"


def main():
    osk_binary, bin_dir = sys.argv[1], sys.argv[2]
    missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
    assert not missing, missing
    trace = Trace(tempfile.mktemp(prefix="bench-osk-trace-"))
    rows = {}
    result, app, osk = measure("keypad-osk", [osk_binary], dict(PLAIN, KEYPAD_IM_TRACE=trace.path))
    try:
        taps = osk_taps(trace, app)
    finally:
        app.close()
        osk.terminate()
        osk.wait(timeout=5)
    rows["keypad-osk"] = result
    home = tempfile.mkdtemp(prefix="bench-osk-squeekboard-")
    settings = os.path.join(home, ".config", "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as file:
        file.write("[org/gnome/desktop/a11y/applications]\nscreen-keyboard-enabled=true\n")
    result, app, squeekboard = measure("squeekboard", ["squeekboard"], dict(PLAIN, HOME=home,
                                                                             GSETTINGS_BACKEND="keyfile"))
    app.close()
    squeekboard.terminate()
    squeekboard.wait(timeout=5)
    rows["squeekboard"] = result
    for name, row in rows.items():
        shown = row["activate→screen ms"]
        print(f"{name:12} activate→screen {summary(shown) if shown else 'never'}; RSS {row['RSS kB'] / 1024:.1f} MB; "
              f"idle CPU {row['idle CPU ticks/5 s']} ticks in 5 s")
    for kind, values in taps.items():
        print(f"keypad-osk   tap {kind}: press → app changed {summary(values)} ms")


if __name__ == "__main__":
    main()
