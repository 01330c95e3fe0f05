#!/usr/bin/python3
"""End-to-end tests of the keypad GTK input-method module in three GTK 3 programs:
the Python form (Tests/IM/im_form.py), a C program (Tests/IM/im_c_form.c, compiled by
the Makefile) and Debian's zenity, which this project did not write.

Run under scripts/display/with-display (Xvfb + openbox + D-Bus with AT-SPI) with
GTK_IM_MODULE_FILE naming the module's cache:

    Tests/IM/im_e2e.py --c-form PATH/TO/im-c-form --monitor PATH/TO/im-monitor \
        --odd-malloc-form PATH/TO/im-c-form-odd-malloc --x-race PATH/TO/im-x-race

im-monitor (Tests/IM/im_monitor.c) changes the monitor for real (RandR 1.5).

With KEYPAD_IM_THIN=1 and GTK_IM_MODULE_FILE naming the thin GTK 3 module's cache (make
test-thin-im, #31), the same tests run through the thin module and keypad-osk, started by D-Bus
activation (XDG_DATA_DIRS naming the build's share/); the ones of the in-process module alone
(IN_PROCESS_ONLY) say why they do not run.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.atspi_app import THIN, App, restart_keypad_osk  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402

from im_no_wm_tests import NO_WM_TESTS  # noqa: E402
from im_form_tests import FORM, FORM_TESTS, assert_quiet, focus, test_closing_the_app_mid_slide, \
    test_pin_leaks_nowhere  # noqa: E402


def test_locale_decimal_separator():
    """The app's locale (THIN: keypad-osk's, which the keypad lives in) gives the decimal separator."""
    german = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_NUMERIC": ""}
    if THIN:
        restart_keypad_osk(german)
    app = App(FORM, env=german)
    try:
        app.wait_for_line("ready")
        node = focus(app, "Amount")
        app.wait_for_keypad("Decimal separator")
        label = app.require("Decimal separator", "push button")
        app.type_keys(node, "4", "Decimal separator", "5")
        wait_for(lambda: app.text(node) == "4,5", "4,5 in Amount under de_DE")
        del label
    finally:
        app.close()
        if THIN:
            restart_keypad_osk({"LANG": os.environ.get("LANG", ""), "LC_ALL": os.environ.get("LC_ALL", ""),
                                "LC_NUMERIC": os.environ.get("LC_NUMERIC", "")})
    assert_quiet(app, allowed=("Locale not supported",))


# GTK's tool that writes module caches, in GTK's libdir (off PATH on Debian).
GTK_QUERY_IMMODULES = os.path.join(
    subprocess.run(["pkg-config", "--variable=libdir", "gtk+-3.0"], capture_output=True, text=True, check=True)
    .stdout.strip(), "libgtk-3-0", "gtk-query-immodules-3.0")


def test_installed_module_reads_the_bundle_beside_it(bin_dir, tmp):
    """As make install-im leaves it: the module's library with its resource bundle beside
    it, anywhere. The copy's number pad names its 1 key differently, so the keypad shows
    that it read the bundle beside the library, not the one in the build folder."""
    installed = os.path.join(tmp, "installed")
    os.makedirs(installed)
    shutil.copy(os.path.join(bin_dir, "libKeypadIM.so"), os.path.join(installed, "im-keypad.so"))
    bundle = os.path.join(installed, "Keypad_KeypadResources.resources")
    shutil.copytree(os.path.join(bin_dir, "Keypad_KeypadResources.resources"), bundle)
    layout_file = os.path.join(bundle, "layouts", "numberPad.json")
    with open(layout_file) as file:
        layout = json.load(file)
    layout["pages"][0]["rows"][0][0]["accessibleName"] = "Installed one"
    with open(layout_file, "w") as file:
        json.dump(layout, file)
    cache = os.path.join(installed, "immodules.cache")
    with open(cache, "w") as file:
        subprocess.run([GTK_QUERY_IMMODULES, os.path.join(installed, "im-keypad.so")], stdout=file, check=True)
    app = App(FORM, env={"GTK_IM_MODULE_FILE": cache})
    try:
        app.wait_for_line("ready")
        node = focus(app, "Digits")
        app.wait_for_keypad("Installed one")
        app.type_keys(node, "Installed one")
        wait_for(lambda: app.text(node) == "1", "1 typed by the installed module's key")
    finally:
        app.close()
    assert_quiet(app)


def broken_file_logs_one_line(env, file_name, digit):
    """With `env` naming a broken file, the Digits field still types `digit` on the
    bundled number pad, and the app's error output has one keypad-im line naming the file."""
    app = App(FORM, env=env)
    try:
        app.wait_for_line("ready")
        node = focus(app, "Digits")
        app.wait_for_keypad()
        assert app.find("q", "push button") is None, "not the bundled number pad"
        app.type_keys(node, digit)
        wait_for(lambda: app.text(node) == digit, "the bundled number pad typing")
    finally:
        app.close()
    _, errors = app.output()
    ours = [e for e in errors if "keypad-im" in e]
    assert len(ours) == 1 and file_name in ours[0], f"expected one line naming {file_name}: {errors}"


