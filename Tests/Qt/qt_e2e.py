#!/usr/bin/python3
"""End-to-end tests of the Qt input-context plug-in (QT_IM_MODULE=keypad) with keypad-osk:
real PyQt5 and PyQt6 forms, widgets and QML (Tests/Qt/qt_form.py), keypad-osk's keypad found on the
accessibility bus and tapped with xdotool, keypad-osk's trace (KEYPAD_IM_TRACE) for the pad it
shows, dbus-monitor for what crossed the bus, and what each app reports of its own fields.

Run under scripts/display/with-display with the session bus reading keypad-osk's service file
from the build (XDG_DATA_DIRS=<bin>/share:...), as `make test-qt` does:

    Tests/Qt/qt_e2e.py BIN_DIR QT_PLUGIN_ROOT [--qt 5|6] [--kind widgets|qml] [--only NAME]

QT_PLUGIN_ROOT holds qt5/plugins and qt6/plugins (the Makefile's .build). Nothing starts
keypad-osk but D-Bus activation, by the first field that takes focus.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "GTK4"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "IM"))
from gtk4_e2e import (DBusMonitor, Form, Keypad, assert_password_kept, assert_quiet,  # noqa: E402
                      delete_and_activate_digits, run_tests, trace_lines, type_a_password)
from im_app import wait_for  # noqa: E402

FORM = ["/usr/bin/python3", os.path.join(HERE, "qt_form.py")]
# What Qt itself may print on a headless display; nothing of the plug-in's.
QT_NOISE = ("XDG_RUNTIME_DIR not set",)


class Qt:
    """One Qt major version and one kind of form (`widgets` or `qml`), and the plug-in built
    for that Qt."""

    def __init__(self, version, kind, plugin_root):
        self.version, self.kind = version, kind
        self.plugins = os.path.join(plugin_root, f"qt{version}", "plugins")

    def form(self, bin_dir, title=None, env=None):
        env = dict({"QT_PLUGIN_PATH": self.plugins, "QT_IM_MODULE": "keypad"}, **(env or {}))
        return Form(bin_dir, title or f"Qt {self.version} {self.kind} form", env=env,
                    command=FORM + [str(self.version), self.kind])


def pads_shown(trace):
    """The layouts of keypad-osk's `shown` lines, in order."""
    return [line.split()[1] for line in trace_lines(trace, "shown ")]


def wait_for_pad(trace, before, layout, field):
    """Waits for keypad-osk's trace to show `layout` in a `shown` line after the first
    `before` ones."""
    wait_for(lambda: layout in pads_shown(trace)[before:], f"{field}'s {layout} pad in keypad-osk's trace",
             timeout=8, seen=lambda: pads_shown(trace)[before:])


# (field, the purpose its FocusIn carries, the pad keypad-osk shows, a key only that pad has
# among those tested, keys tapped, the text they make)
# Digits, the form's first field, has focus from the start: it comes last.
FIELDS = [
    ("Number", 3, "decimalPad", "Decimal separator", ("4", "Decimal separator", "5"), "4.5"),
    ("Phone", 4, "phonePad", "*", ("5", "*"), "5*"),
    ("Email", 6, "emailAddress", "@", ("q", "@"), "q@"),
    ("Url", 5, "url", "w", ("w",), "w"),
    ("Date", 2, "numberPad", "1", ("2",), "2"),
    ("Free", 0, "default", "q", ("q",), "q"),
    ("Digits", 2, "numberPad", "1", ("1", "2", "3"), "123"),
]


