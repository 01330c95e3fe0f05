#!/usr/bin/python3
"""Tap → the page's `input` event in Firefox ESR in kiosk mode (Tests/Web/form.html), through
GTK 3's keypad module (the thin one, its keys keypad-osk's, #31; the session bus must read
keypad-osk's service file from BIN_DIR/share) and through Debian's matchbox-keyboard typing into
the same Firefox, in one browser run: instant taps and taps held HOLD ms.

The press is an XTest button press from this process, timed (CLOCK_REALTIME, as the page's
`performance.timeOrigin + performance.now()`) just before it is flushed to the X server; the
page stamps each `input` event and posts it to the loopback server (Tests/Support/keypad_harness/web.py).
Firefox's timer precision is not reduced (privacy.reduceTimerPrecision false), so both clocks
read to the microsecond.

    scripts/benchmarks/bench_web.py BIN_DIR TAPS          (run under scripts/display/with-display)
prints `module_0 MEDIAN P95 COUNT`, `module_80 …`, `matchbox_0 …`, `matchbox_80 …` (ms), then
`chromium_0 …` and `chromium_80 …`: the module in Chromium (its default features) on the same page.
"""
import os
import subprocess
import sys
import tempfile
import time

from keypad_harness.trace import Trace
from keypad_harness.waits import wait_for
from keypad_harness import web
from keypad_harness.web import FIREFOX_PREFS, Page, click, find_windows

from latency_stats import median_p95
from xtest_pointer import XTestPointer


HOLD_MS = 80
MATCHBOX_LAYOUT = """<?xml version="1.0" encoding="UTF-8"?>
<keyboard><layout id="bench"><row>
  <key><default display="5" /></key>
  <key><default display="Del" action="backspace" /></key>
</row></layout></keyboard>
"""


def unfullscreen(window):
    """Asks the window manager to take X window `window` (the kiosk's Firefox) out of
    fullscreen: openbox stacks a focused fullscreen window above matchbox-keyboard's,
    which never takes focus, so its keys could not be tapped."""
    import gi
    gi.require_version("Gdk", "3.0")
    gi.require_version("GdkX11", "3.0")
    from gi.repository import Gdk, GdkX11
    display = Gdk.Display.get_default() or Gdk.Display.open(os.environ["DISPLAY"])
    GdkX11.X11Window.foreign_new_for_display(display, window).unfullscreen()
    display.flush()


def wall_ms():
    """The wall clock in milliseconds, as the page's performance.timeOrigin + performance.now()."""
    return time.time() * 1000


def measure(page, field, keys, taps, hold_ms, xtest):
    """Taps keys["5"] and keys["Delete"] in turn; the time from each press to `field`'s input event.
    First taps "5" and "Delete" until each types (the keyboard has settled), unmeasured."""
    for name in ("5", "Delete"):
        for _ in range(5):
            mark = page.mark()
            xtest.tap(keys[name], clock=wall_ms)
            try:
                page.wait_event(mark, "input", field, timeout=1.0)
                break
            except AssertionError:
                time.sleep(0.5)
    latencies = []
    for index in range(taps):
        mark = page.mark()
        start = xtest.tap(keys["5" if index % 2 == 0 else "Delete"], hold_ms, clock=wall_ms)
        try:
            event = page.wait_event(mark, "input", field, timeout=2.0)
            latencies.append(event["time"] - start)
        except AssertionError:
            pass
        time.sleep(0.05)
    median, p95 = median_p95(latencies)
    return f"{median:.3f} {p95:.3f} {len(latencies)}"


def main():
    bin_dir, taps = sys.argv[1], int(sys.argv[2])
    web.FIREFOX_PREFS = FIREFOX_PREFS + 'user_pref("privacy.reduceTimerPrecision", false);\n'
    page = Page()
    trace = Trace(tempfile.mktemp(prefix="keypad-bench-trace-"))
    browser = web.Browser("firefox", page.url(), bin_dir, trace.path)
    xtest = XTestPointer()
    matchbox = None
    try:
        page.wait_load(0, timeout=60)
        # The module: the numeric field's number pad.
        rect = page.rect("numeric")
        mark = trace.mark()
        click(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
        keys = trace.wait_keypad(mark, "numberPad")[2]
        time.sleep(0.5)
        for hold in (0, HOLD_MS):
            print(f"module_{hold} {measure(page, 'numeric', keys, taps, hold, xtest)}", flush=True)
        # matchbox-keyboard typing into the inputmode=none field (the module shows no keypad there).
        rect = page.rect("none")
        mark = trace.mark()
        click(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
        trace.wait_hidden(mark)
        home = tempfile.mkdtemp()
        os.makedirs(os.path.join(home, ".matchbox"))
        with open(os.path.join(home, ".matchbox", "keyboard.xml"), "w") as file:
            file.write(MATCHBOX_LAYOUT)
        matchbox = subprocess.Popen(["matchbox-keyboard"], env=dict(os.environ, HOME=home),
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        window = wait_for(lambda: find_windows("^Keyboard$"), "matchbox-keyboard's window", timeout=10)[0]
        unfullscreen(browser.window())
        time.sleep(0.8)
        shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window)], capture_output=True,
                               text=True).stdout
        geometry = dict(line.split("=") for line in shell.split())
        x, y, w, h = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
        keys = {"5": (x + w // 4, y + h // 2), "Delete": (x + 3 * w // 4, y + h // 2)}
        for hold in (0, HOLD_MS):
            print(f"matchbox_{hold} {measure(page, 'none', keys, taps, hold, xtest)}", flush=True)
    finally:
        if matchbox is not None:
            matchbox.terminate()
        browser.close()
        browser.remove_profile()
    try:
        measure_chromium(page, bin_dir, taps, xtest)
    except AssertionError as error:  # Firefox's rows stand on their own
        print(f"bench_web: no Chromium rows: {error}", file=sys.stderr)
    finally:
        page.close()


def measure_chromium(page, bin_dir, taps, xtest):
    """The module in Chromium (its default features, BackupRefPtr on): Chromium gives
    no input purpose, so the default layout's numbers page types the "5"."""
    trace = Trace(tempfile.mktemp(prefix="keypad-bench-trace-"))
    mark = page.mark()
    browser = web.Browser("chromium", page.url(), bin_dir, trace.path)
    try:
        page.wait_load(mark, timeout=60)
        rect = page.rect("numeric")
        click(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
        keys = trace.wait_keypad(0, "default")[2]
        time.sleep(0.5)
        click(*keys["Numbers and symbols"])
        keys = wait_for(lambda: (trace.keypad() or ("", "", {}))[1] != "letters" and trace.keypad()[2],
                        "the numbers page")
        time.sleep(0.5)
        for hold in (0, HOLD_MS):
            print(f"chromium_{hold} {measure(page, 'numeric', keys, taps, hold, xtest)}", flush=True)
    finally:
        browser.close()
        browser.remove_profile()


if __name__ == "__main__":
    main()
