#!/usr/bin/python3
"""The keypad input-method module in the two browsers of Debian 12, in kiosk mode, on the
test page Tests/Web/form.html (served from loopback; it reports its events back). The module in
the browser is the thin C one; keypad-osk, started by D-Bus activation, draws the keypad, and its
trace names a field's focus `dbus focus-in :1.N purpose=P hints=H` (it has no line of the
module's own: the refocuses of Firefox's first focus are counted from the page's blur events).

Firefox ESR: the pad each HTML type and inputmode gets from the first tap on (also when that tap
activates the window, on a page that re-renders as a field takes focus, and with no phantom focus
when the user switches away meanwhile), typing, Delete over a character and over a selection,
Return submitting the form and reaching a keydown handler, Done, inputmode=none, focus staying in
the page, a navigation while the keypad shows, closing the window mid-slide, and a password's
text in no log or trace.

Chromium, with its default features (PartitionAlloc's BackupRefPtr on): the keypad types,
deletes and submits, physical keys type, and the known limits are asserted (README "Web kiosks").

Run under scripts/display/with-display, with XDG_DATA_DIRS naming the build's share/ (make test-web):
    Tests/Web/web_e2e.py BIN_DIR [-k NAME]
(BIN_DIR: `swift build --show-bin-path`; -k runs only the tests whose name holds NAME).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import traceback

from keypad_harness.trace import Trace
from keypad_harness.waits import wait_for
from keypad_harness.web import (Browser, OtherWindow, Page, active_window, click, keypad_windows, keys, point_at,
                                window_name)

# HTML field → the layout Firefox's input purpose gets (docs/web-kiosks.md's table).
FIREFOX_PADS = {
    "text": "default",
    "number": "decimalPad",
    "tel": "phonePad",
    "email": "emailAddress",
    "url": "url",
    "search": "default",
    "password": "default",
    "pin": "default",
    "decimal": "decimalPad",
    "numeric": "numberPad",
    "mode-tel": "phonePad",
    "mode-email": "emailAddress",
    "mode-url": "url",
    "mode-search": "default",
    "mode-text": "default",
    "textarea": "default",
}
SECRET = "zqjx"  # typed into the password field; must appear in no log or trace
FOCUS_IN = "dbus focus-in "


def focus_in_line(purpose, hints=0):
    """Whether a trace line is a field's focus-in with `purpose` and `hints`."""
    return lambda line: line.startswith(FOCUS_IN) and line.endswith(f" purpose={purpose} hints={hints}")


class Session:
    """One browser on the form page, with its trace and the page's events."""

    def __init__(self, kind, bin_dir, page, workdir, chromium_flags=None, url="form.html"):
        self.page = page
        self.trace = Trace(os.path.join(workdir, f"{kind}-{time.time()}-trace.txt"))
        mark = page.mark()
        self.browser = Browser(kind, page.url(url), bin_dir, self.trace.path, chromium_flags=chromium_flags)
        page.wait_load(mark, timeout=60)
        self.window = self.browser.window()

    def tap_field(self, id):
        """One tap on field `id`, once the page sees the pointer over it (a press right after
        a load can land before Firefox routes input to the new page)."""
        x, y, w, h = self.page.rect(id)
        mark = self.page.mark()
        point_at(x + w // 2, y + h // 2, lambda: self.page.since(mark, "pointermove", id))
        click(x + w // 2, y + h // 2)

    def focus_field(self, id, layout=None):
        """Taps field `id` once, as a user does, and waits for its focus and its keypad (of
        `layout`) to settle; returns its keys."""
        trace_mark = self.trace.mark()
        mark = self.page.mark()
        self.tap_field(id)
        self.page.wait_event(mark, "focus", id)
        return self.trace.wait_keypad(trace_mark, layout)[2]

    def tap_key(self, name):
        keypad = self.trace.keypad()
        if keypad is None:
            focus = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], capture_output=True, text=True)
            print("DIAG focus:", focus.stdout.strip(), "events:",
                  [(e.get("type"), e.get("id")) for e in self.page.snapshot()[-12:]])
        assert keypad is not None, f"no keypad to tap {name!r} on"
        assert name in keypad[2], f"no key {name!r} on {keypad[0]} ({sorted(keypad[2])})"
        click(*keypad[2][name])

    def type_keys(self, id, *names):
        """Taps keys, each waiting for the field's next input event."""
        for name in names:
            mark = self.page.mark()
            trace_mark = self.trace.mark()
            self.tap_key(name)
            self.page.wait_event(mark, "input", id, seen=lambda: (
                [(e.get("type"), e.get("id"), e.get("value")) for e in self.page.since(mark)][-8:],
                self.trace.lines()[trace_mark:][-8:]))

    def value(self, id):
        return self.page.last_value(id)

    def close(self):
        self.browser.close()
        self.browser.remove_profile()


