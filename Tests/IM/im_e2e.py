#!/usr/bin/python3
"""End-to-end tests of the keypad GTK input-method module in three GTK 3 programs:
the Python form (Tests/IM/im_form.py), a C program (Tests/IM/im_c_form.c, compiled by
the Makefile) and Debian's zenity, which this project did not write.

The module in the app is the thin C one (Sources/ThinModules/GTK): it hands the focused field
to keypad-osk over the session bus, and keypad-osk, started by D-Bus activation, draws the
keypad and writes the trace. Run under scripts/display/with-display (Xvfb + openbox + D-Bus
with AT-SPI) with GTK_IM_MODULE_FILE naming the module's cache, XDG_DATA_DIRS naming the
build's share/ (keypad-osk's D-Bus service file) and KEYPAD_IM_TRACE a file (make test-im):

    Tests/IM/im_e2e.py --c-form PATH/TO/im-c-form --monitor PATH/TO/im-monitor \
        --odd-malloc-form PATH/TO/im-c-form-odd-malloc
    Tests/IM/im_e2e.py --no-window-manager      (under KEYPAD_NO_WM=1 scripts/display/with-display)

im-monitor (Tests/IM/im_monitor.c) changes the monitor for real (RandR 1.5). keypad-osk is the
program built beside im-c-form.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import tempfile
import time
import traceback

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

from keypad_harness.atspi_app import OSK_NAME, App, keypad_osk_pid, keypad_osk_running, \
    restart_keypad_osk  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402

from im_no_wm_tests import NO_WM_TESTS  # noqa: E402
from im_form_tests import FORM_TESTS, assert_quiet, focus, open_form, test_closing_the_app_mid_slide, \
    test_pin_leaks_nowhere  # noqa: E402


def test_locale_decimal_separator():
    """keypad-osk's locale (the keypad lives in its process) gives the decimal separator."""
    german = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_NUMERIC": ""}
    restart_keypad_osk(german)
    app = open_form(german)
    try:
        node = focus(app, "Amount")
        app.wait_for_keypad("Decimal separator")
        label = app.require("Decimal separator", "push button")
        app.type_keys(node, "4", "Decimal separator", "5")
        wait_for(lambda: app.text(node) == "4,5", "4,5 in Amount under de_DE")
        del label
    finally:
        app.close()
        restart_keypad_osk({"LANG": os.environ.get("LANG", ""), "LC_ALL": os.environ.get("LC_ALL", ""),
                                "LC_NUMERIC": os.environ.get("LC_NUMERIC", "")})
    assert_quiet(app, allowed=("Locale not supported",))


def test_keypad_osk_falls_back_from_broken_layout_and_css(bin_dir, tmp):
    """keypad-osk started with `--layouts DIR` holding a broken layout file and `--css` naming a
    broken CSS file (a kiosk's own files gone wrong): the Digits field still gets the bundled
    number pad and types, and keypad-osk's error output has one line naming each file."""
    layouts = os.path.join(tmp, "layouts")
    os.makedirs(layouts, exist_ok=True)
    with open(os.path.join(layouts, "brokenPad.json"), "w") as f:
        f.write('{"id": "brokenPad", "keyboardTypes": ["numberPad"], "rows": ')
    css = os.path.join(tmp, "broken-keypad.css")
    with open(css, "w") as f:
        f.write(".keypad-key { colour: red; }\n")
    restart_keypad_osk({})
    osk = subprocess.Popen([os.path.join(bin_dir, "keypad-osk"), "--layouts", layouts, "--css", css],
                           stderr=subprocess.PIPE, text=True)
    app = None
    try:
        wait_for(keypad_osk_running, "keypad-osk started by hand to own its name", timeout=15)
        assert keypad_osk_pid() == osk.pid, "another keypad-osk owns the name"
        app = open_form()
        node = focus(app, "Digits")
        app.wait_for_keypad()
        assert app.find("q", "push button") is None, "not the bundled number pad"
        app.type_keys(node, "7")
        wait_for(lambda: app.text(node) == "7", "the bundled number pad typing")
    finally:
        if app is not None:
            app.close()
        osk.terminate()
        _, errors = osk.communicate(timeout=10)
    lines = errors.splitlines()
    assert len([line for line in lines if "brokenPad.json" in line]) == 1, lines
    assert len([line for line in lines if "broken-keypad.css" in line]) == 1, lines
    assert len(lines) == 2, lines
    assert_quiet(app)


