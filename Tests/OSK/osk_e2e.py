#!/usr/bin/python3
"""keypad-osk, the system keypad, in a headless sway (scripts/display/with-wayland sway), and
in cage (scripts/display/with-wayland cage), where it serves from cage's Xwayland.

Apps reach keypad-osk through the compositor (text-input-v3 → input-method-v2), with no
input-method module in them:
- a GTK 3 form with GTK's own Wayland input method (GTK_IM_MODULE unset): DIGITS → number
  pad, PHONE → phone pad; typing, Delete over a character and over a selection, Return
  activating the entry; keypad-osk started before the app, and after it;
- Chromium on Wayland in kiosk mode (fullscreen): number, tel, email, password and text
  fields get their pads; typing, Delete, Return submitting the form and breaking a textarea's line; the keypad drawn over
  the fullscreen window (grim's pixels); the app keeps focus (sway's tree); a password's
  text in no output;
- a GTK 4 form: DIGITS → number pad, typing and Delete;
- Firefox ESR on Wayland: inputmode numeric and decimal get their pads, typing, Delete,
  Return submitting; its first field after start arrives as NORMAL (a known limit, checked);
- the toolbar's Dismiss, and sm.puri.OSK0's Visible and SetVisible on the session bus;
- --locale de_DE (the decimal pad's comma) with a missing --css file; --exclusive;
- an activate/deactivate storm (300 focus moves 2 ms apart);
- the GTK 3 module session-wide and keypad-osk at once: the module reaches keypad-osk over the
  session bus, Chromium through the compositor, and one keypad follows focus;
- a second keypad-osk refuses (another input method holds the seat), and in cage (no
  input-method-v2) keypad-osk refuses when there is no X display, each with its line and exit
  status; with cage's Xwayland it serves from there (one line, org.keypad.OSK1 taken); when
  sway exits, keypad-osk says so and exits 6.

The app's own value is checked every time: AT-SPI's text of a GTK 3 entry, the page's input
events (a password's only as its length), the GTK 4 form's printed text. The keys are found
through keypad-osk's trace (KEYPAD_IM_TRACE: the layout shown and each key's rectangle in the
keypad's window) and the keypad's band in a screenshot (where the window starts), and tapped
with the tests' virtual pointer (Tests/Support/virtual_pointer.c).

    scripts/display/with-wayland sway|cage /usr/bin/python3 Tests/OSK/osk_e2e.py BIN_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.atspi_app import App, keypad_osk_running  # noqa: E402
from keypad_harness.gtk4_apps import GTK4_FORM, tap_gtk4_form  # noqa: E402
from keypad_harness.keypad_osk import OSK, Keypad, band_top, puri, screenshot, shots  # noqa: E402
from keypad_harness.process import context_switches, thread_wait, woken  # noqa: E402
from keypad_harness.runner import run_tests  # noqa: E402
from keypad_harness.screenshot import CHROME, keypad_band  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402
from keypad_harness.wayland import PLAIN, VirtualPointer, click_output, sway_windows  # noqa: E402
from keypad_harness.web import Page, chromium, firefox, stop_browser  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


COMPOSITOR = os.environ.get("KEYPAD_COMPOSITOR", "")
FORM = os.path.join(HERE, "..", "IM", "im_form.py")
# Typed on the symbols page into the password field; never in any output. Symbols between the
# digits, so that no timestamp or process id in a browser's log can contain it by chance.
SECRET = "2$5#8&0"


def key_rect(osk, role):
    """The first key of `role` in keypad-osk's trace: x, y, width, height in its keypad window."""
    line = next(line for line in osk.trace.lines() if line.startswith(f"key {role} "))
    return tuple(int(v) for v in line.split(" ")[-1].split(","))


def assert_one_focused_view(title_part):
    """sway's tree: the app's view focused, and no view of the keypad's own."""
    views = sway_windows()
    focused = [name for name, is_focused, _ in views if is_focused]
    assert len(focused) == 1 and title_part in focused[0], f"focus is not on the app: {views}"
    assert not any("Keypad" == name or "keypad-osk" == name for name, _, _ in views), f"a keypad view: {views}"


