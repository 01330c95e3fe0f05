#!/usr/bin/python3
"""End-to-end tests of the Qt input-context plug-in (QT_IM_MODULE=keypad) with keypad-osk:
real PyQt5 and PyQt6 forms, widgets and QML (Tests/Qt/qt_form.py), keypad-osk's keypad found on the
accessibility bus and tapped with xdotool, keypad-osk's trace (KEYPAD_IM_TRACE) for the pad it
shows, dbus-monitor for what crossed the bus, and what each app reports of its own fields.

Run under scripts/display/with-display with the session bus reading keypad-osk's service file
from the build (XDG_DATA_DIRS=<bin>/share:...), as `make test-qt` does:

    Tests/Qt/qt_e2e.py BIN_DIR QT_PLUGIN_ROOT [--qt 5|6] [--kind widgets|qml] [--only NAME]
    KEYPAD_NO_WM=1 scripts/display/with-display Tests/Qt/qt_e2e.py --no-wm BIN_DIR QT_PLUGIN_ROOT
    scripts/display/with-wayland sway Tests/Qt/qt_e2e.py --wayland BIN_DIR QT_PLUGIN_ROOT

QT_PLUGIN_ROOT holds qt5/plugins and qt6/plugins (the Makefile's .build). Nothing starts
keypad-osk but D-Bus activation, by the first field that takes focus.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.form_app import (QT_FORM, DBusMonitor, Form, WaylandForm,  # noqa: E402
                                     assert_delete_follows_the_apps_selection, assert_field_kept_in_view,
                                     assert_field_kept_in_view_below_a_keypad_at_the_top, assert_one_outage_line,
                                     assert_password_kept, assert_quiet, assert_tap_brings_keypad_back,
                                     assert_taps_keep_focus, delete_and_activate_digits, keypad_osk_at_the_top,
                                     kill_keypad_osk_and_come_back, type_a_password)
from keypad_harness.keypad_osk import OSK, Keypad  # noqa: E402
from keypad_harness.runner import run_each  # noqa: E402
from keypad_harness.trace import trace_lines  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402
from keypad_harness.wayland import VirtualPointer, click_output  # noqa: E402

# What Qt itself may print on a headless display; nothing of the plug-in's.
QT_NOISE = ("XDG_RUNTIME_DIR not set",)


class Qt:
    """One Qt major version and one kind of form (`widgets` or `qml`), and the plug-in built
    for that Qt."""

    def __init__(self, version, kind, plugin_root):
        self.version, self.kind = version, kind
        self.plugins = os.path.join(plugin_root, f"qt{version}", "plugins")

    def form(self, bin_dir, title=None, env=None, wayland=False, scrolled=False):
        env = dict({"QT_PLUGIN_PATH": self.plugins, "QT_IM_MODULE": "keypad"}, **(env or {}))
        if wayland and self.kind == "qml":
            # Qt Quick's software renderer: with Mesa's llvmpipe each caret blink costs the
            # loaded machine enough CPU to slow the tests' screenshots past their waits.
            env.setdefault("QT_QUICK_BACKEND", "software")
        return (WaylandForm if wayland else Form)(bin_dir, title or f"Qt {self.version} {self.kind} form", env=env,
                                                  command=QT_FORM + [str(self.version), self.kind], scrolled=scrolled)


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


def test_delete_follows_the_apps_selection(qt, bin_dir, keypad, trace):
    """Delete over a selection keypad-osk has not heard of yet, and after a selection the app
    has dropped, deletes what the app shows selected, or the character before its caret."""
    form = qt.form(bin_dir)
    try:
        form.activate()
        assert_delete_follows_the_apps_selection(form, keypad, trace)
    finally:
        form.close()
    assert_quiet(form, QT_NOISE)


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


def toolbar_enabled(keypad):
    """Whether the toolbar's previous and next are enabled, as the accessibility bus says."""
    return tuple(keypad.find(name).get_state_set().contains(Atspi.StateType.SENSITIVE)
                 for name in ("Previous field", "Next field"))


def wait_toolbar(keypad, previous, next_, field):
    wait_for(lambda: toolbar_enabled(keypad) == (previous, next_),
             f"{field}: previous {'enabled' if previous else 'disabled'}, next {'enabled' if next_ else 'disabled'}",
             seen=lambda: toolbar_enabled(keypad))