def destroyed_x_window():
    """An X window made and destroyed on an X connection of the test's own, which stays open (the
    connection is returned with it) so that the X server gives its id to no other client."""
    xlib = ctypes.CDLL("libX11.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XCreateSimpleWindow.restype = ctypes.c_ulong
    xlib.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_int] * 2 + [ctypes.c_uint] * 3 \
        + [ctypes.c_ulong] * 2
    xlib.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    display = xlib.XOpenDisplay(None)
    assert display, "no X display"
    window = xlib.XCreateSimpleWindow(display, xlib.XDefaultRootWindow(display), 0, 0, 120, 40, 0, 0, 0)
    xlib.XSync(display, 0)
    xlib.XDestroyWindow(display, window)
    xlib.XSync(display, 0)
    return (xlib, display), window


def test_an_app_window_gone_before_keypad_osk_looks_at_it():
    """An app's X window destroyed between its FocusIn and keypad-osk's look at it (an app that
    quits or crashes as a field takes focus; the focus races make that likely): keypad-osk
    places its keypad for that window (the caret in root coordinates, transient for it) with
    every X error trapped. The keypad shows, keypad-osk lives on as the same process, and the
    next app's field gets its pad."""
    (xlib, display), window = destroyed_x_window()
    trace = os.environ["KEYPAD_IM_TRACE"]
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def call(method, signature, *arguments):
        bus.call_sync(OSK_NAME, "/org/keypad/OSK1", OSK_NAME, method, GLib.Variant(signature, arguments), None,
                      Gio.DBusCallFlags.NONE, 5000, None)
    try:
        call("FocusOut", "()")  # starts keypad-osk (D-Bus activation), if none runs
        pid = keypad_osk_pid()
        mark = len(open(trace).read().splitlines())
        call("FocusIn", "(uuutiiii)", 2, 0, 0, window, 10, 10, 2, 20)  # DIGITS in the destroyed window
        call("SetCursorRect", "(tiiii)", window, 30, 10, 2, 20)
        wait_for(lambda: "shown numberPad digits" in open(trace).read().splitlines()[mark:],
                 "keypad-osk to show the pad", seen=lambda: open(trace).read().splitlines()[mark:])
        call("FocusOut", "()")
        assert keypad_osk_pid() == pid, "keypad-osk ended"
    finally:
        xlib.XCloseDisplay(ctypes.c_void_p(display))
    app = open_form()
    try:
        node = focus(app, "Phone")
        app.wait_for_keypad("*")
        app.type_keys(node, "7")
        wait_for(lambda: app.text(node) == "7", "typing in the next app")
    finally:
        app.close()
    assert keypad_osk_pid() == pid, "keypad-osk ended"
    assert_quiet(app)


# ---- The C program and zenity ----

def test_keypad_follows_the_monitor(monitor):
    # The monitor turns 600 px wide (a portrait panel at 3.8 px/mm), then denser (768 px
    # on 100 mm): the module's keypad window moves inside it, its keys grow to 9 mm (70 px),
    # and the keys still type.
    app = open_form()
    try:
        node = focus(app, "Digits")
        app.wait_for_keypad()

        def right_edge():
            extents = app.require("Dismiss keypad", "push button").get_extents(Atspi.CoordType.SCREEN)
            return extents.x + extents.width

        def key_height():
            return app.require("5", "push button").get_extents(Atspi.CoordType.SCREEN).height

        assert right_edge() > 600, "the keypad does not span the 1024 px monitor"
        subprocess.run([monitor, "set", "600", "768", "159", "203"], check=True)
        wait_for(lambda: right_edge() <= 600, "the keypad inside the 600 px monitor", seen=right_edge)
        assert key_height() == 48, f"keys {key_height()} px tall at 3.8 px/mm"
        subprocess.run([monitor, "set", "600", "768", "78", "100"], check=True)
        wait_for(lambda: key_height() == 70, "9 mm keys at 7.7 px/mm", seen=key_height)
        five = app.require("5", "push button").get_extents(Atspi.CoordType.SCREEN)
        assert five.y + five.height <= 768 and right_edge() <= 600, "the keypad left the monitor"
        app.click("7", "push button")
        wait_for(lambda: app.text(node) == "7", "7 typed on the moved keypad", seen=lambda: app.text(node))
    finally:
        subprocess.run([monitor, "reset"], check=False)
        app.close()
    assert_quiet(app)


def test_c_program(c_form):
    app = App([c_form])
    try:
        node = focus(app, "Code")
        app.wait_for_keypad()
        assert app.find("q", "push button") is None, "DIGITS got letters"
        app.type_keys(node, "4", "2")
        app.click_once("Return", "push button", lambda: "activate 42" in app.output()[0], "activate 42")
        assert app.focused(node)
    finally:
        app.close()
    assert_quiet(app)


def test_malloc_with_odd_sizes(odd_malloc_form):
    """The C program over a malloc shaped like Chromium's PartitionAlloc with BackupRefPtr
    (Tests/IM/odd_malloc.c: malloc_usable_size is "slot size - 4", and free aborts when the
    count in a slot's last 4 bytes was overwritten): the module in the app writes only inside
    what it allocated, and the keypad types."""
    app = App([odd_malloc_form])
    try:
        node = focus(app, "Code")
        app.wait_for_keypad()
        app.type_keys(node, "4", "2")
        app.click_once("Return", "push button", lambda: "activate 42" in app.output()[0], "activate 42")
        assert app.process.poll() is None, "the program died"
    finally:
        app.close()
    assert_quiet(app)