def test_each_hint_gets_its_pad_and_every_key_works(qt, bin_dir, keypad, trace):
    with DBusMonitor() as monitor:
        form = qt.form(bin_dir)
        try:
            form.activate()
            for name, purpose, layout, key, keys, text in FIELDS:
                before, focus_ins = len(pads_shown(trace)), len(trace_lines(trace, "dbus focus-in"))
                form.focus(name)
                wait_for_pad(trace, before, layout, name)
                keypad.wait_for(key)
                focus_in = trace_lines(trace, "dbus focus-in")[focus_ins:]
                assert focus_in and focus_in[-1].split()[-2:] == [f"purpose={purpose}", "hints=0"], \
                    f"{name}'s FocusIn: {focus_in}"
                keypad.type(form, name, *keys)
                assert form.text(name) == text, f"{name} has {form.text(name)!r}, not {text!r}"
                form.assert_focused(name)

            # Delete over a character, over a selection; Return is QLineEdit's returnPressed.
            form.focus("Digits")
            keypad.wait_for("1")
            delete_and_activate_digits(form, keypad)

            # A password: the default layout, typed, deleted in the app, activated.
            before = len(pads_shown(trace))
            form.focus("Password")
            wait_for_pad(trace, before, "default", "Password")
            type_a_password(form, keypad)

            # Multi-line: Return is a newline, never an activation.
            for name in ("Notes", "Text"):
                form.focus(name)
                keypad.wait_for("q")
                keypad.type(form, name, "q", "Return", "w")
                assert form.text(name) == "q\nw", f"{name} has {form.text(name)!r}"
                form.select(name, 0, 2)
                keypad.type(form, name, "Delete")
                assert form.text(name) == "w", f"Delete over {name}'s selection left {form.text(name)!r}"
                form.assert_focused(name)
        finally:
            form.close()
        assert_quiet(form, QT_NOISE)
    assert_password_kept(monitor, trace)


def test_hints_changed_while_focused(qt, bin_dir, keypad, trace):
    """A focused field whose hints change gets the new pad at once (SetContentType), and
    keypad-osk's trace says so: the phone pad after the decimal pad is the same height, so
    the keypad's frame does not move."""
    form = qt.form(bin_dir)
    try:
        form.activate()
        before = len(pads_shown(trace))
        form.focus("Number")
        wait_for_pad(trace, before, "decimalPad", "Number")
        keypad.wait_for("Decimal separator")
        for hint, layout, key in ((0x100000, "phonePad", "*"), (0x10000, "numberPad", "1")):
            before = len(pads_shown(trace))
            form.send(f"sethints Number {hint}")
            keypad.wait_for(key)
            wait_for_pad(trace, before, layout, "Number")
        keypad.type(form, "Number", "7")
        assert form.text("Number") == "7", form.text("Number")
        form.assert_focused("Number")
    finally:
        form.close()


def test_no_glib_event_loop(qt, bin_dir, keypad, trace):
    """QT_NO_GLIB=1: Qt's own event loop never runs GLib's, so the plug-in makes no input
    context; the app says so once, and its physical keys type."""
    focus_ins = len(trace_lines(trace, "dbus focus-in"))
    form = qt.form(bin_dir, env={"QT_NO_GLIB": "1"})
    try:
        form.activate()
        form.focus("Digits")
        subprocess.run(["xdotool", "type", "--delay", "30", "12"], check=True)
        wait_for(lambda: form.text("Digits") == "12", "physical keys without GLib's loop")
        form.assert_focused("Digits")
    finally:
        form.close()
    lines = [line for line in form.output()[1] if "keypad" in line]
    assert len(lines) == 1 and "QT_NO_GLIB" in lines[0], f"the app should log one line, not {lines}"
    assert len(trace_lines(trace, "dbus focus-in")) == focus_ins, "a FocusIn without GLib's loop"


TESTS = [test_each_hint_gets_its_pad_and_every_key_works, test_hints_changed_while_focused, test_no_glib_event_loop]
# QML's fields: every hint, key, Return and the password; hints changed while focused.
QML_TESTS = [test_each_hint_gets_its_pad_and_every_key_works, test_hints_changed_while_focused]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("plugin_root")
    parser.add_argument("--qt", type=int, choices=(5, 6), action="append", help="one Qt (default: both)")
    parser.add_argument("--kind", choices=("widgets", "qml"), action="append", help="one kind of form (default: both)")
    parser.add_argument("--only", help="run the tests whose names contain this")
    arguments = parser.parse_args()
    trace = os.environ.get("KEYPAD_IM_TRACE") or sys.exit("KEYPAD_IM_TRACE must name keypad-osk's trace file")
    failed = 0
    for version in arguments.qt or (5, 6):
        for kind in arguments.kind or ("widgets", "qml"):
            qt = Qt(version, kind, arguments.plugin_root)
            tests = TESTS if kind == "widgets" else QML_TESTS
            failed += run_tests(tests, arguments.only, lambda test: test(qt, arguments.bin_dir, Keypad(), trace),
                                f"Qt {version} {kind} ")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