def test_toolbar_moves_focus_and_done_keeps_it(qt, bin_dir, keypad, trace):
    """The toolbar's previous and next move the app's focus from field to field (MoveFocus,
    FocusIn flag 0x4): previous is disabled on the form's first field (0x20) and next on its
    last (0x40); from a multi-line field no Tab is typed. Done hides the keypad and the field
    keeps its focus (Dismiss); a tap on the field brings the keypad back."""
    moves, dismissals = len(trace_lines(trace, "move-focus")), len(trace_lines(trace, "dismiss"))
    form = qt.form(bin_dir)
    try:
        form.activate()

        def arrive(name, key, previous, next_, typed=None):
            """NAME has focus and its pad, the toolbar's arrows enabled as PREVIOUS and NEXT_."""
            wait_for(lambda: form.state()["focus"] == name, f"{name} to have focus")
            keypad.wait_for(key)
            wait_toolbar(keypad, previous, next_, name)
            if typed:
                keypad.type(form, name, typed)
        form.focus("Digits")
        arrive("Digits", "1", False, True)  # the first field
        for button, name, key, typed in (("Next field", "Number", "Decimal separator", "7"),
                                         ("Previous field", "Digits", "1", "3")):
            keypad.tap_once(button, lambda n=name: form.state()["focus"] == n, f"{button} to focus {name}")
            arrive(name, key, name != "Digits", True, typed)
        assert form.text("Digits") == "3" and form.text("Number") == "7", form.state()
        form.focus("Text")
        arrive("Text", "q", True, False)  # the last field
        keypad.tap_once("Previous field", lambda: form.state()["focus"] == "Notes", "Previous field to focus Notes")
        arrive("Notes", "q", True, True)
        keypad.tap_once("Dismiss keypad", lambda: not keypad.shows(), "done to hide the keypad")
        form.assert_focused("Notes")
        assert [line.split()[1] for line in trace_lines(trace, "move-focus")[moves:]] == ["next", "previous", "previous"]
        assert len(trace_lines(trace, "dismiss")) == dismissals + 1
        assert form.text("Notes") == "" and form.text("Text") == "", f"a Tab typed: {form.state()['texts']}"
        assert_tap_brings_keypad_back(form, keypad, "Notes", "w", "w")
    finally:
        form.close()
    assert_quiet(form, QT_NOISE)


def test_field_kept_in_view_above_the_keypad(qt, bin_dir, keypad, trace):
    """A field at the bottom of a QScrollArea (a Flickable in QML) of a fullscreen form:
    keypad-osk tells the app where its keypad is (KeypadFrame) and the plug-in scrolls the field
    above it, the scroll area's widget (the Flickable) getting a bottom margin as tall as the
    keypad covers; FocusIn carries flag 0x10, so the keypad keeps the bottom edge rather than
    moving off the caret. The margin goes with the keypad."""
    form = qt.form(bin_dir, scrolled=True)
    try:
        assert_field_kept_in_view(form, keypad, at_bottom=True)
    finally:
        form.close()
    assert_quiet(form, QT_NOISE)


def test_field_kept_in_view_below_a_keypad_at_the_top(qt, bin_dir, keypad, trace):
    """keypad-osk --position top (#34): the plug-in judges the keypad's side as the GTK 3 module
    does (its middle above the scroll area's), gives the scroll area's widget (the Flickable) a top
    margin, and scrolls Digits and Far into the part below the keypad; the margin goes with it."""
    form = None
    with keypad_osk_at_the_top(bin_dir, keypad):
        form = qt.form(bin_dir, scrolled=True)
        try:
            assert_field_kept_in_view_below_a_keypad_at_the_top(form, keypad, trace)
        finally:
            form.close()
    assert_quiet(form, QT_NOISE)


def test_no_window_manager_tap_keeps_focus(qt, bin_dir, keypad, trace):
    """No window manager (KEYPAD_NO_WM=1): the app activates its own window, as a kiosk app
    does where no window manager would (Qt then gives its window the X input focus itself, and
    never follows the pointer: it ignores focus that PointerRoot lends); taps on keypad-osk's
    window leave the form active, its field focused and its keys its own."""
    form = qt.form(bin_dir)
    try:
        form.send("activate")
        wait_for(lambda: form.state()["active"], "the form to be active (activated by itself)")
        assert_taps_keep_focus(form, keypad)
    finally:
        form.close()
    assert_quiet(form, QT_NOISE)