# ---- Firefox ----

def test_first_field_gets_its_pad(s):
    """The very first focus after start, one tap on a fresh kiosk: Firefox sets no input
    purpose then, and the module refocuses the window until it does
    (Sources/ThinModules/GTK/gtk3_firefox_first_focus.c): the decimal pad shows, never the
    letters; keypad-osk hears of no focus without a purpose, and the page sees each refocus's blur."""
    mark = s.page.mark()
    s.focus_field("number", "decimalPad")
    lines = [line for line in s.trace.lines() if not line.startswith(("key ", "button "))]
    assert not any(line.startswith("shown default") for line in lines), f"letters showed first: {lines}"
    focus_ins = [line for line in lines if line.startswith(FOCUS_IN)]
    assert focus_ins and all(focus_in_line(3)(line) for line in focus_ins), lines
    refocuses = len(s.page.since(mark, "blur", "number"))
    assert 1 <= refocuses <= 3 and lines[-1] == "shown decimalPad digits", (refocuses, lines)


def test_toolbar_offers_dismiss_but_no_previous_or_next(s):
    """A step along GTK's focus chain would leave the page and come back to the same field."""
    keys = s.focus_field("url", "url")
    assert "Dismiss keypad" in keys and "Next field" not in keys and "Previous field" not in keys, sorted(keys)


def test_every_pad_in_the_table(s):
    for id, layout in FIREFOX_PADS.items():
        s.focus_field(id, layout)


def test_inputmode_none_shows_no_keypad(s):
    s.focus_field("text", "default")
    trace_mark = s.trace.mark()
    mark = s.page.mark()
    s.tap_field("none")
    s.page.wait_event(mark, "focus", "none")
    s.trace.wait_hidden(trace_mark)
    wait_for(lambda: not keypad_windows(), "the keypad window to unmap")
    assert s.trace.keypad(trace_mark) is None


def test_typing_delete_and_focus_staying(s):
    s.focus_field("decimal", "decimalPad")
    mark = s.page.mark()
    s.type_keys("decimal", "7", "Decimal separator", "5")
    wait_for(lambda: s.value("decimal") == "7.5", "7.5 typed", seen=lambda: s.value("decimal"))
    s.type_keys("decimal", "Delete")
    wait_for(lambda: s.value("decimal") == "7.", "Delete removing the 5", seen=lambda: s.value("decimal"))
    deletes = [e for e in s.page.since(mark, "input", "decimal") if e.get("inputType") == "deleteContentBackward"]
    assert len(deletes) == 1, deletes
    # Focus stayed in the page and in the field through every tap.
    assert not s.page.since(mark, "blur"), s.page.since(mark, "blur")
    state = s.page.command("state")
    assert state["active"] == "decimal" and state["hasFocus"], state
    assert active_window() == s.window, (active_window(), s.window)


def test_delete_over_a_selection(s):
    s.focus_field("text", "default")
    s.type_keys("text", "a", "b", "c")
    wait_for(lambda: s.value("text") == "abc", "abc typed", seen=lambda: s.value("text"))
    s.page.command("select", id="text", start=1, end=3)
    s.type_keys("text", "Delete")
    wait_for(lambda: s.value("text") == "a", "Delete removing the selection bc", seen=lambda: s.value("text"))


def test_return_submits_the_form_and_reaches_keydown(s):
    s.focus_field("email", "emailAddress")
    s.type_keys("email", "a")
    mark = s.page.mark()
    s.tap_key("Return")
    submit = s.page.wait_event(mark, "submit")
    assert submit["values"]["email"] == {"value": "a"}, submit
    assert [e["key"] for e in s.page.since(mark, "keydown")] == ["Enter"]
    s.focus_field("keydown", "default")
    mark = s.page.mark()
    s.tap_key("Return")
    s.page.wait_event(mark, "enter-handler", "keydown")


