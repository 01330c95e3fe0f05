"""The keypad IM module on a display with no window manager (a kiosk started with
`xinit app`): X input focus is PointerRoot there and follows the pointer, so the pointer
reaching the keypad's window would take focus from the app. Run by Tests/IM/im_e2e.py
--no-window-manager under `KEYPAD_NO_WM=1 scripts/display/with-display`."""
import os
import subprocess

from keypad_harness.atspi_app import App
from keypad_harness.waits import wait_for

from im_form_tests import assert_quiet


def trace_lines(path):
    with open(path) as file:
        return [line.rstrip("\n") for line in file]


def test_keys_typed_without_a_window_manager():
    """zenity --entry (Debian 12's, GTK 3, which never asks for X focus itself): a click in its
    entry, then taps on the keypad with real X pointer events. Each tap types into the app's
    own entry, and the keypad and the entry's focus stay."""
    assert "_NET_SUPPORTING_WM_CHECK(WINDOW)" not in subprocess.run(
        ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], capture_output=True, text=True).stdout, \
        "a window manager runs: this test needs a display without one"
    # keypad-osk's trace, named for the session bus (make test-im); from this test's first line.
    trace = os.environ["KEYPAD_IM_TRACE"]
    mark = len(trace_lines(trace))
    app = App(["zenity", "--entry", "--title=Keypad", "--text=Your name"])
    try:
        node = app.first("text")
        app.click_node(node)
        app.wait_for_keypad("q")
        typed = ""
        for key, character in (("h", "h"), ("i", "i"), ("Space", " "), ("q", "q")):
            app.tap(key)
            typed += character
            wait_for(lambda: app.text(node) == typed, f"{typed!r} in Name after {key}",
                     seen=lambda: (app.text(node), trace_lines(trace)))
            assert app.keypad_shows() and app.focused(node), \
                f"after {key}: keypad shows {app.keypad_shows()}, entry focused {app.focused(node)}; trace {trace_lines(trace)}"
        app.tap("Delete")
        wait_for(lambda: app.text(node) == "hi ", "Delete to remove q", seen=lambda: app.text(node))
        # The module took the X focus off the pointer at the entry's focus-in; X reports that
        # move to GTK as a focus-out and a focus-in. From then on the entry never lost focus
        # and the keypad never hid, and each tap edited once.
        events = [line for line in trace_lines(trace)[mark:] if not line.startswith(("key ", "button "))]
        # The module's own steps are not in keypad-osk's trace; that focus move reaches
        # keypad-osk as FocusIns at most (a focus-out it replaces is never sent).
        assert events[0].startswith("dbus focus-in ") and events[0].endswith(" purpose=0 hints=0"), events
        later = events[1:]
        assert not [line for line in later if line.startswith(("dbus focus-out", "hidden"))], events
        assert all(line.endswith(" purpose=0 hints=0") for line in later if line.startswith("dbus focus-in")), \
            events
        assert [line for line in later if line.startswith(("commit", "delete"))] == ["commit 1"] * 4 + ["delete 1"], \
            events
        assert app.keypad_shows() and app.focused(node)
    finally:
        app.close()
    assert_quiet(app)


NO_WM_TESTS = [test_keys_typed_without_a_window_manager]