def test_no_window_manager_keypad_above_a_later_window(qt, bin_dir, keypad, trace):
    """No window manager: a second form maps while the first form's keypad shows, and is sized
    to cover the screen, keypad and all (a kiosk's next app). With no window manager nothing
    reads WM_TRANSIENT_FOR and a window mapped later stacks above the keypad, so keypad-osk puts
    its keypad above the focused field's window itself (#32: taps on the keys reached the form
    under them, and a QTextEdit there took focus). Taps type into the second form's field, which
    keeps focus; the first form's field is left empty."""
    first = qt.form(bin_dir, f"Qt {qt.version} {qt.kind} first form")
    second = None
    try:
        first.send("activate")
        wait_for(lambda: first.state()["active"], "the first form to be active (activated by itself)")
        first.focus("Digits")
        keypad.wait_for("1")
        second = qt.form(bin_dir, f"Qt {qt.version} {qt.kind} second form")
        subprocess.run(["xdotool", "windowsize", "--sync", second.window, "100%", "100%"], check=True)
        second.send("activate")
        wait_for(lambda: second.state()["active"], "the second form to be active (activated by itself)")
        assert_taps_keep_focus(second, keypad)
        assert first.text("Digits") == "", f"the first form's Digits has {first.text('Digits')!r}"
    finally:
        for form in (first, second):
            if form is not None:
                form.close()
    for form in (first, second):
        assert_quiet(form, QT_NOISE)


def test_no_glib_event_loop(qt, bin_dir, keypad, trace):
    """QT_NO_GLIB=1: Qt's own event dispatcher, with no GLib main loop in the app. The plug-in
    speaks QtDBus, which needs none: the field still reaches keypad-osk (its FocusIn), taps type,
    and physical keys still reach the field."""
    focus_ins = len(trace_lines(trace, "dbus focus-in"))
    form = qt.form(bin_dir, env={"QT_NO_GLIB": "1"})
    try:
        form.activate()
        form.focus("Digits")
        wait_for(lambda: len(trace_lines(trace, "dbus focus-in")) > focus_ins, "a FocusIn without GLib's loop")
        assert trace_lines(trace, "dbus focus-in")[-1].split()[-2:] == ["purpose=2", "hints=0"]
        keypad.wait_for("1")
        keypad.type(form, "Digits", "1", "2")
        subprocess.run(["xdotool", "type", "--delay", "30", "3"], check=True)
        wait_for(lambda: form.text("Digits") == "123", "a physical key after the keypad's")
        form.assert_focused("Digits")
    finally:
        form.close()
    assert_quiet(form, QT_NOISE)


def test_keypad_osk_killed_and_back(qt, bin_dir, keypad, trace):
    """keypad-osk killed while a field has the keypad, and back at the next focus: the plug-in
    follows keypad-osk's name on the bus and obeys the new one."""
    form = qt.form(bin_dir)
    try:
        kill_keypad_osk_and_come_back(form, keypad)
    finally:
        form.close()
    assert_one_outage_line(form)
    assert_quiet(form, QT_NOISE + ("keypad-osk left the session bus",))


def wayland_tap(osk, pad, key, condition, what):
    """Taps `key` of `pad` (from keypad-osk's trace) with the virtual pointer until `condition`:
    once more only if the first tap changed nothing in a second."""
    osk.tap(*pad, key)
    try:
        wait_for(condition, what, timeout=1.0)
    except AssertionError:
        osk.tap(*pad, key)
        wait_for(condition, what)


def wayland_type(osk, form, pad, name, *keys):
    """Taps keys that each change field `name`'s text, waiting for each change."""
    for key in keys:
        before = form.text(name)
        wayland_tap(osk, pad, key, lambda: form.text(name) != before, f"key {key!r} to change {name}")


