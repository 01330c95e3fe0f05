#!/usr/bin/python3
"""keypad-osk from its package in labwc 0.8.3 (Raspberry Pi OS's compositor), as Debian 13 runs
them: a Chromium kiosk (Wayland, fullscreen) on Tests/Web/form.html, its number and tel fields
tapped with the tests' virtual pointer; then a PyQt6 form (Qt 6.8, text-input-v3, no plug-in) and a
PyQt5 form through the Qt plug-in's Debian 13 package (KEYPAD_LABWC_SESSION: the command prefix that
runs it as the session's user on its bus). Run by Tests/OSK/labwc_deb13.sh inside the Debian 13
chroot, as root, with labwc already up (WAYLAND_DISPLAY, KEYPAD_SCREEN_WAYLAND_DISPLAY) and
keypad-osk started by labwc's autostart, writing its trace to TRACE.

Each field: the page reports its focus; keypad-osk's trace shows the field's pad (decimal pad
for number, phone pad for tel); a screenshot (grim) shows the keypad's band across the bottom
of the fullscreen page with the page still above it; taps on its keys (their rectangles from
the trace) change the page's own value (the page's input events, posted to the loopback server).
Then the field being typed into stays uncovered (#34, Tests/OSK/caret_checks.py): a field near the
bottom of a Chromium kiosk, a Firefox ESR kiosk, and fullscreen GTK 4 and PyQt6 windows takes the
keypad to the top edge (the GTK 4 window's as keypad-osk's first keypad, which arrives there once).

    labwc_kiosk.py VIRTUAL_POINTER TRACE [TEST]

TEST: kiosk (the default: the kiosk, the Qt forms and the caret tests above) or gtk4, a GTK 4 form (Tests/OSK/gtk4_text_input_form.py,
GTK's own text-input-v3, no module) whose Digits entry gets the number pad and whose own text
follows taps on its keys and Delete: make test-arm64 runs that one in an arm64 labwc under
qemu-user, where Chromium would be too slow to start.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

from keypad_harness.form_app import QT_FORM, WaylandForm
from keypad_harness.gtk4_apps import GTK4_FORM, QT6_CARET, tap_gtk4_form
from keypad_harness.keypad_osk import band_top, screenshot
from keypad_harness.screenshot import CHROME, keypad_band
from keypad_harness.trace import Trace
from keypad_harness.waits import wait_for
from keypad_harness.wayland import PLAIN, VirtualPointer, click_output
from keypad_harness.web import Page, chromium, firefox, stop_browser

from caret_checks import chromium_caret, chromium_on, gtk4_caret


WHITE = (255, 255, 255)
# Each field, the text-input-v3 purpose Chromium gives it (3 NUMBER, 4 PHONE), its pad, and the
# keys tapped with the page's value after each.
FIELDS = (
    ("number", 3, "decimalPad", (("4", "4"), ("2", "42"), ("Delete", "4"), ("5", "45"))),
    ("tel", 4, "phonePad", (("1", "1"), ("2", "12"), ("3", "123"))),
)


def tap_field(page, id):
    """A pointer tap in the middle of the field (the page's CSS pixels are the output's: the
    kiosk fills the output at scale 1); waits for the page's focus event of it."""
    x, y, w, h = page.rect(id)
    events = page.mark()
    click_output(x + w // 2, y + h // 2)
    page.wait_event(events, "focus", id)


def test_chromium_kiosk(trace, workdir):
    page = Page()
    profile = tempfile.mkdtemp(prefix="keypad-labwc-chromium-", dir=workdir)
    browser, log = chromium(page, profile)
    try:
        page.wait_load(0, timeout=60)
        # The kiosk fills the output: the page's white in every corner.
        corners = ((1, 1), (1278, 1), (1, 718), (1278, 718))
        wait_for(lambda: all(screenshot("kiosk").pixel(x, y) == WHITE for x, y in corners),
                 "the page's white in the output's four corners", timeout=10,
                 seen=lambda: [screenshot("kiosk").pixel(x, y) for x, y in corners])
        for id, purpose, layout, taps in FIELDS:
            mark = trace.mark()
            tap_field(page, id)
            keypad = trace.wait_keypad(mark, layout)
            focus_ins = trace.since(mark, "focus-in")
            assert focus_ins and focus_ins[-1].startswith(f"focus-in purpose={purpose} "), focus_ins
            top = band_top(f"{id}-band")
            shot = screenshot(f"{id}-keypad")
            assert 720 - top > 200, f"the keypad band is {720 - top} px tall"
            assert keypad_band(shot, 0, 1280, 720) == top and shot.pixel(640, 3) == WHITE, \
                f"not the keypad over the page: band {keypad_band(shot, 0, 1280, 720)}, top {shot.pixel(640, 3)}"
            assert shot.pixel(640, 3) != CHROME
            for key, expected in taps:
                events = page.mark()
                x, y = keypad[2][key]
                click_output(x, top + y)
                page.wait_event(events, "input", id, where=lambda e, v=expected: e.get("value") == v)
            print(f"ok   labwc: {id} field tapped → {layout} over the kiosk; typed {taps[-1][1]!r}", flush=True)
    finally:
        stop_browser(browser, log)
        page.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_chromium_caret(trace, workdir):
    """A Chromium kiosk's field near the bottom: labwc tells the caret, the keypad goes along the
    top and the field stays uncovered (Tests/OSK/caret_checks.py)."""
    with chromium_on("form.html?low=tel", workdir=workdir) as page:
        up, down = chromium_caret(page, trace, lambda name: screenshot(f"labwc-{name}"), True)
    print(f"ok   labwc: Chromium's field near the bottom → the keypad along the top {up}; its field at the top → "
          f"back at the bottom {down}", flush=True)


def test_first_keypad_in_place(trace, workdir):
    """keypad-osk's first keypad since it started: a fullscreen GTK 4 window's entry near the
    bottom takes it along the top at once (it arrives once, never first at the bottom), the
    entry's pixels uncovered, keys type, and focus on the entry at the top brings it back."""
    gtk4_caret(trace, lambda name: screenshot(f"labwc-{name}"), True, dict(os.environ), first=True)


def test_qt6_caret(trace, workdir):
    """The same window in PyQt6 (Qt 6.8's own text-input-v3, no plug-in): labwc tells its caret."""
    env = {key: value for key, value in os.environ.items() if key != "QT_IM_MODULE"}
    how = gtk4_caret(trace, lambda name: screenshot(f"labwc-{name}"), True, dict(env, QT_QPA_PLATFORM="wayland"),
                     command=QT6_CARET, name="qt6")
    print(f"ok   labwc: Qt 6's field near the bottom → the keypad along the top; focus on its top field → the "
          f"keypad back at the bottom {how}", flush=True)


def test_firefox_caret(trace, workdir):
    """A Firefox ESR kiosk (Wayland) on the page with its field near the bottom: labwc tells the
    caret, the keypad goes along the top. Its first field after start is focused first (it gets
    no purpose: the known limit, docs/keypad-osk.md)."""
    with chromium_on("form.html?low=tel", workdir=workdir, browser=firefox) as page:
        up, down = chromium_caret(page, trace, lambda name: screenshot(f"labwc-firefox-{name}"), True,
                                  first_field="number")
    print(f"ok   labwc: Firefox's field near the bottom → the keypad along the top {up}; its field at the top → "
          f"back at the bottom {down}", flush=True)


# The Qt 6 form's fields (Tests/Qt/qt_form.py), the text-input-v3 purpose Qt 6.8 gives each
# hint (2 DIGITS, 3 NUMBER, 4 PHONE, 6 EMAIL), the pad, keys tapped and the text they make.
# Number → Phone is a swap between two pads of one height, with no keyboard notification.
QT_FIELDS = (
    ("Number", 3, "decimalPad", ("4", "5"), "45"),
    ("Phone", 4, "phonePad", ("5", "*"), "5*"),
    ("Email", 6, "emailAddress", ("q", "@"), "q@"),
    ("Digits", 2, "numberPad", ("1", "2", "Delete"), "1"),
)


def test_qt6_form(trace, workdir):
    """Qt 6.8 (Debian 13) speaks text-input-v3 itself: a PyQt6 form with no input-method plug-in
    (QT_IM_MODULE unset) gets each field's pad from keypad-osk, a `shown` line for each in the
    trace (Qt keeps one activation and changes only the content type from field to field), and
    taps type; a password field's keys are concealed in the trace."""
    form = WaylandForm(workdir, "Qt 6 labwc form", env={}, command=QT_FORM + ["6", "widgets"])
    try:
        form.activate()
        for name, purpose, layout, keys, text in QT_FIELDS:
            mark = trace.mark()
            form.focus(name)
            keypad = trace.wait_keypad(mark, layout)
            assert any(f"purpose={purpose} " in line for line in trace.since(mark, "focus-in")) or \
                any(f"purpose={purpose} " in line for line in trace.since(mark, "purpose")), trace.since(mark)[:4]
            top = band_top(f"qt-{name}-band")
            for key in keys:
                before = form.text(name)
                x, y = keypad[2][key]
                click_output(x, top + y)
                wait_for(lambda: form.text(name) != before, f"key {key!r} to change {name}", seen=lambda: form.text(name))
            assert form.text(name) == text, f"{name} has {form.text(name)!r}"
            form.assert_focused(name)
            print(f"ok   labwc: Qt 6 {name} → {layout}; typed {text!r}", flush=True)
        mark = trace.mark()
        form.focus("Password")
        keypad = trace.wait_keypad(mark, "default")
        top = band_top("qt-password-band")
        x, y = keypad[2]["q"]
        click_output(x, top + y)
        wait_for(lambda: form.text("Password") == "q", "the password's q")
        taps = trace.since(mark, "tap ")
        assert taps == ["tap \u2022"], f"the password's key in the trace: {taps}"
        print("ok   labwc: Qt 6 Password → default layout, its key concealed in the trace", flush=True)
    finally:
        form.close()


def test_qt5_plugin_form(trace, workdir):
    """Qt 5.15 (Debian 13) speaks no text-input-v3: in labwc its one way to keypad-osk is the
    plug-in, Debian 13's keypad-im-qt5 package (QT_IM_MODULE=keypad alone), over the session's
    bus, the form run as the session's user. Each field's pad, taps type, Delete; the toolbar's
    previous is disabled on the first field and next moves focus; done keeps the field's focus."""
    session = os.environ["KEYPAD_LABWC_SESSION"].split()
    # Before the form starts: Digits, its first field, takes focus as its window does.
    mark = trace.mark()
    form = WaylandForm(workdir, "Qt 5 labwc form", env={"QT_IM_MODULE": "keypad"},
                       command=session + QT_FORM + ["5", "widgets"])

    def tap(keypad, top, key, condition, what):
        x, y = keypad[2][key]
        click_output(x, top + y)
        wait_for(condition, what)
    try:
        form.activate()
        form.focus("Digits")
        keypad = trace.wait_keypad(mark, "numberPad")
        assert any("purpose=2 " in line for line in trace.since(mark, "dbus focus-in")), trace.since(mark)[:4]
        assert "Previous field" not in keypad[2] and "Next field" in keypad[2], sorted(keypad[2])
        top = band_top("qt5-digits-band")
        for key, text in (("1", "1"), ("2", "12"), ("Delete", "1")):
            tap(keypad, top, key, lambda t=text: form.text("Digits") == t, f"{key!r} to leave {text!r} in Digits")
        mark = trace.mark()
        tap(keypad, top, "Next field", lambda: form.state()["focus"] == "Number", "Next field to focus Number")
        keypad = trace.wait_keypad(mark, "decimalPad")
        top = band_top("qt5-number-band")
        tap(keypad, top, "4", lambda: form.text("Number") == "4", "4 in Number")
        tap(keypad, top, "Dismiss keypad", lambda: trace.since(mark, "dismiss"), "done to dismiss the keypad")
        form.assert_focused("Number")
        print("ok   labwc: Qt 5 through keypad-im-qt5: Digits → numberPad, Number → decimalPad; typed, Delete, "
              "next, done", flush=True)
    finally:
        form.close()


def test_gtk4_form(trace, workdir):
    mark = trace.mark()
    errors = open(os.path.join(workdir, "gtk4-form.log"), "w")
    # GTK 4's cairo renderer: there is no GPU, and GL through Mesa's llvmpipe under qemu takes minutes.
    app = subprocess.Popen(["/usr/bin/python3", GTK4_FORM], stdout=subprocess.PIPE, stderr=errors, text=True,
                           env=dict(PLAIN, GSK_RENDERER="cairo"))
    try:
        # The form says "ready" once its window is presented (a GTK 4 app's start takes long under emulation).
        os.set_blocking(app.stdout.fileno(), False)
        output = []
        wait_for(lambda: output.extend(iter(app.stdout.readline, "")) or "ready\n" in output,
                 "the GTK 4 form to start", timeout=30, seen=lambda: (output, open(errors.name).read()[-500:]))
        # The form focuses Digits itself: GTK enables text-input-v3 with purpose DIGITS (2).
        keypad = trace.wait_keypad(mark, "numberPad")
        focus_ins = trace.since(mark, "focus-in")
        assert focus_ins and focus_ins[-1].startswith("focus-in purpose=2 "), focus_ins
        top = band_top("gtk4-band")
        tap_gtk4_form(app, lambda key: click_output(keypad[2][key][0], top + keypad[2][key][1]))
        print("ok   labwc: a GTK 4 form's Digits entry → numberPad; 8, 9, Delete typed 8 into it", flush=True)
    finally:
        app.terminate()
        app.wait(timeout=10)
        errors.close()


# The tests each run runs: kiosk (the default) on amd64, gtk4 under emulation (make test-arm64).
TESTS = {
    # The first keypad since keypad-osk started comes first.
    "kiosk": (test_first_keypad_in_place, test_chromium_kiosk, test_qt6_form, test_qt5_plugin_form, test_chromium_caret,
              test_qt6_caret, test_firefox_caret),
    "gtk4": (test_gtk4_form,),
}


def main():
    pointer, trace_path = sys.argv[1:3]
    workdir = os.path.dirname(trace_path)
    missing = VirtualPointer.start(pointer)
    assert not missing, f"no virtual pointer: {missing}"
    trace = Trace.__new__(Trace)  # keypad-osk already appends to it: not truncated here
    trace.path = trace_path
    failed = 0
    only = os.environ.get("KEYPAD_LABWC_ONLY", "").split()
    for test in TESTS[sys.argv[3] if len(sys.argv) > 3 else "kiosk"]:
        if only and test.__name__ not in only:
            continue
        start = time.time()
        try:
            test(trace, workdir)
        except Exception:  # noqa: BLE001 - every failure is reported, then the run fails
            failed += 1
            print(f"FAIL labwc {test.__name__}", flush=True)
            traceback.print_exc()
            print("keypad-osk's trace:", *trace.lines()[-20:], sep="\n  ")
            continue
        print(f"ok   labwc {test.__name__} ({time.time() - start:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