# GTK 3


def test_gtk3_form(bin_dir, workdir):
    """keypad-osk started before the app: the app's DIGITS and PHONE entries get their pads
    and every key edits the entry."""
    osk = OSK(bin_dir, workdir)
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Digits"], env={"GTK_IM_MODULE": ""})
        digits = app.require("Digits", "text")
        keypad, top = osk.wait_keypad(0, "numberPad")
        assert_one_focused_view("Keypad IM form")
        for key, expected in (("1", "1"), ("2", "12"), ("3", "123"), ("Delete", "12")):
            osk.tap(keypad, top, key)
            wait_for(lambda: App.text(digits) == expected, f"Digits to read {expected!r}",
                     seen=lambda: App.text(digits))
        assert Atspi.Text.add_selection(digits, 0, 2), "AT-SPI could not select"
        wait_for(lambda: Atspi.Text.get_n_selections(digits) == 1, "a selection")
        osk.tap(keypad, top, "Delete")
        wait_for(lambda: App.text(digits) == "", "Delete to remove the selection", seen=lambda: App.text(digits))
        osk.tap(keypad, top, "7")
        wait_for(lambda: App.text(digits) == "7", "Digits to read '7'", seen=lambda: App.text(digits))
        osk.tap(keypad, top, "Return")
        app.wait_for_line("activate Digits")
        assert App.text(digits) == "7", f"Return changed the text: {App.text(digits)!r}"

        mark = osk.trace.mark()
        phone = app.require("Phone", "text")
        assert Atspi.Component.grab_focus(phone), "grab_focus on Phone failed"
        keypad, top = osk.wait_keypad(mark, "phonePad")
        osk.tap(keypad, top, "5")
        wait_for(lambda: App.text(phone) == "5", "Phone to read '5'", seen=lambda: App.text(phone))
        assert App.text(digits) == "7"
        assert_one_focused_view("Keypad IM form")
        lines = osk.trace.lines()
        assert "focus-in purpose=2 hints=0 widget=wayland" in lines, lines[:4]
        assert "focus-in purpose=4 hints=0 widget=wayland" in lines, [line for line in lines if "focus" in line]
    finally:
        if app:
            app.close()
        osk.close()


def test_osk_started_after_the_app(bin_dir, workdir):
    """An app whose field has focus before keypad-osk starts gets its pad once it does."""
    app = App(["/usr/bin/python3", FORM, "--focus", "Digits", "--report-focus"], env={"GTK_IM_MODULE": ""})
    osk = None
    try:
        app.wait_for_line("focus Digits")
        osk = OSK(bin_dir, workdir, "late")
        keypad, top = osk.wait_keypad(0, "numberPad")
        digits = app.require("Digits", "text")
        osk.tap(keypad, top, "4")
        wait_for(lambda: App.text(digits) == "4", "Digits to read '4'", seen=lambda: App.text(digits))
    finally:
        app.close()
        if osk:
            osk.close()


def test_activate_storm(bin_dir, workdir):
    """300 focus moves 2 ms apart: keypad-osk keeps up, ends with the last field's pad, and types there."""
    osk = OSK(bin_dir, workdir, "storm")
    app = None
    try:
        app = App(["/usr/bin/python3", os.path.join(HERE, "storm_form.py")], env={"GTK_IM_MODULE": ""})
        app.wait_for_line("settled", timeout=15)
        mark = osk.trace.mark()
        phone = app.require("Phone", "text")
        keypad = wait_for(lambda: (lambda k: k if k and k[0] == "phonePad" else None)(osk.trace.keypad(0)),
                          "the phone pad after the storm", timeout=8, seen=lambda: osk.trace.lines()[-3:])
        top = band_top()
        osk.tap(keypad, top, "3")
        wait_for(lambda: App.text(phone) == "3", "Phone to read '3'", seen=lambda: App.text(phone))
        assert App.text(app.require("Digits", "text")) == ""
        assert osk.process.poll() is None
        focus_ins = len([line for line in osk.trace.lines()[:mark] if line.startswith("focus-in")])
        assert focus_ins <= 301, focus_ins
    finally:
        if app:
            app.close()
        osk.close()