def test_wayland_form(qt, bin_dir, keypad, trace):
    """In a headless sway, the form as a native Wayland client: Qt 5.15 and 6.4 speak no
    text-input-v3, so the plug-in is their one way to keypad-osk (started here; it serves the
    session bus and the compositor at once). Keys are found in keypad-osk's trace and tapped
    with the virtual pointer; the app keeps focus."""
    workdir = tempfile.mkdtemp(prefix="keypad-qt-wayland-")
    osk = OSK(bin_dir, workdir, f"qt{qt.version}")
    # Before the app's first FocusIn: with no org.keypad.OSK1 owner yet it would log its line.
    wait_for(lambda: Keypad.owner_pid() == osk.process.pid, "keypad-osk on the session bus", timeout=10)
    form = qt.form(bin_dir, wayland=True)

    def tap(pad, key, condition, what):
        wayland_tap(osk, pad, key, condition, what)

    def type_keys(pad, name, *keys):
        wayland_type(osk, form, pad, name, *keys)

    try:
        form.activate()
        pads = {}
        for name, purpose, layout, text, keys in (
                ("Number", 3, "decimalPad", "4.5", ("4", "Decimal separator", "5")),
                ("Phone", 4, "phonePad", "5*", ("5", "*")),
                ("Notes", 0, "default", "q\nw", ("q", "Return", "w")),
                ("Password", 0, "default", "qw", ("q", "w")),
                ("Digits", 2, "numberPad", "123", ("1", "2", "3"))):
            mark = osk.trace.mark()
            form.focus(name)
            pads[name] = osk.wait_keypad(mark, layout)
            focus_in = osk.trace.since(mark, "dbus focus-in")
            assert focus_in and focus_in[-1].endswith(f"purpose={purpose} hints=0"), osk.trace.since(mark)[:3]
            type_keys(pads[name], name, *keys)
            assert form.text(name) == text, f"{name} has {form.text(name)!r}"
            form.assert_focused(name)
        type_keys(pads["Digits"], "Digits", "Delete")
        form.select("Digits", 0, 1)
        type_keys(pads["Digits"], "Digits", "Delete")
        assert form.text("Digits") == "2", form.text("Digits")
        before = len(form.output()[0])
        tap(pads["Digits"], "Return", lambda: "activate Digits" in form.output()[0][before:], "activate Digits")
        form.assert_focused("Digits")
        assert not [line for line in osk.trace.lines() if "qw" in line], "the password is in keypad-osk's trace"
    finally:
        form.close()
        osk.close()
        shutil.rmtree(workdir, ignore_errors=True)
    assert_quiet(form, QT_NOISE + ("runtime directory",))