def test_done_hides_the_keypad_and_keeps_focus(s):
    s.focus_field("tel", "phonePad")
    trace_mark = s.trace.mark()
    mark = s.page.mark()
    s.tap_key("Dismiss keypad")
    s.trace.wait_hidden(trace_mark)
    wait_for(lambda: not keypad_windows(), "the keypad window to unmap")
    # Every event the page sent up to its answer has arrived: a blur would be among them.
    state = s.page.barrier()
    assert not s.page.since(mark, "blur"), s.page.since(mark)
    assert state["active"] == "tel" and state["hasFocus"], state


def test_password_is_secure(s):
    s.focus_field("password", "default")
    s.type_keys("password", *SECRET)
    wait_for(lambda: s.value("password") == len(SECRET), "the password typed", seen=lambda: s.value("password"))
    taps = [line for line in s.trace.lines() if line.startswith("tap ")][-len(SECRET):]
    assert taps == ["tap •"] * len(SECRET), taps


def test_navigation_while_the_keypad_shows(s):
    s.focus_field("numeric", "numberPad")
    trace_mark = s.trace.mark()
    s.page.navigate("other.html", page="other")
    s.trace.wait_hidden(trace_mark)
    wait_for(lambda: not keypad_windows(), "the keypad window to go with the page")
    assert s.browser.alive()
    s.page.navigate("form.html")
    s.focus_field("mode-tel", "phonePad")


def test_no_secret_in_any_output(s):
    for name, text in (("trace", "\n".join(s.trace.lines())), ("browser output", s.browser.output())):
        assert SECRET not in text, f"the password's text is in the {name}"


def test_first_field_of_a_rerendering_page_gets_its_pad(bin_dir, page, workdir):
    """A fresh kiosk on a page that updates its document as a field gets focus (form.html?rerender,
    as a framework re-rendering does): the first tap on a number field gives the decimal pad."""
    s = Session("firefox", bin_dir, page, workdir, url="form.html?rerender")
    try:
        test_first_field_gets_its_pad(s)
    finally:
        s.close()


def test_first_tap_also_activates_the_window(bin_dir, page, workdir):
    """A fresh kiosk whose window is not the active one (another program's is): the one tap
    on a number field activates the window and focuses the field at once. Firefox then sends
    the page's input context twice and forgets to set the purpose; the module refocuses until
    it does: the decimal pad, never the letters. (Then the window closes mid-slide.)"""
    other = OtherWindow()
    s = Session("firefox", bin_dir, page, workdir)
    try:
        other.activate()
        wait_for(lambda: active_window() == other.window, "the other window to be active")
        s.focus_field("number", "decimalPad")
        lines = s.trace.lines()
        assert not any(line.startswith("shown default") for line in lines), f"letters showed: {lines}"
        wait_for(lambda: active_window() == s.window, "the tap to activate Firefox's window")
        test_closing_the_window_mid_slide(s)
    finally:
        s.close()
        other.close()


def test_switching_away_during_the_refocus_leaves_no_phantom_focus(bin_dir, page, workdir):
    """The user switches to another window within the module's 200 ms refocus of a first
    focus: the module sends Firefox no made-up focus-in, so no keypad shows over the other
    window; coming back to Firefox shows the field's keypad."""
    other = OtherWindow()
    s = Session("firefox", bin_dir, page, workdir)
    try:
        trace_mark = s.trace.mark()
        mark = s.page.mark()
        s.tap_field("number")
        # keypad-osk's trace shows no refocus (the module's, in the app), and the page's events
        # come too late to switch within its 200 ms: the switch follows the tap at once, and
        # the page's focus shows the tap reached the field.
        other.activate(sync=False)
        wait_for(lambda: active_window() == other.window, "the other window to be active")
        s.page.wait_event(mark, "focus", "number")
        # The made-up focus-in would come 200 ms after the refocus; then the user comes back,
        # and Firefox's real focus-in comes after anything the module sent before it.
        time.sleep(0.4)
        back = s.trace.mark()
        subprocess.run(["xdotool", "windowactivate", "--sync", str(s.window)], check=True)
        s.trace.wait_keypad(back, "decimalPad")
        switched = [line for line in s.trace.lines()[trace_mark:back] if not line.startswith(("key ", "button "))]
        assert not [line for line in switched if line.startswith((FOCUS_IN, "shown"))], switched
    finally:
        s.close()
        other.close()


