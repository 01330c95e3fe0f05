#!/usr/bin/python3
"""End-to-end tests of the GTK 4 module (libim-keypad.so) with keypad-osk's D-Bus front:
real GTK 4 apps (the Python form Tests/GTK4/gtk4_form.py, two at once, and Debian's
gtk4-widget-factory), the keypad in keypad-osk's own process found on the accessibility
bus, taps through xdotool, and what each app reports of its own fields.

Run under scripts/display/with-display with the session bus reading keypad-osk's service
file from the build (XDG_DATA_DIRS=<bin>/share:…), as `make test-gtk4` does:

    Tests/GTK4/gtk4_e2e.py BIN_DIR            the tests under a window manager
    Tests/GTK4/gtk4_e2e.py --no-wm BIN_DIR    the one test without (KEYPAD_NO_WM=1)
    Tests/GTK4/gtk4_e2e.py --wayland BIN_DIR  the form as a native Wayland client of a headless sway
                                              (under scripts/display/with-wayland sway): the field
                                              kept in view beside the keypad (#34)
    Tests/GTK4/gtk4_e2e.py --soak [--gtk 3] BIN_DIR   20 000 focus changes, memory flat (make soak)
    Tests/GTK4/gtk4_e2e.py --gtk 3 …          the same tests of the thin GTK 3 module (the same
                                              context source, #31): the form in GTK 3
                                              (KEYPAD_FORM_GTK=3), gtk3-widget-factory

Nothing starts keypad-osk but D-Bus activation, by the first field that takes focus.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import shutil
import tempfile
import threading

from keypad_harness.form_app import (FORM, GTK, DBusMonitor, Form, WaylandForm,  # noqa: E402
                                     assert_delete_follows_the_apps_selection, assert_far_types_and_margin_goes,
                                     assert_one_outage_line, assert_password_kept, assert_quiet,
                                     assert_tap_brings_keypad_back, assert_taps_keep_focus, delete_and_activate_digits,
                                     keypad_osk_at_the_top, kill_keypad_osk_and_come_back, module_env, type_a_password)
from keypad_harness.gtk4_apps import GTK4Caret  # noqa: E402
from keypad_harness.keypad_osk import OSK, Keypad, screenshot  # noqa: E402
from keypad_harness.process import resident_kb  # noqa: E402
from keypad_harness.runner import run_each  # noqa: E402
from keypad_harness.screenshot import not_yellow, x11_screenshot  # noqa: E402
from keypad_harness.trace import trace_lines  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402
from keypad_harness.wayland import click_output, start_virtual_pointer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# ---- The tests ----

def test_each_field_gets_its_pad_and_every_key_works(bin_dir, keypad, trace):
    with DBusMonitor() as monitor:
        form = Form(bin_dir)
        try:
            form.activate()
            form.focus("Digits")
            keypad.wait_for("1")
            assert not keypad.shows("Decimal separator") and not keypad.shows("*") and not keypad.shows("q"), \
                "Digits did not get the number pad"
            keypad.type(form, "Digits", "1", "2", "3")
            assert form.text("Digits") == "123"
            delete_and_activate_digits(form, keypad)

            form.focus("Number")
            keypad.wait_for("Decimal separator")
            keypad.type(form, "Number", "4", "Decimal separator", "5")
            assert form.text("Number") == "4.5", form.text("Number")
            form.focus("Phone")
            keypad.wait_for("*")
            keypad.type(form, "Phone", "5", "*")
            assert form.text("Phone") == "5*", form.text("Phone")
            form.focus("Email")
            keypad.wait_for("@")
            keypad.type(form, "Email", "q", "@")
            assert form.text("Email") == "q@", form.text("Email")

            form.focus("Password")
            # The e-mail layout gives way to the default one (its "@" goes).
            wait_for(lambda: keypad.shows("q") and not keypad.shows("@"), "Password's default layout")
            type_a_password(form, keypad)

            # INHIBIT_OSK: the field has focus, no keypad shows, physical keys type.
            form.focus("Inhibited")
            keypad.wait_for_no_keypad()
            assert trace_lines(trace, "dbus focus-in")[-1].split()[-1] == "hints=128"
            subprocess.run(["xdotool", "type", "--delay", "30", "x"], check=True)
            wait_for(lambda: form.text("Inhibited") == "x", "a physical key in Inhibited")
            form.assert_focused("Inhibited")

            form.focus("Notes")
            keypad.wait_for("q")
            keypad.type(form, "Notes", "q", "Return", "w")
            assert form.text("Notes") == "q\nw", f"Notes has {form.text('Notes')!r}"
            form.assert_focused("Notes")
            assert "activate Notes" not in form.output()[0]
        finally:
            form.close()
        assert_quiet(form)
    assert_password_kept(monitor, trace)


def test_delete_follows_the_apps_selection(bin_dir, keypad, trace):
    """Delete over a selection keypad-osk has not heard of yet, and after a selection the app
    has dropped, deletes what the app shows selected, or the character before its caret."""
    form = Form(bin_dir)
    try:
        form.activate()
        assert_delete_follows_the_apps_selection(form, keypad, trace)
    finally:
        form.close()
    assert_quiet(form)


def test_toolbar_moves_focus_in_the_app(bin_dir, keypad, trace):
    """The toolbar's previous and next move the app's focus along its window's focus chain
    (keypad-osk's MoveFocus); done hides the keypad and the field keeps its focus (Dismiss), and
    a tap on the field brings the keypad back."""
    moves, dismissals = len(trace_lines(trace, "move-focus")), len(trace_lines(trace, "dismiss"))
    form = Form(bin_dir)
    try:
        form.activate()
        form.focus("Digits")
        keypad.wait_for("1")
        keypad.tap_once("Next field", lambda: form.state()["focus"] == "Number", "Next field to focus Number")
        keypad.wait_for("Decimal separator")
        keypad.type(form, "Number", "7")
        assert form.text("Number") == "7", form.text("Number")
        keypad.tap_once("Previous field", lambda: form.state()["focus"] == "Digits", "Previous field to focus Digits")
        keypad.wait_for("1")
        keypad.type(form, "Digits", "3")
        assert form.text("Digits") == "3" and form.text("Number") == "7", form.state()
        keypad.tap_once("Dismiss keypad", lambda: not keypad.shows(), "done to hide the keypad")
        form.assert_focused("Digits")
        assert [l.split()[1] for l in trace_lines(trace, "move-focus")[moves:]] == ["next", "previous"]
        assert len(trace_lines(trace, "dismiss")) == dismissals + 1
        if GTK["version"] == 4:
            return  # the GTK 4 module does not see the tap yet (docs/thin-modules.md)
        assert_tap_brings_keypad_back(form, keypad, "Digits", "5", "35")
    finally:
        form.close()
    assert_quiet(form)


def test_two_apps_share_one_keypad_that_follows_focus(bin_dir, keypad, trace):
    first, second = Form(bin_dir, "First form"), Form(bin_dir, "Second form")
    try:
        first.activate()
        first.focus("Digits")
        keypad.wait_for("1")
        keypad.type(first, "Digits", "1")
        owner = keypad.owner_pid()
        second.activate()
        second.focus("Number")
        keypad.wait_for("Decimal separator")
        keypad.type(second, "Number", "7")
        assert second.text("Number") == "7" and first.text("Digits") == "1", (first.state(), second.state())
        first.activate()
        first.focus("Phone")
        keypad.wait_for("*")
        keypad.type(first, "Phone", "8")
        assert first.text("Phone") == "8" and second.text("Number") == "7"
        assert keypad.owner_pid() == owner and len(keypad.apps()) == 1, "more than one keypad-osk"
        # A second keypad-osk finds the name taken, says so and leaves (status 5).
        second_osk = subprocess.run([os.path.join(bin_dir, "keypad-osk")], capture_output=True, text=True, timeout=30)
        assert second_osk.returncode == 5 and "another keypad-osk" in second_osk.stderr, \
            (second_osk.returncode, second_osk.stderr)
        assert keypad.owner_pid() == owner
        # An app that quits without focus changes nothing; one that crashes with its field
        # focused (and no other window to take focus) leaves no keypad behind.
        gone = len(trace_lines(trace, "dbus vanished"))
        second.close()
        wait_for(lambda: len(trace_lines(trace, "dbus vanished")) == gone + 1, "keypad-osk to see the second app go")
        assert keypad.shows("*"), "the keypad went away with an app that had no focus"
        first.kill()
        wait_for(lambda: len(trace_lines(trace, "dbus vanished")) == gone + 2, "keypad-osk to see the first app go")
        keypad.wait_for_no_keypad()
        assert keypad.owner_pid() == owner, "keypad-osk went away with the app"
    finally:
        first.close()
        second.close()


def test_keypad_above_a_fullscreen_kiosk(bin_dir, keypad, trace):
    """A fullscreen form (a kiosk) under openbox: the keypad, another process's window,
    shows above it, so a tap lands on the key, not on the form under it."""
    form = Form(bin_dir)
    try:
        form.fullscreen()
        form.focus("Digits")
        keypad.wait_for("1")
        keypad.type(form, "Digits", "4", "2")
        assert form.text("Digits") == "42", form.text("Digits")
        form.assert_focused("Digits")
    finally:
        form.close()


def keypad_edge(trace, mark, edge):
    """The keypad's frame (x, y, w, h) once keypad-osk's trace says it arrived at `edge` since `mark`."""
    def arrived():
        edges = [line.split() for line in trace_lines(trace, "")[mark:] if line.startswith("edge ")]
        if edges and edges[-1][1] == edge:
            return tuple(int(v) for v in edges[-1][2].split(","))
        return None
    return wait_for(arrived, f"the keypad along the {edge}", seen=lambda: trace_lines(trace, "edge ")[-3:])


def wait_uncovered(form, name, keypad_frame, what):
    """Waits until field `name` of `form` (yellow) is wholly off `keypad_frame` and an X screenshot
    shows its yellow (the keypad's window is not over it); its frame."""
    x, y, w, h = keypad_frame

    def clear():
        field = form.state()[name]
        return field if field[1] >= y + h or field[1] + field[3] <= y else None
    field = wait_for(clear, what, seen=lambda: (form.state()[name], keypad_frame))
    shot_path = tempfile.mktemp(suffix=".png", prefix=f"keypad-kept-in-view-{name}-")
    try:
        wait_for(lambda: not not_yellow(x11_screenshot(shot_path), field), f"{name}'s yellow in a screenshot",
                 seen=lambda: not_yellow(x11_screenshot(shot_path), field)[:4])
    finally:
        if os.path.exists(shot_path):
            os.remove(shot_path)
    return field


def test_field_kept_in_view_above_the_keypad(bin_dir, keypad, trace):
    """A field low in a scrolled window of a fullscreen form: the scrolled window at its end, Far,
    near the bottom of the screen, is tapped (a real click); keypad-osk tells the app where its
    keypad is (KeypadFrame) and the module scrolls Far above it, the scrolled window's child
    getting a bottom margin as tall as the keypad covers: a screenshot shows Far's yellow, and a
    key types into it. The keypad stays along the bottom (the module keeps the field in view: no
    move off the caret); focus on Digits keeps the margin; it goes with the keypad."""
    mark = len(trace_lines(trace, ""))
    form = Form(bin_dir, scrolled=True)
    try:
        form.fullscreen()
        screen_width, screen_height = (int(v) for v in subprocess.run(
            ["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True).stdout.split())
        wait_for(lambda: form.state()["far"][2] == screen_width, "the fullscreen form laid out",
                 seen=lambda: form.state()["far"])
        # No field focused, which GTK would scroll back into view, and the first field's keypad gone
        # (slid out, its window unmapped: a tap there would land on it); then the scrolled window
        # at its end.
        assert form.state()["focus"] == "Digits", form.state()
        keypad.wait_for("1")
        hidden = len(trace_lines(trace, "hidden"))
        form.send("unfocus")
        wait_for(lambda: form.state()["focus"] is None, "no field focused")
        wait_for(lambda: len(trace_lines(trace, "hidden")) > hidden, "the first field's keypad to hide")
        wait_for(lambda: not subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Keypad$"],
                                            capture_output=True).stdout, "the keypad's window unmapped")
        form.send("scroll-end")
        form.wait_for_line("scrolled")
        wait_for(lambda: screen_height - 100 < sum(form.state()["far"][1::2]) <= screen_height,
                 "Far near the bottom of the screen", seen=lambda: (form.state()["far"], screen_height))
        form.click("Far")
        wait_for(lambda: form.state()["focus"] == "Far", "the tap to focus Far", seen=lambda: form.state())
        keypad.wait_for("1")
        frame = keypad_edge(trace, mark, "bottom")
        wait_uncovered(form, "far", frame, "Far to be scrolled above the keypad")
        state = form.state()
        assert state["margin"] > 0 and state["margin_top"] == 0, state
        assert not [l for l in trace_lines(trace, "")[mark:] if l.startswith("edge top")], "the keypad left the bottom"
        assert_far_types_and_margin_goes(form, keypad)
    finally:
        form.close()
    assert_quiet(form)


def test_field_kept_in_view_below_a_keypad_at_the_top(bin_dir, keypad, trace):
    """keypad-osk --position top (#34): KeypadFrame says the keypad is along the top, and the
    module gives the scrolled window's child a top margin as tall as the keypad covers (no bottom
    margin), so Digits, at the top of the fullscreen form, tapped (a real click), shows below the
    keypad (its yellow in a screenshot) and types; Far, low in the scrolled window, is scrolled
    into the part below the keypad and types; the margin goes with the keypad."""
    form = None
    with keypad_osk_at_the_top(bin_dir, keypad):
        mark = len(trace_lines(trace, ""))
        form = Form(bin_dir, scrolled=True)
        try:
            form.fullscreen()
            form.click("Digits")
            wait_for(lambda: form.state()["focus"] == "Digits", "the tap to focus Digits")
            keypad.wait_for("1")
            frame = keypad_edge(trace, mark, "top")
            wait_uncovered(form, "digits", frame, "Digits below the keypad")
            state = form.state()
            assert state["margin_top"] > 0 and state["margin"] == 0, f"margins: top {state['margin_top']}, " \
                f"bottom {state['margin']}"
            keypad.type(form, "Digits", "4")
            assert form.text("Digits") == "4", form.text("Digits")
            form.focus("Far")
            keypad.wait_for("1")
            wait_uncovered(form, "far", frame, "Far scrolled below the keypad")
            keypad.type(form, "Far", "5")
            assert form.text("Far") == "5", form.text("Far")
            form.send("unfocus")
            keypad.wait_for_no_keypad()
            wait_for(lambda: form.state()["margin_top"] == 0, "the margin to go with the keypad")
        finally:
            form.close()
    assert_quiet(form)


def test_20000_focus_changes_leave_memory_flat(bin_dir, keypad, trace):
    """Focus moves 20 000 times between two fields (Digits and Far, both digits; Far low in the
    scrolled window): the app and keypad-osk stay up, and their memory is flat: each grows by
    less than 1 MB (VmRSS) over the last 9 000 moves (the first 2 000 warm up, the next 9 000 reach
    the steady state), and the keypad still types. Nothing asks the accessibility bus before the
    moves are counted: once a client has walked keypad-osk's accessibles, its GTK accessibility
    bridge grew 31 MB over 9 000 moves (measured, #31). Prints `soak app A B osk C D` (kB after
    the second and the third burst) for make soak's results."""
    form = Form(bin_dir, scrolled=True)
    try:
        form.activate()
        form.focus("Digits")
        wait_for(keypad.owner_pid, "keypad-osk to start")
        osk = keypad.owner_pid()

        def focus_ins():
            return len(trace_lines(trace, "dbus focus-in "))

        def churn(count):
            before, traced = len(form.output()[0]), focus_ins()
            form.send(f"churn {count} Digits Far")
            wait_for(lambda: f"churned {count}" in form.output()[0][before:], f"{count} focus changes", timeout=300)
            # keypad-osk has taken every message the moves sent once it traced each move's FocusIn
            # (it fell thousands behind once, and the queue's memory looked like a leak, #31).
            wait_for(lambda: focus_ins() >= traced + count, f"keypad-osk to take {count} FocusIns", timeout=300)
            return resident_kb(form.process.pid), resident_kb(osk)
        churn(2000)
        first = churn(9000)
        last = churn(9000)
        print(f"     app {first[0]} -> {last[0]} kB, keypad-osk {first[1]} -> {last[1]} kB", flush=True)
        print(f"soak app {first[0]} {last[0]} osk {first[1]} {last[1]}", flush=True)
        assert last[0] - first[0] < 1024, f"the app grew {last[0] - first[0]} kB over 9 000 focus changes"
        assert last[1] - first[1] < 1024, f"keypad-osk grew {last[1] - first[1]} kB over 9 000 focus changes"
        assert keypad.owner_pid() == osk and form.process.poll() is None
        form.focus("Digits")
        keypad.wait_for("1")
        before = form.text("Digits")
        keypad.type(form, "Digits", "7")
        assert form.text("Digits") == before + "7", form.text("Digits")
    finally:
        form.close()
    assert_quiet(form)


def test_keypad_osk_killed_mid_typing(bin_dir, keypad, trace):
    form = Form(bin_dir)
    try:
        kill_keypad_osk_and_come_back(form, keypad)
    finally:
        form.close()
    assert_one_outage_line(form)


def test_no_keypad_osk_at_all(bin_dir, keypad, trace):
    """A session bus with no keypad-osk service file: the app logs one line and types with
    its physical keys."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True,
                           env=dict(os.environ, XDG_DATA_DIRS="/usr/local/share:/usr/share"))
    address = bus.stdout.readline().strip()
    # No accessibility on that bus: an AT-SPI bus launched from it would announce itself on the
    # X root window and outlive this test's bus, to the next apps' harm.
    form = Form(bin_dir, env={"DBUS_SESSION_BUS_ADDRESS": address, "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"})
    try:
        form.activate()
        form.focus("Digits")
        wait_for(lambda: any("no keypad-osk on the session bus" in l for l in form.output()[1]),
                 "the app's one line about keypad-osk")
        subprocess.run(["xdotool", "type", "--delay", "30", "12"], check=True)
        wait_for(lambda: form.text("Digits") == "12", "physical keys without keypad-osk")
        form.focus("Number")
        subprocess.run(["xdotool", "type", "--delay", "30", "3"], check=True)
        wait_for(lambda: form.text("Number") == "3", "physical keys in the next field")
        form.assert_focused("Number")
    finally:
        form.close()
        bus.terminate()
        bus.wait(timeout=5)
    lines = [l for l in form.output()[1] if "keypad" in l]
    assert len(lines) == 1, f"the app should log one line, not {lines}"


class Rogue:
    """Tests/GTK4/rogue_osk.py on a private session bus: it owns org.keypad.OSK1 there."""

    def __init__(self):
        self.bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                    env=dict(os.environ, XDG_DATA_DIRS="/usr/local/share:/usr/share"))
        self.address = self.bus.stdout.readline().strip()
        self.process = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "rogue_osk.py")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address))
        self.lines = []
        threading.Thread(target=lambda: [self.lines.append(l.rstrip("\n")) for l in self.process.stdout],
                         daemon=True).start()
        wait_for(lambda: "ready" in self.lines, "the rogue peer to own org.keypad.OSK1")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def calls(self, method):
        prefix = f"call {method} "
        return [json.loads(l[len(prefix):]) for l in list(self.lines) if l.startswith(prefix)]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)
        self.bus.terminate()
        self.bus.wait(timeout=5)


def test_a_rogue_peer_is_bounded(bin_dir, keypad, trace):
    """Another program owning org.keypad.OSK1: the module applies what is in bounds and
    nothing else (a Commit over 4096 bytes, a DeleteSurrounding over 65536 characters, a
    range outside the text as it is now), and never sends it a password's text."""
    rogue = Rogue()
    form = Form(bin_dir, env={"DBUS_SESSION_BUS_ADDRESS": rogue.address, "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"})
    try:
        form.activate()
        form.focus("Digits")
        wait_for(lambda: rogue.calls("FocusIn"), "the module's FocusIn")

        def then(line, text):
            rogue.send(line)
            wait_for(lambda: form.text("Digits") == text, f"Digits to be {text!r} after {line!r}",
                     seen=lambda: form.text("Digits"))
        then("commit 12", "12")
        rogue.send("commit-long 5000")
        then("commit 3", "123")  # the long one was dropped: the next one is next
        rogue.send("delete -50 1")  # a range before the text's start: nothing to delete
        then("commit 4", "1234")
        rogue.send("delete -1 100000")  # absurd: ignored
        then("commit 5", "12345")
        then("delete -2 1", "1235")  # in bounds: applied
        form.select("Digits", 1, 3)
        then("backspace", "15")  # the selection, worked out in the app
        form.focus("Password")
        focus_ins = len(rogue.calls("FocusIn"))
        wait_for(lambda: len(rogue.calls("FocusIn")) > focus_ins or rogue.calls("FocusIn")[-1][0] == 8,
                 "the Password's FocusIn")
        subprocess.run(["xdotool", "type", "--delay", "30", "pw"], check=True)
        wait_for(lambda: form.text("Password") == "pw", "the typed password")
        rogue.send("backspace")
        wait_for(lambda: form.text("Password") == "p", "Backspace in the password")
        password_from = max(i for i, l in enumerate(rogue.lines) if l.startswith("call FocusIn ") and
                            json.loads(l[len("call FocusIn "):])[0] == 8)
        texts = [json.loads(l[len("call SetSurroundingText "):]) for l in rogue.lines[password_from:]
                 if l.startswith("call SetSurroundingText ")]
        assert all(text == ["", -1, -1] for text in texts), f"the password's text went to the peer: {texts}"
    finally:
        form.close()
        rogue.close()


def test_widget_factory(bin_dir, keypad, trace):
    """Debian's gtk4-widget-factory (gtk3-widget-factory with --gtk 3), an app this project
    did not write: the field it focuses first gets the keypad, and a tap types into it.
    GTK 4.8's accessibility bus gives its widgets no positions or text, so what the entry
    holds is read where the module reads it: the surrounding text the factory's own entry
    gives, on the bus."""
    env = dict(os.environ, **module_env(bin_dir))
    with DBusMonitor() as monitor:
        factory = subprocess.Popen([f"gtk{GTK['version']}-widget-factory"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            found = []

            def window():
                # Only once mapped: openbox has managed it then (a window it has not yet given
                # _NET_WM_DESKTOP makes windowactivate fail).
                result = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(factory.pid), "--name",
                                         "Widget Factory"], capture_output=True, text=True)
                found[:] = result.stdout.split()
                return bool(found)
            focused = len(trace_lines(trace, "dbus focus-in"))
            wait_for(window, "gtk4-widget-factory's window", timeout=15)
            # Not --sync: after other apps came and went, xdotool waited 15 s for that window
            # here; the factory's field taking focus is the signal waited for.
            subprocess.run(["xdotool", "windowactivate", found[-1]], check=True)
            wait_for(lambda: len(trace_lines(trace, "dbus focus-in")) > focused, "a factory field to take focus",
                     timeout=15)
            keypad.wait_for("q")
            keypad.tap("w")
            wait_for(lambda: 'string "w"' in monitor.text(), "the factory's entry to hold the typed w",
                     seen=lambda: monitor.text()[-600:])
            assert factory.poll() is None, "gtk4-widget-factory exited"
        finally:
            factory.terminate()
            factory.wait(timeout=5)


def test_no_window_manager_tap_keeps_focus(bin_dir, keypad, trace):
    """No window manager: nothing but keypad-osk itself keeps its keypad window from taking
    the X focus (GDK gives a window it presents the focus directly when no window manager
    answers), so taps must leave the form active, its field focused, its keys its own."""
    form = Form(bin_dir)
    try:
        wait_for(lambda: form.state()["active"], "the form to be active (focused by GDK itself)")
        assert_taps_keep_focus(form, keypad)
    finally:
        form.close()


def test_keypad_leaves_the_caret_uncovered(bin_dir, keypad, trace):
    """#34 on X11: keypad-osk places its keypad from the module's caret (FocusIn, SetCursorRect)
    and the caret's monitor: a fullscreen window's entry near the bottom (focused at start) gets
    the keypad along the top, the entry's yellow uncovered, and keys type into it; focus on the
    entry at the top brings the keypad back to the bottom, where it types too. The keypad is placed
    once: keypad-osk runs before the window starts (D-Bus activation asked first, as by an earlier
    app), and the module's first FocusIn carries the entry's caret, so the keypad never shows at
    the bottom first (before, it did: GTK 4 tells the caret after the focus)."""
    if keypad.owner_pid() is None:
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.StartServiceByName",
                        "org.keypad.OSK1", "0"], check=True, capture_output=True)
        wait_for(lambda: keypad.owner_pid() is not None, "keypad-osk started by D-Bus activation", timeout=20)
    mark = len(trace_lines(trace, ""))
    app = GTK4Caret(dict(os.environ, GTK_PATH=os.path.join(bin_dir, "gtk-4.0"), GTK_IM_MODULE="keypad"))
    shot_path = tempfile.mktemp(suffix=".png", prefix="keypad-x11-caret-")
    try:
        low, high = app.rects["Bottom"], app.rects["Top"]
        assert low[1] > 600 and high[1] < 100, f"the window's entries: {app.rects}"

        def edge_lines():
            return [l.split() for l in trace_lines(trace, "")[mark:] if l.startswith("edge ")]
        wait_for(lambda: edge_lines() and edge_lines()[-1][1] == "top", "the keypad at the top",
                 seen=lambda: edge_lines()[-3:])
        x, y, w, h = (int(v) for v in edge_lines()[-1][2].split(","))
        assert y == 0 and h < low[1], f"the keypad at {(x, y, w, h)}, the entry at {low}"
        keypad.wait_for("4")
        assert [l[1] for l in edge_lines()] == ["top"], f"placed more than once: {edge_lines()}"
        key_x, key_y = Keypad.center(keypad.find("4"))
        assert key_y < h, f"the key 4 at {key_y}, not in the keypad along the top"
        covered = not_yellow(x11_screenshot(shot_path), low)
        assert not covered, f"the entry at {low} is covered: {covered[:4]}"
        for key, expected in (("4", "4"), ("2", "42")):
            keypad.tap_once(key, lambda e=expected: app.read() and f"text Bottom {e}" in app.lines,
                            f"Bottom to read {expected!r}")
        count = len(edge_lines())
        app.focus("Top")
        wait_for(lambda: len(edge_lines()) > count and edge_lines()[-1][1] == "bottom", "the keypad back at the bottom",
                 seen=lambda: edge_lines()[-3:])
        keypad.tap_once("7", lambda: app.read() and "text Top 7" in app.lines, "Top to read '7'")
        key_x, key_y = Keypad.center(keypad.find("7"))
        assert key_y > high[1] + high[3], f"the key 7 at {key_y}, over the entry at the top {high}"
    finally:
        app.close()
        if os.path.exists(shot_path):
            os.remove(shot_path)


# ---- On Wayland (--wayland): the form as a native client of a headless sway ----

def wayland_kept_in_view(bin_dir, keypad, trace, position, tapped, then):
    """keypad-osk (started here, `--position position`; the module reaches it on the session bus,
    the compositor knows nothing of the form's fields) and the scrolled form fullscreen on sway's
    one output, whose pixels its frames are in (a Wayland client knows no more of its place):
    field `tapped` tapped with the virtual pointer is kept in view beside the keypad, which
    arrives at its edge (`edge` in keypad-osk's trace), its yellow in a screenshot; a tap on a key
    types into it (the form's own text), and so into `then` once it has focus. Returns the
    form's last state with the keypad shown."""
    edge = "top" if position == "top" else "bottom"
    workdir = tempfile.mkdtemp(prefix="keypad-gtk-wayland-")
    osk = OSK(bin_dir, workdir, f"kept-in-view-{edge}", args=("--position", position))
    form = None
    try:
        wait_for(lambda: Keypad.owner_pid() == osk.process.pid, "keypad-osk on the session bus", timeout=20)
        form = WaylandForm(bin_dir, "GTK form", env={}, command=FORM, scrolled=True)
        form.fullscreen()
        wait_for(lambda: form.state()["far"][2] == 1280, "the fullscreen form laid out", seen=lambda: form.state())
        # Digits had focus from the start, and its keypad: both gone first (a tap where the keypad
        # was would land on it); for Far the scrolled window at its end, Far near the output's bottom.
        osk.trace.wait_keypad(0, "numberPad")
        mark = osk.trace.mark()
        form.send("unfocus")
        osk.trace.wait_hidden(mark)
        if tapped == "Far":
            form.send("scroll-end")
            form.wait_for_line("scrolled")
            wait_for(lambda: 620 < sum(form.state()["far"][1::2]) <= 720, "Far near the bottom",
                     seen=lambda: form.state()["far"])
        mark = osk.trace.mark()
        x, y, width, height = form.state()[tapped.lower()]
        click_output(x + width // 2, y + height // 2)
        wait_for(lambda: form.state()["focus"] == tapped, f"the tap to focus {tapped}", seen=lambda: form.state())
        for name in (tapped, then):
            if name == then:
                mark = osk.trace.mark()
                form.focus(then)
            pad = osk.trace.wait_keypad(mark, "numberPad")
            frame = arrived(osk.trace, mark, edge)
            field = wait_for(lambda: off(form.state()[name.lower()], frame), f"{name} off the keypad at the {edge}",
                             seen=lambda: (form.state()[name.lower()], frame))
            wait_for(lambda: not not_yellow(screenshot(f"kept-in-view-{name}"), field),
                     f"{name}'s yellow in a screenshot", seen=lambda: not_yellow(screenshot(name), field)[:4])
            before = form.text(name)
            osk.tap(pad, frame[1], "7")
            wait_for(lambda: form.text(name) == before + "7", f"the tap on 7 to type into {name}",
                     seen=lambda: form.text(name))
            form.assert_focused(name)
            state = form.state()
        assert not osk.trace.since(0, f"edge {'bottom' if edge == 'top' else 'top'}"), osk.trace.since(0, "edge")
    finally:
        if form is not None:
            form.close()
        osk.close()
        shutil.rmtree(workdir, ignore_errors=True)
    assert_quiet(form)
    return state


def arrived(trace, mark, edge):
    """The keypad's frame (x, y, w, h) once keypad-osk's `Trace` says it arrived at `edge` since `mark`."""
    def found():
        lines = trace.since(mark, "edge ")
        return tuple(int(v) for v in lines[-1].split()[2].split(",")) if lines and lines[-1].split()[1] == edge \
            else None
    return wait_for(found, f"the keypad along the {edge}", seen=lambda: trace.since(0, "edge ")[-3:])


def off(field, frame):
    """`field` when it is wholly above or below the keypad's `frame`, else None."""
    return field if field[1] >= frame[1] + frame[3] or field[1] + field[3] <= frame[1] else None


def test_wayland_field_kept_in_view_above_the_keypad(bin_dir, keypad, trace):
    """In sway, Far near the output's bottom tapped: scrolled above the keypad, which stays along
    the bottom (the module keeps its field in view: FocusIn's flag 0x10), with a bottom margin;
    Digits, focused then, keeps it."""
    state = wayland_kept_in_view(bin_dir, keypad, trace, "auto", "Far", "Digits")
    assert state["margin"] > 0 and state["margin_top"] == 0, state


def test_wayland_field_kept_in_view_below_a_keypad_at_the_top(bin_dir, keypad, trace):
    """In sway, keypad-osk --position top: Digits, at the top of the form, tapped, shows below the
    keypad (a top margin); Far, focused then, is scrolled below it too."""
    state = wayland_kept_in_view(bin_dir, keypad, trace, "top", "Digits", "Far")
    assert state["margin_top"] > 0 and state["margin"] == 0, state


WITH_WM = [test_each_field_gets_its_pad_and_every_key_works, test_delete_follows_the_apps_selection,
           test_toolbar_moves_focus_in_the_app,
           test_two_apps_share_one_keypad_that_follows_focus,
           test_keypad_above_a_fullscreen_kiosk, test_field_kept_in_view_above_the_keypad,
           test_field_kept_in_view_below_a_keypad_at_the_top,
           test_keypad_osk_killed_mid_typing, test_no_keypad_osk_at_all,
           test_a_rogue_peer_is_bounded, test_widget_factory, test_keypad_leaves_the_caret_uncovered]
WITHOUT_WM = [test_no_window_manager_tap_keeps_focus]
WAYLAND = [test_wayland_field_kept_in_view_above_the_keypad, test_wayland_field_kept_in_view_below_a_keypad_at_the_top]
# Run with --soak by make soak (scripts/benchmarks/soak, release build: a memory goal, not a timed
# test). Measured (#31) before its fixes: over 9 000 focus moves with the keypad showing, keypad-osk
# grew 10-14 MB (Xlib's event queue and the queue of D-Bus messages it fell behind on, both kept
# at their peak), the GTK 3 app 0.15 MB, the GTK 4 app 0.85-2 MB.
SOAK = [test_20000_focus_changes_leave_memory_flat]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("--no-wm", action="store_true")
    parser.add_argument("--only", help="run the tests whose names contain this")
    parser.add_argument("--gtk", type=int, choices=(3, 4), default=4, help="the GTK whose thin module is tested")
    parser.add_argument("--soak", action="store_true", help="the long memory tests (SOAK) instead")
    parser.add_argument("--wayland", action="store_true", help="the Wayland tests (WAYLAND) instead, in sway")
    arguments = parser.parse_args()
    GTK["version"] = arguments.gtk
    if arguments.wayland:
        start_virtual_pointer(arguments.bin_dir)
    # On Wayland each test's keypad-osk writes a trace of its own.
    trace = None if arguments.wayland else (
        os.environ.get("KEYPAD_IM_TRACE") or sys.exit("KEYPAD_IM_TRACE must name keypad-osk's trace file"))
    tests = SOAK if arguments.soak else WAYLAND if arguments.wayland else WITHOUT_WM if arguments.no_wm else WITH_WM
    failed = run_each(tests, arguments.only, lambda test: test(arguments.bin_dir, Keypad(), trace))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