def test_wayland_toolbar_done_and_kept_in_view(qt, bin_dir, keypad, trace):
    """In a headless sway, the scrolled form fullscreen: the toolbar's arrows are in keypad-osk's
    trace only where enabled (previous not on the first field, next not on the last), next moves
    focus; Far, at the bottom, is scrolled above the keypad's band; done hides the keypad (its
    margin goes), Far keeps focus, and a tap on Far brings the keypad back."""
    workdir = tempfile.mkdtemp(prefix="keypad-qt-wayland-")
    osk = OSK(bin_dir, workdir, f"qt{qt.version}-toolbar")
    wait_for(lambda: Keypad.owner_pid() == osk.process.pid, "keypad-osk on the session bus", timeout=10)
    form = qt.form(bin_dir, wayland=True, scrolled=True)

    def arrows(pad):
        return tuple(name in pad[0][2] for name in ("Previous field", "Next field"))
    try:
        form.fullscreen()
        mark = osk.trace.mark()
        form.focus("Digits")
        pad = osk.wait_keypad(mark, "numberPad")
        assert arrows(pad) == (False, True), f"Digits, the first field: {arrows(pad)}"
        mark = osk.trace.mark()
        wayland_tap(osk, pad, "Next field", lambda: form.state()["focus"] == "Number", "Next field to focus Number")
        pad = osk.wait_keypad(mark, "decimalPad")
        assert arrows(pad) == (True, True), f"Number: {arrows(pad)}"
        wayland_type(osk, form, pad, "Number", "7")
        mark = osk.trace.mark()
        form.focus("Far")
        pad = osk.wait_keypad(mark, "numberPad")
        assert arrows(pad) == (True, False), f"Far, the last field: {arrows(pad)}"
        top = pad[1]

        def above():
            x, y, width, height = form.state()["far"]
            return y + height <= top
        wait_for(above, "Far to be scrolled above the keypad", seen=lambda: (form.state()["far"], top))
        assert form.state()["margin"] > 0, form.state()
        wayland_type(osk, form, pad, "Far", "4")
        dismissals = len(osk.trace.since(0, "dismiss"))
        wayland_tap(osk, pad, "Dismiss keypad", lambda: len(osk.trace.since(0, "dismiss")) > dismissals,
                    "done to dismiss the keypad")
        wait_for(lambda: form.state()["margin"] == 0, "the margin to go with the keypad")
        form.assert_focused("Far")
        mark = osk.trace.mark()
        x, y, width, height = form.state()["far"]
        click_output(x + width // 2, y + height // 2)
        pad = osk.wait_keypad(mark, "numberPad")
        wayland_type(osk, form, pad, "Far", "5")
        assert form.text("Far") == "45" and form.text("Number") == "7", form.state()["texts"]
        form.assert_focused("Far")
    finally:
        form.close()
        osk.close()
        shutil.rmtree(workdir, ignore_errors=True)
    # QWidget::showFullScreen asks to activate the window, which Qt 5 on Wayland says it cannot.
    assert_quiet(form, QT_NOISE + ("runtime directory", "does not support QWindow::requestActivate()"))


def test_wayland_kept_in_view_below_a_keypad_at_the_top(qt, bin_dir, keypad, trace):
    """In a headless sway, keypad-osk --position top and the scrolled form fullscreen: the keypad
    along the top (its `edge top` trace line), the plug-in gives the scroll area's widget (the
    Flickable) a top margin and no bottom one, and Digits, then Far, shows wholly between the
    keypad's bottom and the output's (the window's origin the output's: fullscreen) and types."""
    workdir = tempfile.mkdtemp(prefix="keypad-qt-wayland-")
    osk = OSK(bin_dir, workdir, f"qt{qt.version}-top", args=("--position", "top"))
    wait_for(lambda: Keypad.owner_pid() == osk.process.pid, "keypad-osk on the session bus", timeout=10)
    form = qt.form(bin_dir, wayland=True, scrolled=True)
    try:
        form.fullscreen()
        for name, key in (("Digits", "4"), ("Far", "5")):
            mark = osk.trace.mark()
            form.focus(name)
            pad = osk.trace.wait_keypad(mark, "numberPad")
            edges = [line.split() for line in osk.trace.since(0, "edge ")]
            assert edges and edges[-1][1] == "top", f"the keypad is not along the top: {edges[-1:]}"
            x, y, width, height = (int(value) for value in edges[-1][2].split(","))

            def below(field=name.lower()):
                state = form.state()
                top, bottom = state[field][1], state[field][1] + state[field][3]
                return top >= y + height and bottom <= 720 and state["margin_top"] > 0 and state["margin"] == 0
            wait_for(below, f"{name} below the keypad, a top margin only", seen=lambda: form.state())
            # KeypadFrame, which the margin follows, comes once the keypad has slid in: its keys are in place.
            wayland_type(osk, form, (pad, y), name, key)
            assert form.text(name) == key, form.text(name)
            form.assert_focused(name)
        form.send("unfocus")
        wait_for(lambda: form.state()["margin_top"] == 0, "the margin to go with the keypad")
    finally:
        form.close()
        osk.close()
        shutil.rmtree(workdir, ignore_errors=True)
    assert_quiet(form, QT_NOISE + ("runtime directory", "does not support QWindow::requestActivate()"))


def test_two_qt_apps_and_a_gtk_app(plugin_root, bin_dir, keypad, trace):
    """A Qt 5 widget form, a Qt 6 QML form and a GTK 4 form (the GTK 4 module) at once: one
    keypad-osk follows focus from app to app, each field gets its pad, and each tap types into
    the focused app's field only."""
    # Each app starts when first used: a window that maps takes focus.
    starts = {"Qt 5 app": lambda: Qt(5, "widgets", plugin_root).form(bin_dir, "Qt 5 app"),
              "Qt 6 app": lambda: Qt(6, "qml", plugin_root).form(bin_dir, "Qt 6 app"),
              "GTK 4 app": lambda: Form(bin_dir, "GTK 4 app")}
    forms = {}
    try:
        owner = None
        for title, name, key, text in (("Qt 5 app", "Digits", "1", "1"), ("Qt 6 app", "Number", "Decimal separator", "."),
                                       ("GTK 4 app", "Phone", "*", "*"), ("Qt 5 app", "Phone", "*", "*"),
                                       ("Qt 6 app", "Email", "@", "@")):
            form = forms.get(title) or forms.setdefault(title, starts[title]())
            form.activate()
            form.focus(name)
            keypad.wait_for(key)
            keypad.type(form, name, key)
            assert form.text(name) == text, f"{form.title}'s {name} has {form.text(name)!r}"
            form.assert_focused(name)
            owner = owner or keypad.owner_pid()
            assert keypad.owner_pid() == owner and len(keypad.apps()) == 1, "more than one keypad-osk"
        texts = {title: form.state()["texts"] for title, form in forms.items()}
        typed = {title: {name: text for name, text in fields.items() if text} for title, fields in texts.items()}
        assert typed == {"Qt 5 app": {"Digits": "1", "Phone": "*"}, "Qt 6 app": {"Number": ".", "Email": "@"},
                         "GTK 4 app": {"Phone": "*"}}, typed
    finally:
        for form in forms.values():
            form.close()
    for form in forms.values():
        assert_quiet(form, QT_NOISE)


TESTS = [test_each_hint_gets_its_pad_and_every_key_works, test_delete_follows_the_apps_selection,
         test_toolbar_moves_focus_and_done_keeps_it, test_field_kept_in_view_above_the_keypad,
         test_field_kept_in_view_below_a_keypad_at_the_top, test_hints_changed_while_focused, test_no_glib_event_loop,
         test_keypad_osk_killed_and_back]
# QML's fields: every hint, key, Return and the password; Delete over the app's selection; the
# toolbar; kept in view (keypad at the bottom and at the top); hints changed while focused.
QML_TESTS = [test_each_hint_gets_its_pad_and_every_key_works, test_delete_follows_the_apps_selection,
             test_toolbar_moves_focus_and_done_keeps_it, test_field_kept_in_view_above_the_keypad,
             test_field_kept_in_view_below_a_keypad_at_the_top, test_hints_changed_while_focused]
# Under with-display with KEYPAD_NO_WM=1 (--no-wm).
NO_WM_TESTS = [test_no_window_manager_tap_keeps_focus, test_no_window_manager_keypad_above_a_later_window]
# In a headless sway (--wayland).
WAYLAND_TESTS = [test_wayland_form, test_wayland_toolbar_done_and_kept_in_view,
                 test_wayland_kept_in_view_below_a_keypad_at_the_top]
WAYLAND_QML_TESTS = [test_wayland_toolbar_done_and_kept_in_view, test_wayland_kept_in_view_below_a_keypad_at_the_top]
# Once per run, Qt 5 and Qt 6 together (with-display only).
MIXED_TESTS = [test_two_qt_apps_and_a_gtk_app]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("plugin_root")
    parser.add_argument("--qt", type=int, choices=(5, 6), action="append", help="one Qt (default: both)")
    parser.add_argument("--kind", choices=("widgets", "qml"), action="append", help="one kind of form (default: both)")
    parser.add_argument("--only", help="run the tests whose names contain this")
    parser.add_argument("--no-wm", action="store_true",
                        help="the tests for X11 with no window manager (under KEYPAD_NO_WM=1 scripts/display/with-display)")
    parser.add_argument("--wayland", action="store_true",
                        help="the forms on Wayland (under scripts/display/with-wayland sway)")
    arguments = parser.parse_args()
    if arguments.wayland:
        missing = VirtualPointer.start(os.path.join(arguments.bin_dir, "virtual-pointer"))
        assert not missing, f"no virtual pointer: {missing}"
        trace = None  # each test's keypad-osk has its own
    else:
        trace = os.environ.get("KEYPAD_IM_TRACE") or sys.exit("KEYPAD_IM_TRACE must name keypad-osk's trace file")
    failed = 0
    for version in arguments.qt or (5, 6):
        for kind in arguments.kind or ("widgets", "qml"):
            qt = Qt(version, kind, arguments.plugin_root)
            if arguments.wayland:
                tests = WAYLAND_TESTS if kind == "widgets" else WAYLAND_QML_TESTS
            else:
                tests = NO_WM_TESTS if arguments.no_wm else TESTS if kind == "widgets" else QML_TESTS
            failed += run_each(tests, arguments.only, lambda test: test(qt, arguments.bin_dir, Keypad(), trace),
                               f"Qt {version} {kind} ")
    if not arguments.wayland and not arguments.no_wm and not arguments.qt and not arguments.kind:
        failed += run_each(MIXED_TESTS, arguments.only,
                           lambda test: test(arguments.plugin_root, arguments.bin_dir, Keypad(), trace))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