def test_zenity_entry():
    app = App(["zenity", "--entry", "--title=Keypad", "--text=Your name"])
    try:
        node = app.first("text")
        app.click_node(node)
        wait_for(lambda: app.focused(node), "zenity's entry to take focus")
        app.wait_for_keypad("q")
        app.type_keys(node, "h", "i")
        app.click_once("Return", "push button", lambda: app.process.poll() is not None, "zenity to exit")
        app.close()
        lines, _ = app.output()
        assert lines == ["hi"], f"zenity printed {lines}"
        assert app.process.returncode == 0
    finally:
        app.close()


def test_app_without_a_widget():
    """No GtkWidget behind the context: the keypad still shows, on the monitor of the focused
    X window, keys commit, and Delete and Return reach the window as X key presses (XTest).
    The toolbar's previous/next stay disabled."""
    here = os.path.dirname(os.path.abspath(__file__))
    app = App(["/usr/bin/python3", os.path.join(here, "im_no_widget.py")])
    try:
        app.wait_for_line("ready")
        app.wait_for_keypad("q")
        assert app.find("Next field", "push button") is None or not app.find("Next field", "push button") \
            .get_state_set().contains(Atspi.StateType.ENABLED), "next field offered with no focus chain"
        app.tap("q")
        wait_for(lambda: "commit q" in app.output()[0], "commit q", seen=lambda: app.output()[0])
        app.tap("Delete")
        wait_for(lambda: "key BackSpace" in app.output()[0], "BackSpace from X", seen=lambda: app.output()[0])
        app.tap("Return")
        wait_for(lambda: "key Return" in app.output()[0], "Return from X", seen=lambda: app.output()[0])
        x, y = app.center(app.require("Return", "push button"))
        assert y > 384, f"the keypad is not at the bottom of the screen (Return at {x},{y})"
    finally:
        app.close()
    ours = [line for line in app.output()[1] if "keypad-im" in line]
    assert ours == [], ours  # keypad-osk leaves previous/next disabled: nothing to say


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-window-manager", action="store_true",
                        help="run only the tests of a display without a window manager (KEYPAD_NO_WM=1)")
    parser.add_argument("--c-form")
    parser.add_argument("--monitor")
    parser.add_argument("--odd-malloc-form")
    parser.add_argument("-k", default="")
    args = parser.parse_args()
    if args.no_window_manager:
        return run_all([(t.__name__, t) for t in NO_WM_TESTS], args.k)
    if not (args.c_form and args.monitor and args.odd_malloc_form):
        parser.error("--c-form, --monitor and --odd-malloc-form are needed")
    bin_dir = os.path.dirname(args.c_form)
    runs = [(t.__name__, lambda t=t: run_form_test(t)) for t in FORM_TESTS]
    tmp = tempfile.mkdtemp()
    runs += [("test_locale_decimal_separator", test_locale_decimal_separator),
             ("test_keypad_osk_falls_back_from_broken_layout_and_css",
              lambda: test_keypad_osk_falls_back_from_broken_layout_and_css(bin_dir, tmp)),
             ("test_an_app_window_gone_before_keypad_osk_looks_at_it",
              test_an_app_window_gone_before_keypad_osk_looks_at_it),
             ("test_c_program", lambda: test_c_program(args.c_form)),
             ("test_malloc_with_odd_sizes", lambda: test_malloc_with_odd_sizes(args.odd_malloc_form)),
             ("test_zenity_entry", test_zenity_entry),
             ("test_app_without_a_widget", test_app_without_a_widget),
             ("test_keypad_follows_the_monitor", lambda: test_keypad_follows_the_monitor(args.monitor))]
    return run_all(runs, args.k)


def run_all(runs, selection):
    failures = 0
    for name, run in runs:
        if selection not in name:
            continue
        start = time.time()
        try:
            run()
            print(f"ok   {name} ({time.time() - start:.1f} s)", flush=True)
        except Exception:
            failures += 1
            print(f"FAIL {name}", flush=True)
            traceback.print_exc()
    print(f"{failures} failed" if failures else "all IM end-to-end tests passed", flush=True)
    return 1 if failures else 0


def run_form_test(test):
    app = open_form()
    try:
        test(app)
        closes = test in (test_closing_the_app_mid_slide, test_pin_leaks_nowhere)
        assert closes or app.process.poll() is None, "the form died"
    finally:
        app.close()
    if test is not test_pin_leaks_nowhere:
        assert_quiet(app)


if __name__ == "__main__":
    sys.exit(main())