def test_closing_the_window_mid_slide(s):
    """Alt+F4 on the active window while the keypad slides in: Firefox ends cleanly and no
    keypad window stays."""
    trace_mark = s.trace.mark()
    mark = s.page.mark()
    s.tap_field("tel")
    s.page.wait_event(mark, "focus", "tel")
    wait_for(lambda: [line for line in s.trace.lines()[trace_mark:] if line.startswith(FOCUS_IN)], "the focus-in")
    # Alt+F4: openbox asks the window to close (WM_DELETE_WINDOW), as a kiosk's session would.
    assert active_window() == s.window, f"the active window is {window_name(active_window())!r}, not Firefox's"
    subprocess.run(["xdotool", "key", "alt+F4"], check=True)
    # Firefox ends in under a second with no traffic off the machine (FIREFOX_PREFS); its own
    # shutdown watchdog would end it at 60 s.
    try:
        code = s.browser.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"Firefox did not end after Alt+F4:\n{s.browser.describe_hang()}") from None
    assert code == 0, f"Firefox ended with {code}"
    assert not keypad_windows(), "a keypad window stayed behind"
    assert "keypad-im" not in s.browser.output()


FIREFOX_TESTS = [
    test_first_field_gets_its_pad,
    test_toolbar_offers_dismiss_but_no_previous_or_next,
    test_every_pad_in_the_table,
    test_inputmode_none_shows_no_keypad,
    test_typing_delete_and_focus_staying,
    test_delete_over_a_selection,
    test_return_submits_the_form_and_reaches_keydown,
    test_done_hides_the_keypad_and_keeps_focus,
    test_password_is_secure,
    test_navigation_while_the_keypad_shows,
    test_no_secret_in_any_output,
]


# ---- Chromium ----

def chromium_move(s, id):
    """Taps field `id` while the keypad shows: the keypad stays up as it is. Its page keys
    still act after the move (to the other page and back), and by then a hide the move
    caused would be in the trace: the module decides at the next idle, before the taps."""
    trace_mark = s.trace.mark()
    mark = s.page.mark()
    s.tap_field(id)
    s.page.wait_event(mark, "focus", id)
    page = s.trace.keypad()[1]
    for key, wanted in (("Letters" if page != "letters" else "Numbers and symbols", lambda p: p != page),
                        ("Letters" if page == "letters" else "Numbers and symbols", lambda p: p == page)):
        key_mark = s.trace.mark()
        s.tap_key(key)
        wait_for(lambda: (lambda p: p and wanted(p))((s.trace.keypad(key_mark) or ("", ""))[1]),
                 f"the keypad's page after {key}", seen=lambda: s.trace.lines()[trace_mark:][-6:])
    assert not s.trace.since(trace_mark, "hidden") and keypad_windows(), s.trace.lines()[trace_mark:]