def test_broken_layout_logs_one_line_and_falls_back(tmp):
    layouts = os.path.join(tmp, "layouts")
    os.makedirs(layouts, exist_ok=True)
    with open(os.path.join(layouts, "brokenPad.json"), "w") as f:
        f.write('{"id": "brokenPad", "keyboardTypes": ["numberPad"], "rows": ')
    broken_file_logs_one_line({"KEYPAD_IM_LAYOUTS": layouts}, "brokenPad.json", "7")


def test_broken_css_logs_one_line_and_falls_back(tmp):
    broken = os.path.join(tmp, "broken-keypad.css")
    with open(broken, "w") as f:
        f.write(".keypad-key { colour: red; }\n")
    broken_file_logs_one_line({"KEYPAD_IM_CSS": broken}, "broken-keypad.css", "1")


# ---- The C program and zenity ----

def test_keypad_follows_the_monitor(monitor):
    # The monitor turns 600 px wide (a portrait panel at 3.8 px/mm), then denser (768 px
    # on 100 mm): the module's keypad window moves inside it, its keys grow to 9 mm (70 px),
    # and the keys still type.
    app = App(FORM)
    try:
        app.wait_for_line("ready")
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
        app.click_until("Return", "push button", lambda: "activate 42" in app.output()[0], "activate 42")
        assert app.focused(node)
    finally:
        app.close()
    assert_quiet(app)


def test_malloc_with_odd_sizes(odd_malloc_form):
    """The C program over a malloc shaped like Chromium's PartitionAlloc with BackupRefPtr
    (Tests/IM/odd_malloc.c: malloc_usable_size is "slot size - 4", and free aborts when the
    count in a slot's last 4 bytes was overwritten). Unguarded, Swift's String buffers write
    over that count and the program aborts at the first focus; guarded, the keypad types."""
    app = App([odd_malloc_form])
    try:
        node = focus(app, "Code")
        app.wait_for_keypad()
        app.type_keys(node, "4", "2")
        app.click_until("Return", "push button", lambda: "activate 42" in app.output()[0], "activate 42")
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
        app.click_until("Return", "push button", lambda: app.process.poll() is not None, "zenity to exit")
        app.close()
        lines, _ = app.output()
        assert lines == ["hi"], f"zenity printed {lines}"
        assert app.process.returncode == 0
    finally:
        app.close()


def test_app_without_a_widget():
    """No GtkWidget behind the context: the keypad still shows, on the monitor of the focused
    X window, keys commit, and Delete and Return reach the window as X key presses (XTest).
    The module says once that previous/next and avoidance are left out."""
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
    if not THIN:  # the thin module logs nothing of it: keypad-osk leaves previous/next disabled
        assert len(ours) == 1 and "no GTK widget" in ours[0], ours