def test_locale_and_a_broken_css(bin_dir, workdir):
    """--locale de_DE: the decimal pad's separator types a comma; --css naming a missing file: one
    line saying so, and the theme's look (light, the default) stays."""
    css = os.path.join(workdir, "missing.css")
    osk = OSK(bin_dir, workdir, "locale", ["--locale", "de_DE", "--css", css])
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Amount"], env={"GTK_IM_MODULE": ""})
        keypad, top = osk.wait_keypad(0, "decimalPad")
        x, y, w, h = key_rect(osk, "decimalSeparator")
        amount = app.require("Amount", "text")
        osk.tap(keypad, top, "1")
        wait_for(lambda: App.text(amount) == "1", "Amount to read '1'", seen=lambda: App.text(amount))
        click_output(x + w // 2, top + y + h // 2)
        wait_for(lambda: App.text(amount) == "1,", "the separator to type a comma", seen=lambda: App.text(amount))
        osk.tap(keypad, top, "5")
        wait_for(lambda: App.text(amount) == "1,5", "Amount to read '1,5'", seen=lambda: App.text(amount))
        lines = [line for line in osk.output().splitlines() if line.startswith("keypad-osk:")]
        assert len(lines) == 1 and "missing.css" in lines[0], lines
        assert "ignoring it: the theme's look stays" in lines[0], lines
    finally:
        if app:
            app.close()
        osk.close()


def test_css_above_the_theme(bin_dir, workdir):
    """--css FILE.css goes above the theme (here light, the default), as the demo's does: the
    Delete key takes the file's red, and what the file leaves alone keeps the theme's look (the
    area's colour and the blue return key, which band_top finds)."""
    css = os.path.join(workdir, "red-delete.css")
    with open(css, "w") as file:
        file.write(".keypad-key-delete { background-color: #ff0000; }\n")
    osk = OSK(bin_dir, workdir, "css", ["--css", css])
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Amount"], env={"GTK_IM_MODULE": ""})
        keypad, top = osk.wait_keypad(0, "decimalPad")
        x, y, w, h = key_rect(osk, "delete")
        shot = screenshot("css")
        left_edge, digit = shot.pixel(x + 4, top + y + h // 2), keypad[2]["1"]
        assert left_edge == (255, 0, 0), f"the Delete key is {left_edge}, not the file's red"
        assert shot.pixel(digit[0] - w // 2 + 4, top + digit[1]) == (255, 255, 255), "a digit lost the theme's white"
        assert not [line for line in osk.output().splitlines() if line.startswith("keypad-osk:")], osk.output()
    finally:
        if app:
            app.close()
        osk.close()

def test_exclusive_zone(bin_dir, workdir):
    """--exclusive: while the keypad shows, sway tiles the app's window above it; once it hides,
    the window has the whole output again."""
    osk = OSK(bin_dir, workdir, "exclusive", ["--exclusive"])
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Digits"], env={"GTK_IM_MODULE": ""})
        keypad, top = osk.wait_keypad(0, "numberPad")

        def height():
            return next((rect["height"] for name, _, rect in sway_windows() if name == "Keypad IM form"), None)
        wait_for(lambda: height() == top, f"the window to end at the keypad's top ({top})", seen=height)
        mark = osk.trace.mark()
        osk.tap(keypad, top, "Dismiss keypad")
        osk.trace.wait_hidden(mark)
        wait_for(lambda: height() == 720, "the window to fill the output again", seen=height)
    finally:
        if app:
            app.close()
        osk.close()


def test_second_osk_refuses(bin_dir, workdir):
    """Another input method holds the seat: the second keypad-osk says so and exits 5."""
    first = OSK(bin_dir, workdir, "first")
    try:
        # The first one holds the seat once it serves an app.
        app = App(["/usr/bin/python3", FORM, "--focus", "Amount"], env={"GTK_IM_MODULE": ""})
        try:
            first.wait_keypad(0, "decimalPad")
        finally:
            app.close()
        second = subprocess.run([os.path.join(bin_dir, "keypad-osk")], capture_output=True, text=True, timeout=10,
                                env=PLAIN)
        assert second.returncode == 5, f"exit {second.returncode}: {second.stderr!r}"
        assert second.stderr.strip() == (
            "keypad-osk: another input method holds the seat (is another keypad-osk or squeekboard running?)"), \
            second.stderr
        assert first.process.poll() is None, "the first keypad-osk went away"
    finally:
        first.close()


def test_dismiss_and_sm_puri_osk0(bin_dir, workdir):
    """The toolbar's Dismiss hides the keypad (the field keeps focus and text); sm.puri.OSK0's
    Visible follows, and SetVisible(true) brings the keypad back, SetVisible(false) hides it."""
    osk = OSK(bin_dir, workdir, "puri")
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Phone"], env={"GTK_IM_MODULE": ""})
        keypad, top = osk.wait_keypad(0, "phonePad")
        visible = "org.freedesktop.DBus.Properties.Get"
        wait_for(lambda: puri(visible, "sm.puri.OSK0", "Visible") == "(<true>,)", "Visible true",
                 seen=lambda: puri(visible, "sm.puri.OSK0", "Visible"))
        mark = osk.trace.mark()
        osk.tap(keypad, top, "Dismiss keypad")
        osk.trace.wait_hidden(mark)
        assert puri(visible, "sm.puri.OSK0", "Visible") == "(<false>,)"
        phone = app.require("Phone", "text")
        assert App.focused(phone), "the field lost focus"
        mark = osk.trace.mark()
        assert puri("sm.puri.OSK0.SetVisible", "true") == "()"
        keypad, top = osk.wait_keypad(mark, "phonePad")
        osk.tap(keypad, top, "9")
        wait_for(lambda: App.text(phone) == "9", "Phone to read '9'", seen=lambda: App.text(phone))
        assert puri(visible, "sm.puri.OSK0", "Visible") == "(<true>,)"
        mark = osk.trace.mark()
        assert puri("sm.puri.OSK0.SetVisible", "false") == "()"
        osk.trace.wait_hidden(mark)
        assert App.text(phone) == "9" and App.focused(phone)
    finally:
        if app:
            app.close()
        osk.close()


# Idle

def assert_idle(osk, what, seconds=2.0):
    """keypad-osk sleeps: its main loop waits with no timer armed (GLib's poll with no timeout,
    within 5 s: a one-shot timer under way may end first), so does every other thread, and
    then none of them wakes (no context switch) for `seconds`. GLib's worker-pool threads
    (`pool-…`, GTask's) are left out of the waits: one waits 15 s for work, then ends."""
    pid = osk.process.pid
    waits = []
    wait_for(lambda: waits.append(thread_wait(pid, pid)) or waits[-1].endswith("no timeout"),
             f"keypad-osk's main loop to wait with no timer armed ({what})", seen=lambda: waits[-3:])
    before = context_switches(pid)
    timed = {f"{tid} {name}": thread_wait(pid, tid) for tid, (name, _) in before.items()
             if not name.startswith("pool-")}
    assert all(wait.endswith("no timeout") for wait in timed.values()), f"threads waiting with a timeout: {timed}"
    time.sleep(seconds)
    threads = woken(before, context_switches(pid))
    assert not threads, f"keypad-osk woke in {seconds} s idle ({what}): context switches per thread {threads}"
    assert thread_wait(pid, pid).endswith("no timeout"), f"a timer armed ({what}): {thread_wait(pid, pid)}"


def test_idle(bin_dir, workdir):
    """With its pad shown and nothing happening, and with it hidden, keypad-osk sleeps: no timer,
    no polling, no thread waking. It found GtkViewport's pixel cache, whose 20-second timer every
    frame re-armed (SlideContainer now clips with a widget of its own). Two start-up one-shots
    that are not keypad-osk's are left out: the accessibility bridge (NO_AT_BRIDGE) keeps the
    objects it hands to AT-SPI clients (the registry, at start) for a 15-second lease and ends it
    from a timer; dconf's worker thread (GSettings' memory backend instead) subscribes over D-Bus
    at start and was seen, now and then, still waiting for a reply seconds later, under GDBus's
    25-second call timeout."""
    osk = OSK(bin_dir, workdir, "idle", env={"NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory"})
    app = None
    try:
        app = App(["/usr/bin/python3", FORM, "--focus", "Digits"], env={"GTK_IM_MODULE": ""})
        keypad, top = osk.wait_keypad(0, "numberPad")
        assert_idle(osk, "the number pad shown")
        digits = app.require("Digits", "text")
        osk.tap(keypad, top, "5")
        wait_for(lambda: App.text(digits) == "5", "Digits to read '5'", seen=lambda: App.text(digits))
        mark = osk.trace.mark()
        assert puri("sm.puri.OSK0.SetVisible", "false") == "()"
        osk.trace.wait_hidden(mark)
        assert_idle(osk, "the pad hidden")
    finally:
        if app:
            app.close()
        osk.close()


# GTK 4


def test_gtk4_form(bin_dir, workdir):
    osk = OSK(bin_dir, workdir, "gtk4")
    app = subprocess.Popen(["/usr/bin/python3", GTK4_FORM], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           text=True, env=PLAIN)
    try:
        keypad, top = osk.wait_keypad(0, "numberPad")
        tap_gtk4_form(app, lambda key: osk.tap(keypad, top, key))
        assert_one_focused_view("Keypad GTK 4 form")
    finally:
        app.terminate()
        app.wait(timeout=5)
        osk.close()


# Chromium


def test_chromium_kiosk(bin_dir, workdir):
    osk = OSK(bin_dir, workdir, "chromium")
    page = Page()
    profile = tempfile.mkdtemp(prefix="keypad-osk-chromium-")
    browser, log = chromium(page, profile)
    try:
        page.wait_load(0)
        views = wait_for(lambda: [v for v in sway_windows() if v[1]], "Chromium's view to be focused", timeout=20)
        assert views[0][2]["width"] == 1280 and views[0][2]["height"] == 720, f"not fullscreen: {views}"
        pads = {"number": "decimalPad", "tel": "phonePad", "email": "emailAddress", "password": "default",
                "text": "default"}
        for id, layout in pads.items():
            mark = osk.trace.mark()
            page.command("focus", id=id)
            osk.wait_keypad(mark, layout)
        # number: typing, Delete, Return submitting the form, over the fullscreen window.
        mark = osk.trace.mark()
        page.command("focus", id="number")
        keypad, top = osk.wait_keypad(mark, "decimalPad")
        assert 720 - top > 200, f"the keypad band is {720 - top} px tall"
        for key, expected in (("4", "4"), ("2", "42"), ("Delete", "4"), ("5", "45")):
            events = page.mark()
            osk.tap(keypad, top, key)
            page.wait_event(events, "input", "number", where=lambda e, v=expected: e.get("value") == v)
        events = page.mark()
        osk.tap(keypad, top, "Return")
        submit = page.wait_event(events, "submit")
        assert submit["values"]["number"] == {"value": "45"}, submit["values"]
        assert_one_focused_view("Chromium")
        # Delete over a selection.
        mark = osk.trace.mark()
        page.command("focus", id="tel")
        keypad, top = osk.wait_keypad(mark, "phonePad")
        for key, expected in (("1", "1"), ("2", "12"), ("3", "123")):
            events = page.mark()
            osk.tap(keypad, top, key)
            page.wait_event(events, "input", "tel", where=lambda e, v=expected: e.get("value") == v)
        events = page.mark()
        page.command("select", id="tel", start=0, end=2)
        osk.tap(keypad, top, "Delete")
        page.wait_event(events, "input", "tel", where=lambda e: e.get("value") == "3")
        # textarea: the return key breaks the line.
        mark = osk.trace.mark()
        page.command("focus", id="textarea")
        keypad, top = osk.wait_keypad(mark, "default")
        for key, expected in (("q", "q"), ("Return", "q\n")):
            events = page.mark()
            osk.tap(keypad, top, key)
            page.wait_event(events, "input", "textarea", where=lambda e, v=expected: e.get("value") == v)
        # password: secure, typed, its text in no output.
        mark = osk.trace.mark()
        page.command("focus", id="password")
        keypad, top = osk.wait_keypad(mark, "default")
        assert "Previous field" not in keypad[2] and "Next field" not in keypad[2], keypad[2].keys()
        tmark = osk.trace.mark()
        osk.tap(keypad, top, "Numbers and symbols")
        numbers = wait_for(lambda: (lambda k: k if k and "2" in k[2] else None)(osk.trace.keypad(tmark)),
                           "the numbers page", seen=lambda: osk.trace.lines()[tmark:][:3])
        for count, key in enumerate(SECRET, 1):
            events = page.mark()
            osk.tap(numbers, top, key)
            page.wait_event(events, "input", "password", where=lambda e, n=count: e.get("length") == n)
        trace = "\n".join(osk.trace.lines())
        assert "focus-in purpose=8 hints=192 widget=wayland" in trace, trace[:300]
        assert "tap •" in trace, "the password's taps are not concealed in the trace"
        log.flush()
        outputs = {"trace": trace, "keypad-osk": osk.output(), "chromium": open(log.name, errors="replace").read(),
                   "page events": json.dumps(page.snapshot())}
        for name, text in outputs.items():
            leaks = [line for line in text.splitlines() if SECRET in line]
            assert not leaks, f"the password's text is in {name}: {leaks[:3]}"
        shot = screenshot("chromium-kiosk")
        assert keypad_band(shot, 0, 1280, 720) is not None and shot.pixel(640, 3) != CHROME
    finally:
        stop_browser(browser, log)
        page.close()
        osk.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_module_and_osk_at_once(bin_dir, workdir):
    """GTK_IM_MODULE=keypad session-wide while keypad-osk runs: the GTK 3 app's module hands its
    field to keypad-osk over the session bus (the app speaks no text-input then), Chromium reaches
    it through the compositor, and one keypad follows focus: the app's number pad, then Chromium's
    phone pad."""
    osk = OSK(bin_dir, workdir, "both")
    page = Page()
    profile = tempfile.mkdtemp(prefix="keypad-osk-both-")
    app = browser = log = None
    try:
        wait_for(keypad_osk_running, "keypad-osk to own its name on the session bus", timeout=15)
        app = App(["/usr/bin/python3", FORM, "--focus", "Digits"],
                  env={"GTK_IM_MODULE": "keypad", "GTK_IM_MODULE_FILE": os.path.join(bin_dir, "immodules.cache")})
        osk.wait_keypad(0, "numberPad")
        focus_ins = [line for line in osk.trace.lines() if "focus-in " in line]
        assert focus_ins and all(line.startswith("dbus focus-in ") for line in focus_ins), focus_ins
        # Chromium's window takes focus as it opens: its field's pad replaces the app's.
        mark = osk.trace.mark()
        browser, log = chromium(page, profile)
        page.wait_load(0)
        page.command("focus", id="tel")
        osk.wait_keypad(mark, "phonePad")
        assert [line for line in osk.trace.since(mark) if line.startswith("focus-in ") and
                line.endswith(" widget=wayland")], osk.trace.since(mark)
    finally:
        if browser:
            stop_browser(browser, log)
        page.close()
        if app:
            app.close()
        osk.close()
        shutil.rmtree(profile, ignore_errors=True)


# Firefox


def test_firefox(bin_dir, workdir):
    """Firefox ESR on Wayland passes inputmode too (numeric → number pad, decimal → decimal pad).
    Known limit: its first field after start arrives as purpose 0 (NORMAL), whatever its type."""
    osk = OSK(bin_dir, workdir, "firefox")
    page = Page()
    profile = tempfile.mkdtemp(prefix="keypad-osk-firefox-")
    browser, log = firefox(page, profile)
    try:
        page.wait_load(0, timeout=40)
        mark = osk.trace.mark()
        page.command("focus", id="numeric")
        osk.wait_keypad(mark, "default")
        assert "focus-in purpose=0 hints=0 widget=wayland" in osk.trace.since(mark), osk.trace.since(mark)[:2]
        for id, layout in (("decimal", "decimalPad"), ("numeric", "numberPad")):
            mark = osk.trace.mark()
            page.command("focus", id=id)
            keypad, top = osk.wait_keypad(mark, layout)
        for key, expected in (("6", "6"), ("1", "61"), ("Delete", "6")):
            events = page.mark()
            osk.tap(keypad, top, key)
            page.wait_event(events, "input", "numeric", where=lambda e, v=expected: e.get("value") == v)
        events = page.mark()
        osk.tap(keypad, top, "Return")
        submit = page.wait_event(events, "submit")
        assert submit["values"]["numeric"] == {"value": "6"}, submit["values"]
    finally:
        stop_browser(browser, log)
        page.close()
        osk.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_compositor_gone(bin_dir, workdir):
    """The compositor exits: keypad-osk says so and exits 6 (the run's last test: sway is gone after)."""
    osk = OSK(bin_dir, workdir, "gone")
    try:
        # It has bound the seat once it offers sm.puri.OSK0 (started after the Wayland front).
        wait_for(lambda: puri("org.freedesktop.DBus.Properties.Get", "sm.puri.OSK0", "Visible") is not None,
                 "keypad-osk on the session bus", timeout=10)
        subprocess.run(["swaymsg", "exit"], capture_output=True, timeout=10)
        status = osk.process.wait(timeout=10)
        assert status == 6, f"exit {status}: {osk.output()!r}"
        assert "keypad-osk: the Wayland compositor went away\n" in osk.output(), osk.output()
    finally:
        osk.close()


# cage


def test_cage_serves_from_xwayland(bin_dir, workdir):
    """cage has no input-method-v2 (nor layer-shell) but runs Xwayland (DISPLAY): keypad-osk says
    in one line that it serves the apps' modules from there, takes org.keypad.OSK1 and draws on
    the Xwayland (its window on the X server's tree). Tests/Wayland's cage cases type through it."""
    osk = OSK(bin_dir, workdir, "cage")
    try:
        wait_for(lambda: Keypad.owner_pid() == osk.process.pid, "keypad-osk to own org.keypad.OSK1", timeout=20,
                 seen=osk.output)
        assert osk.output() == ("keypad-osk: the Wayland compositor offers no zwp_input_method_manager_v2: serving the"
                                f" apps' keypad modules from its Xwayland (DISPLAY={os.environ['DISPLAY']})\n"), osk.output()
        tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True, timeout=10).stdout
        assert '"keypad-osk": ("keypad-osk" "Keypad-osk")' in tree, tree
    finally:
        osk.close()


def test_cage_refuses_without_xwayland(bin_dir, workdir):
    """With no X display, cage cannot be served: keypad-osk says so and exits 4."""
    environment = {key: value for key, value in PLAIN.items() if key != "DISPLAY"}
    result = subprocess.run([os.path.join(bin_dir, "keypad-osk")], capture_output=True, text=True, timeout=20,
                            env=environment)
    assert result.returncode == 4, f"exit {result.returncode}: {result.stderr!r}"
    assert result.stderr.startswith("keypad-osk: the Wayland compositor offers no "), result.stderr


SWAY_TESTS = [test_gtk3_form, test_osk_started_after_the_app, test_dismiss_and_sm_puri_osk0, test_idle, test_activate_storm,
              test_locale_and_a_broken_css, test_css_above_the_theme,
              test_exclusive_zone, test_second_osk_refuses, test_gtk4_form, test_chromium_kiosk, test_module_and_osk_at_once, test_firefox,
              test_compositor_gone]


def main():
    bin_dir = sys.argv[1]
    workdir = tempfile.mkdtemp(prefix="keypad-osk-run-")
    if COMPOSITOR == "sway":
        missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
        assert not missing, f"no virtual pointer: {missing}"
        from caret_e2e import TESTS as CARET_TESTS  # the field being typed into (#34); it imports this file
        # Before test_compositor_gone, which ends sway.
        tests = [t for t in SWAY_TESTS if t is not test_compositor_gone] + CARET_TESTS + [test_compositor_gone]
    else:
        tests = [test_cage_serves_from_xwayland, test_cage_refuses_without_xwayland]
    return run_tests(tests, COMPOSITOR, (bin_dir, workdir), sys.argv[2:], (shots(), workdir))


if __name__ == "__main__":
    sys.exit(main())