def test_chromium_kiosk(bin_dir, page, workdir):
    """With Chromium's default features (no --disable-features=PartitionAllocBackupRefPtr) the
    keypad shows over the kiosk, types, deletes (BackSpace through XTest) and submits (Return
    through XTest), and physical keys still type; the browser survives the module's Swift
    String and Array allocations (PartitionAlloc's odd malloc sizes, guarded). Known limits,
    asserted: Chromium sets no input purpose (every field gets the default layout,
    inputmode=none too); no previous/next; in a password field its commits are dropped, so
    keys type nothing there (and leak nothing)."""
    s = Session("chromium", bin_dir, page, workdir)
    try:
        keys_shown = s.focus_field("number", "default")  # no purpose from Chromium: letters
        assert "Next field" not in keys_shown and "Dismiss keypad" in keys_shown, sorted(keys_shown)
        # The click activates the kiosk's window (openbox's click to focus), never the keypad's.
        wait_for(lambda: active_window() == s.window, "the kiosk's window to be the active one",
                 seen=lambda: (active_window(), s.window))
        s.tap_key("Numbers and symbols")
        # The numbers page's own `shown` line, with its keys where they settled.
        wait_for(lambda: (lambda pad: pad[1] != "letters" and "4" in pad[2])(s.trace.keypad() or ("", "", {})),
                 "the numbers page", seen=lambda: s.trace.lines()[-4:])
        s.type_keys("number", "4", "2")
        wait_for(lambda: s.value("number") == "42", "42 typed", seen=lambda: s.value("number"))
        s.type_keys("number", "Delete")
        wait_for(lambda: s.value("number") == "4", "Delete removing the 2", seen=lambda: s.value("number"))
        # Physical keys type too (the module's GtkIMContextSimple).
        keys("7", "BackSpace", "8")
        wait_for(lambda: s.value("number") == "48", "physical keys typing 7, deleting it, typing 8",
                 seen=lambda: s.value("number"))
        # Chromium has one IM context for all fields: a move between fields keeps the keypad
        # as it is (here on its numbers page), inputmode=none too (Chromium says nothing of it).
        for id in ("none", "text"):
            chromium_move(s, id)
        s.tap_key("Letters")
        wait_for(lambda: (s.trace.keypad() or ("", ""))[1] == "letters", "the letters page")
        s.type_keys("text", "a", "b")
        s.page.command("select", id="text", start=0, end=2)
        s.type_keys("text", "Delete")
        wait_for(lambda: s.value("text") == "", "Delete removing the selection", seen=lambda: s.value("text"))
        s.type_keys("text", "c")
        mark = s.page.mark()
        s.tap_key("Return")
        submit = s.page.wait_event(mark, "submit")
        assert submit["values"]["text"] == {"value": "c"}, submit
        # A password field: Chromium drops the commits; nothing types, nothing leaks.
        chromium_move(s, "password")
        mark = s.page.mark()
        trace_mark = s.trace.mark()
        for name in SECRET:
            s.tap_key(name)
        wait_for(lambda: len(s.trace.since(trace_mark, "commit")) == len(SECRET), "the module's commits",
                 seen=lambda: s.trace.lines()[trace_mark:])
        # Chromium gives a password field no purpose of its own: the trace conceals every key.
        taps = s.trace.since(trace_mark, "tap ")
        assert taps == ["tap •"] * len(SECRET), taps
        # Delete reaches the page after the commits (BackSpace through XTest: a keydown, and no
        # input in an empty field); every event the page sent before then has arrived.
        s.tap_key("Delete")
        s.page.wait_event(mark, "keydown", "password", where=lambda e: e.get("key") == "Backspace")
        s.page.barrier()
        assert not s.page.since(mark, "input", "password"), s.page.since(mark, "input")
        # Dismiss hides the keypad and leaves focus in the page.
        s.trace.wait_keypad(0)
        trace_mark = s.trace.mark()
        mark = s.page.mark()
        s.tap_key("Dismiss keypad")
        s.trace.wait_hidden(trace_mark)
        wait_for(lambda: not keypad_windows(), "the keypad window to unmap")
        state = s.page.command("state")
        assert state["active"] == "password" and state["hasFocus"], state
        # Navigating away while the keypad shows hides it.
        s.focus_field("tel", "default")
        trace_mark = s.trace.mark()
        s.page.navigate("other.html", page="other")
        s.trace.wait_hidden(trace_mark)
        wait_for(lambda: not keypad_windows(), "the keypad window to go with the page")
        for name, text in (("trace", "\n".join(s.trace.lines())), ("browser output", s.browser.output())):
            assert SECRET not in text, f"the password's text is in the {name}"
        assert "no keypad in this process" not in s.browser.output(), s.browser.output()
        assert s.browser.alive(), "Chromium died"
    finally:
        s.close()


def run(name, test, *args):
    started = time.time()
    try:
        test(*args)
    except Exception:  # noqa: BLE001 - report every failure and go on
        print(f"FAIL {name} ({time.time() - started:.1f} s)")
        traceback.print_exc()
        return False
    print(f"ok   {name} ({time.time() - started:.1f} s)")
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    # -k NAME: only the tests whose name holds NAME (the Firefox ones share one browser).
    parser.add_argument("-k", dest="only", default="")
    arguments = parser.parse_args()
    bin_dir, only = arguments.bin_dir, arguments.only
    workdir = tempfile.mkdtemp(prefix="keypad-web-")
    page = Page()
    results = []
    try:
        if any(only in test.__name__ for test in FIREFOX_TESTS):
            session = Session("firefox", bin_dir, page, workdir)
            try:
                for test in FIREFOX_TESTS:
                    if only in test.__name__:
                        results.append(run(test.__name__, test, session))
            finally:
                session.close()
        for test in (test_first_field_of_a_rerendering_page_gets_its_pad, test_first_tap_also_activates_the_window,
                     test_switching_away_during_the_refocus_leaves_no_phantom_focus, test_chromium_kiosk):
            if only in test.__name__:
                results.append(run(test.__name__, test, bin_dir, page, workdir))
    finally:
        page.close()
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