def test_destroyed_foreign_window_leaves_the_host_running(x_race, bin_dir):
    """A foreign X window destroyed between the module's lookup and its call (the focus races
    make that likely): im-x-race (Tests/IM/im_x_race.c), a GTK 3 host with GTK's default X
    error handler, hands the module's X11 helpers a destroyed window, then a live one. The
    X errors stay trapped: the helpers say no, the live window still works, the host lives."""
    result = subprocess.run([x_race, os.path.join(bin_dir, "libKeypadIM.so")], capture_output=True, text=True,
                            timeout=30)
    assert result.returncode == 0, f"the host ended ({result.returncode}): {result.stderr}"
    lines = result.stdout.splitlines()
    assert lines == ["destroyed frame FALSE", "destroyed stack FALSE", "live frame TRUE 120x40", "live stack TRUE",
                     "survived"], lines
    assert "X Window System error" not in result.stderr, result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-window-manager", action="store_true",
                        help="run only the tests of a display without a window manager (KEYPAD_NO_WM=1)")
    parser.add_argument("--c-form")
    parser.add_argument("--monitor")
    parser.add_argument("--odd-malloc-form")
    parser.add_argument("--x-race")
    parser.add_argument("-k", default="")
    args = parser.parse_args()
    if args.no_window_manager:
        return run_all([(t.__name__, t) for t in NO_WM_TESTS], args.k)
    if not (args.c_form and args.monitor and args.odd_malloc_form and args.x_race):
        parser.error("--c-form, --monitor, --odd-malloc-form and --x-race are needed")
    runs = [(t.__name__, lambda t=t: run_form_test(t)) for t in FORM_TESTS]
    tmp = tempfile.mkdtemp()
    runs += [("test_locale_decimal_separator", test_locale_decimal_separator),
             ("test_broken_layout_logs_one_line_and_falls_back",
              lambda: test_broken_layout_logs_one_line_and_falls_back(tmp)),
             ("test_broken_css_logs_one_line_and_falls_back", lambda: test_broken_css_logs_one_line_and_falls_back(tmp)),
             ("test_installed_module_reads_the_bundle_beside_it",
              lambda: test_installed_module_reads_the_bundle_beside_it(os.path.dirname(args.c_form), tmp)),
             ("test_c_program", lambda: test_c_program(args.c_form)),
             ("test_malloc_with_odd_sizes", lambda: test_malloc_with_odd_sizes(args.odd_malloc_form)),
             ("test_destroyed_foreign_window_leaves_the_host_running",
              lambda: test_destroyed_foreign_window_leaves_the_host_running(args.x_race, os.path.dirname(args.c_form))),
             ("test_zenity_entry", test_zenity_entry),
             ("test_app_without_a_widget", test_app_without_a_widget),
             ("test_keypad_follows_the_monitor", lambda: test_keypad_follows_the_monitor(args.monitor))]
    return run_all(runs, args.k)


# Tests of the in-process Swift module alone, and why they do not run through the thin module
# (KEYPAD_IM_THIN=1, #31).
IN_PROCESS_ONLY = {
    "test_broken_layout_logs_one_line_and_falls_back": "keypad-osk takes its layouts from its own options",
    "test_broken_css_logs_one_line_and_falls_back": "keypad-osk takes its CSS from its own options",
    "test_installed_module_reads_the_bundle_beside_it": "the Swift module's resource bundle; the thin one has none",
    "test_destroyed_foreign_window_leaves_the_host_running": "it calls the Swift module's X11 helpers (dlsym)",
    "test_touches_overlap_and_near_misses_type": "it puts touches into the keypad in the app's own process",
}


def run_all(runs, selection):
    failures = 0
    for name, run in runs:
        if selection not in name:
            continue
        if THIN and name in IN_PROCESS_ONLY:
            print(f"skip {name}: {IN_PROCESS_ONLY[name]}", flush=True)
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
    app = App(FORM)
    try:
        app.wait_for_line("ready")
        if THIN:  # keypad-osk outlives the apps: the last test's keypad has slid out first
            app.wait_for_no_keypad()
        test(app)
        closes = test in (test_closing_the_app_mid_slide, test_pin_leaks_nowhere)
        assert closes or app.process.poll() is None, "the form died"
    finally:
        app.close()
    if test is not test_pin_leaks_nowhere:
        assert_quiet(app)


if __name__ == "__main__":
    sys.exit(main())
