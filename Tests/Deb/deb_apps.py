#!/usr/bin/python3
"""The installed packages (keypad-im-gtk3 and keypad-osk) in two GTK 3 programs from Debian:
yad (GTK 3 on Debian 12 and 13; zenity is GTK 4 on 13) and a /usr/bin/python3 GTK form, each
started with only GTK_IM_MODULE=keypad, driven through AT-SPI and xdotool. The module in the app
is the package's thin C module; the keypad is the installed keypad-osk's, a process of its own
that D-Bus activation starts (keypad_harness.atspi_app finds its keys on keypad-osk's
accessibility tree).

Tests/Deb/deb_lifecycle.sh runs it under with-display, from a copy of this file, the tests'
helpers (Tests/Support/keypad_harness), im_form.py and im_form_tests.py: on Debian 12 with the Swift toolchain
and the checkout hidden, in a Debian 13 chroot, and in an arm64 Debian 13 under qemu.

    deb_apps.py MODULE_PATH [TEST...]   (where the package put im-keypad.so; the tests to run,
                                         by name, default all)
"""
import os
import sys
import time
import traceback

from gi.repository import Gio, GLib
from keypad_harness.atspi_app import App
from keypad_harness.waits import wait_for

from im_form_tests import FORM, PADS, assert_quiet, field, focus


KEYPAD_OSK = "/usr/lib/keypad-osk/keypad-osk"


def assert_maps_the_installed_module(app, module):
    """The module the app runs is the package's, no Swift library is mapped into the app, and
    the keypad on the session bus (org.keypad.OSK1) is the installed keypad-osk."""
    maps = open(f"/proc/{app.process.pid}/maps").read()
    assert module in maps, f"{module} is not mapped in the app"
    paths = {line.split()[-1] for line in maps.splitlines() if "/" in line}
    swift = sorted(p for p in paths if "swift" in p.lower() or "Foundation" in p)
    assert not swift, f"the app maps Swift libraries: {swift}"
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    pid = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                        "GetConnectionUnixProcessID", GLib.Variant("(s)", ("org.keypad.OSK1",)), None,
                        Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    # Its maps, not /proc/PID/exe, which is qemu's under emulation (make test-arm64).
    assert KEYPAD_OSK in open(f"/proc/{pid}/maps").read(), f"org.keypad.OSK1 (PID {pid}) is not the installed {KEYPAD_OSK}"


def test_yad_entry(module):
    """yad's free-form entry gets the letters; keys type, Delete deletes, Return returns, and
    yad prints the entry's own text."""
    app = App(["yad", "--entry", "--title=Keypad", "--text=Your name"])
    try:
        node = app.first("text")
        app.click_node(node)
        wait_for(lambda: app.focused(node), "yad's entry to take focus")
        app.wait_for_keypad("q")
        assert app.find("Decimal separator", "push button") is None, "a free-form entry got the decimal pad"
        assert_maps_the_installed_module(app, module)
        app.type_keys(node, "o", "k", "x")
        wait_for(lambda: app.text(node) == "okx", "okx in yad's entry")
        app.type_keys(node, "Delete")
        wait_for(lambda: app.text(node) == "ok", "Delete removing the x")
        app.click_once("Return", "push button", lambda: app.process.poll() is not None, "yad to exit")
        app.close()
        lines, _ = app.output()
        assert lines == ["ok"], f"yad printed {lines}"
        assert app.process.returncode == 0, f"yad exited {app.process.returncode}"
    finally:
        app.close()
    assert_quiet(app)


def test_python_form_number_and_decimal_pads(module):
    """A DIGITS entry gets the number pad, a NUMBER entry the decimal pad (Foundation's
    locale data, linked into keypad-osk); Return activates the entry."""
    app = App(FORM)
    try:
        app.wait_for_line("ready")
        amount = focus(app, "Amount")
        app.wait_for_keypad("Decimal separator")
        app.type_keys(amount, "4", "Decimal separator", "5")
        wait_for(lambda: app.text(amount) == "4.5", "4.5 in Amount")
        node = focus(app, "Digits")
        wait_for(lambda: app.find("Decimal separator", "push button") is None, "the decimal pad to go")
        app.wait_for_keypad("5")
        present, absent = PADS["Digits"]
        assert all(app.find(key, "push button") is not None for key in present), "Digits: not the number pad"
        assert all(app.find(key, "push button") is None for key in absent), "Digits: not the number pad"
        assert_maps_the_installed_module(app, module)
        app.type_keys(node, "4", "2", "7", "Delete")
        wait_for(lambda: app.text(node) == "42", "42 in Digits after Delete")
        app.click_once("Return", "push button", lambda: "activate Digits" in app.output()[0], "activate Digits")
        assert app.text(field(app, "Amount")) == "4.5"
    finally:
        app.close()
    assert_quiet(app)


TESTS = (test_yad_entry, test_python_form_number_and_decimal_pads)


def main():
    module, names = sys.argv[1], sys.argv[2:]
    assert os.environ.get("GTK_IM_MODULE") == "keypad", "GTK_IM_MODULE is not keypad"
    assert "GTK_IM_MODULE_FILE" not in os.environ, "GTK_IM_MODULE_FILE is set: GTK must use its own cache"
    unknown = set(names) - {test.__name__ for test in TESTS}
    assert not unknown, f"no such test: {sorted(unknown)}"
    failures = 0
    for test in (test for test in TESTS if not names or test.__name__ in names):
        start = time.time()
        try:
            test(module)
            print(f"ok   {test.__name__} ({time.time() - start:.1f} s)", flush=True)
        except Exception:
            failures += 1
            print(f"FAIL {test.__name__}", flush=True)
            traceback.print_exc()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
