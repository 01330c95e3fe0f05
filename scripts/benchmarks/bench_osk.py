#!/usr/bin/python3
"""keypad-osk against squeekboard in one headless sway (scripts/benchmarks/bench-osk runs it):

- activate → on screen: from the input method's `zwp_input_method_v2.activate` to the first
  commit of a buffer on its surface, both read from the keyboard process's own WAYLAND_DEBUG
  lines (one clock; the debug printing slows both alike), over focus moves from a button to a
  DIGITS entry of a GTK 3 app (GTK's own Wayland input method);
- resident memory with the pad shown, and CPU and wakeups over IDLE_SECONDS idle with it shown,
  from SETTLED_SECONDS after the keyboard started (past the one-shot timers of start-up: the
  accessibility bridge's at 16 s, a D-Bus call's 25 s timeout; docs/keypad-osk.md "Idle");
- each keyboard's tap on its "1" key: the virtual pointer's press (instant, and held 80 ms) → the
  app's entry `changed`, on CLOCK_MONOTONIC. keypad-osk's key is found by its trace and the
  keypad's band on a screenshot; squeekboard's, which has no trace, where squeekboard draws it
  (scripts/benchmarks/squeekboard_keys.py: its number layout scaled into its layer surface).
  Every tap must add exactly "1" to the entry's value, and the value must end as that many
  "1"s: anything else (a key misplaced, typed twice, late) stops the bench, naming what was typed.

    scripts/display/with-wayland sway /usr/bin/python3 scripts/benchmarks/bench_osk.py KEYPAD_OSK BIN_DIR TAPS IDLE_SECONDS SETTLED_SECONDS

Prints `KEY V…` lines for scripts/benchmarks/bench_results.py (bench-osk writes them to
Benchmarks/results/osk.json): `NAME_shown MS…` (each activate → on screen, in order: the first is
the first show), `NAME_rss_kb KB`, `NAME_idle_ticks TICKS` (utime + stime, 10 ms each), `NAME_idle_wakeups N`
(context switches of all its threads) for NAME
`osk` (keypad-osk) and `squeekboard`, and `NAME_tap_0 MS…` and `NAME_tap_80 MS…` (each tap, instant
and held 80 ms). A keyboard that never showed prints no `_shown` line.
"""
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time

from keypad_harness.process import context_switches, woken
from keypad_harness.screenshot import Screenshot, keypad_band
from keypad_harness.trace import Trace
from keypad_harness.waits import wait_for
from keypad_harness.wayland import VirtualPointer

from squeekboard_keys import key_on_output


SCREEN = dict(os.environ, WAYLAND_DISPLAY=os.environ.get("KEYPAD_SCREEN_WAYLAND_DISPLAY", ""))
PLAIN = {key: value for key, value in os.environ.items() if key not in ("GTK_IM_MODULE", "GTK_IM_MODULE_FILE")}
APP = r'''
import json, sys, time, gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk
w = Gtk.Window(title="bench")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
entry = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
button = Gtk.Button(label="away")
entry.connect("changed", lambda e: print("changed", time.monotonic(), json.dumps(e.get_text()), flush=True))
box.add(entry); box.add(button); w.add(box); w.show_all()
def command(source, condition):
    line = sys.stdin.readline().strip()
    if line == "text":
        print("text", json.dumps(entry.get_text()), flush=True)
        return True
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
    """The GTK 3 app: its lines (`ready`, `focused WHAT`, `changed MONOTONIC "TEXT"`, `text "TEXT"`)
    read on a thread, so that a wait for one can time out."""

    def __init__(self):
        self.process = subprocess.Popen(["/usr/bin/python3", "-c", APP], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, env=PLAIN)
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line.strip()) for line in self.process.stdout],
                         daemon=True).start()
        self.wait_line("ready", 30)

    def wait_line(self, kind, timeout):
        """The next line starting with `kind`, its words after it; earlier lines of other kinds are
        skipped, except `changed`, which only wait_changed may take."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"the app printed no {kind!r} line within {timeout} s") from None
            word, _, rest = line.partition(" ")
            if word == kind:
                return rest
            if word == "changed":
                sys.exit(f"bench_osk: the app's entry changed unasked, while waiting for {kind!r}: {line}")

    def focus(self, what):
        self.process.stdin.write(what + "\n")
        self.process.stdin.flush()
        self.wait_line("focused", 10)

    def text(self):
        self.process.stdin.write("text\n")
        self.process.stdin.flush()
        return json.loads(self.wait_line("text", 10))

    def wait_changed(self, timeout=5):
        """(CLOCK_MONOTONIC seconds, the entry's text) of the next `changed`."""
        monotonic, _, text = self.wait_line("changed", timeout).partition(" ")
        return float(monotonic), json.loads(text)

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


def measure(name, command, env, idle_seconds, settled_seconds, cycles=6):
    log_path = tempfile.mktemp(prefix=f"bench-osk-{name}-")
    log = open(log_path, "w")
    keyboard = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=dict(env, WAYLAND_DEBUG="1"))
    started = time.monotonic()
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
        time.sleep(max(0.0, started + settled_seconds - time.monotonic()))
        ticks, switches = cpu_ticks(keyboard.pid), context_switches(keyboard.pid)
        time.sleep(idle_seconds)
        idle = cpu_ticks(keyboard.pid) - ticks
        # Each context switch of a thread is a wakeup (threads that start or end meanwhile aside).
        wakeups = sum(woken(switches, context_switches(keyboard.pid)).values())
        shown = activate_to_screen(log_path)
        return {"shown": shown, "rss_kb": rss, "idle_ticks": idle, "idle_wakeups": wakeups}, app, keyboard, log_path
    except BaseException:
        app.close()
        keyboard.terminate()
        raise


def typed(before, after):
    """What a change from `before` to `after` typed, in words for an error."""
    if after.startswith(before):
        return repr(after[len(before):])
    return f"a change of the value from {before!r} to {after!r}"


def taps_on(keyboard, app, x, y, taps):
    """{hold ms: press → changed milliseconds} of `taps` taps at output (x, y), instant and held
    80 ms, each checked to add exactly "1" to the entry's value; exits naming what was typed
    otherwise, or when the value does not end as the taps made it."""
    start_text = app.text()
    text = start_text
    results = {0: [], 80: []}
    for hold in results:
        for _ in range(taps):
            VirtualPointer.send(f"move {x} {y}")
            start = time.monotonic()
            VirtualPointer.send("press")
            if hold:
                time.sleep(hold / 1000)
            VirtualPointer.send("release")
            try:
                changed, now = app.wait_changed()
            except TimeoutError:
                sys.exit(f"bench_osk: {keyboard}'s tap at ({x}, {y}) on the output typed nothing within 5 s "
                         "(not its \"1\" key)")
            if now != text + "1":
                sys.exit(f"bench_osk: {keyboard}'s tap at ({x}, {y}) on the output typed {typed(text, now)}, "
                         "not \"1\" (not its \"1\" key)")
            text = now
            results[hold].append((changed - start) * 1000)
            time.sleep(0.15)
    final = app.text()
    if final != start_text + "1" * (2 * taps):
        sys.exit(f"bench_osk: after {2 * taps} taps on {keyboard}'s \"1\" key the entry holds {final!r}, "
                 f"not {start_text + '1' * (2 * taps)!r}: a tap typed more than once or late")
    return results


def osk_taps(osk_trace, app, taps):
    """keypad-osk's taps on its number pad's "1" key (taps_on), found by its trace and its band."""
    keypad = osk_trace.wait_keypad(0, "numberPad")
    top = wait_for(lambda: keypad_band(Screenshot.take(tempfile.mktemp(suffix=".png"), env=SCREEN), 0, 1280, 720),
                   "keypad-osk's band")
    x, y = keypad[2]["1"]
    return taps_on("keypad-osk", app, x, top + y, taps)


def output_rect():
    """(x, y, width, height) of sway's one output."""
    outputs = json.loads(subprocess.run(["swaymsg", "-r", "-t", "get_outputs"], check=True, capture_output=True,
                                        text=True).stdout)
    active = [output["rect"] for output in outputs if output.get("active")]
    assert len(active) == 1, f"expected one active output, sway has {outputs}"
    return active[0]["x"], active[0]["y"], active[0]["width"], active[0]["height"]


def squeekboard_taps(log_path, app, taps):
    """squeekboard's taps on its number layout's "1" key (taps_on), placed by squeekboard_keys.py
    from its layer surface in its WAYLAND_DEBUG log."""
    with open(log_path, errors="replace") as file:
        place = key_on_output("1", file.read().splitlines(), output_rect())
    if place is None:
        sys.exit("bench_osk: squeekboard's log shows no configured layer surface to tap on")
    return taps_on("squeekboard", app, place[0], place[1], taps)


def then_close(taps, app, keyboard):
    """taps()'s result, the app and the keyboard closed after it however it ended."""
    try:
        return taps()
    finally:
        app.close()
        keyboard.terminate()
        keyboard.wait(timeout=5)


def line(key, values):
    """A `KEY V…` line (milliseconds to the microsecond), or none when there are no values."""
    if values:
        print(key, " ".join(f"{value:.3f}" for value in values))


def main():
    osk_binary, bin_dir, taps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    idle_seconds, settled_seconds = float(sys.argv[4]), float(sys.argv[5])
    missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
    assert not missing, missing
    trace = Trace(tempfile.mktemp(prefix="bench-osk-trace-"))
    rows, tapped = {}, {}
    rows["osk"], app, osk, _ = measure("keypad-osk", [osk_binary], dict(PLAIN, KEYPAD_IM_TRACE=trace.path),
                                       idle_seconds, settled_seconds)
    tapped["osk"] = then_close(lambda: osk_taps(trace, app, taps), app, osk)
    home = tempfile.mkdtemp(prefix="bench-osk-squeekboard-")
    settings = os.path.join(home, ".config", "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as file:
        file.write("[org/gnome/desktop/a11y/applications]\nscreen-keyboard-enabled=true\n")
    rows["squeekboard"], app, squeekboard, log_path = measure(
        "squeekboard", ["squeekboard"], dict(PLAIN, HOME=home, GSETTINGS_BACKEND="keyfile"), idle_seconds,
        settled_seconds)
    tapped["squeekboard"] = then_close(lambda: squeekboard_taps(log_path, app, taps), app, squeekboard)
    for name, row in rows.items():
        line(f"{name}_shown", row["shown"])
        print(f"{name}_rss_kb {row['rss_kb']}")
        print(f"{name}_idle_ticks {row['idle_ticks']}")
        print(f"{name}_idle_wakeups {row['idle_wakeups']}")
    for name, kinds in tapped.items():
        for hold, values in kinds.items():
            line(f"{name}_tap_{hold}", values)


if __name__ == "__main__":
    main()
