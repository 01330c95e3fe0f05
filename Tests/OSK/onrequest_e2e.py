#!/usr/bin/python3
"""keypad-osk's keyboard on request (#35), for apps that tell no input method of their fields:
shown by `keypad-osk --show` or sm.puri.OSK0's SetVisible(true) (as a panel's keyboard button
calls it), it types into whatever has keyboard focus, and never takes it.

In a headless sway (scripts/display/with-wayland sway), through the virtual keyboard:
- a GTK 3 entry with GTK's simple input method (no text-input: keypad-osk hears of no field);
- foot, a Wayland terminal, running a shell that writes the line it reads to a file;
- xterm through Xwayland (started by sway, which knows Xwayland's display), the same shell.
Under Xvfb + openbox (scripts/display/with-display), through XTest: xterm and the GTK 3 entry.
In labwc 0.8.3 in the Debian 13 chroot (Tests/OSK/labwc_deb13.sh, the installed package, started
by labwc's autostart as the session's user): the GTK 3 entry, foot, and xterm through Xwayland.

In each: shown on request (Visible true, the full keyboard in the trace), taps type "hé€"
(é and € from the accented page, keys the keymap lacks: the virtual keyboard's keymap gains
them, XTest binds spare keycodes), BackSpace deletes, Return is a key (the entry's activate,
the shell's line); Left moves the entry's caret, Tab reaches the shell as a tab; hidden on request (Visible false, PropertiesChanged) and the app's focus
kept throughout: the entry's window never reports losing focus, sway's tree keeps the app's
view focused, X's input focus stays in the app's window (labwc has no way to ask which window
has focus: there the entry's own report is the only focus check). On X11 the spare keycodes XTest
bound are empty again once the keyboard hides. Also: --toggle, the keyboard's Dismiss, a
field with text-input taking focus (its own pad) and losing it (the keyboard back), and
--show with no keyboard running (exit 7).

    scripts/display/with-wayland sway /usr/bin/python3 Tests/OSK/onrequest_e2e.py BIN_DIR
    scripts/display/with-display /usr/bin/python3 Tests/OSK/onrequest_e2e.py BIN_DIR
    KEYPAD_ONREQUEST_TRACE=TRACE KEYPAD_ONREQUEST_AS='runuser -u USER -- env DBUS_SESSION_BUS_ADDRESS=…' \
        KEYPAD_ONREQUEST_X_DISPLAY=:N KEYPAD_ONREQUEST_POINTER=virtual-pointer \
        python3 Tests/OSK/onrequest_e2e.py /usr/bin   (labwc: the keypad-osk running, its trace)
"""
import shlex
import ctypes
import os
import subprocess
import sys
import tempfile
import threading

from keypad_harness.keypad_osk import band_top, puri
from keypad_harness.runner import run_tests
from keypad_harness.trace import Trace
from keypad_harness.waits import wait_for
from keypad_harness.wayland import PLAIN, VirtualPointer, click_output, sway, sway_windows

HERE = os.path.dirname(os.path.abspath(__file__))


# In labwc (Tests/OSK/labwc_deb13.sh): the keypad-osk the session started, its trace, and the
# command that reaches its session bus as its user.
RUNNING_TRACE = os.environ.get("KEYPAD_ONREQUEST_TRACE")
AS_SESSION = shlex.split(os.environ.get("KEYPAD_ONREQUEST_AS", ""))
ON_SWAY = os.environ.get("KEYPAD_COMPOSITOR") == "sway"
ON_WAYLAND = ON_SWAY or RUNNING_TRACE is not None
WHERE = "labwc" if RUNNING_TRACE else "sway" if ON_SWAY else "x11"
ENTRY = os.path.join(HERE, "plain_entry.py")
FORM = os.path.join(HERE, "..", "IM", "im_form.py")
# GTK's simple input method: no text-input on Wayland, no XIM on X11; keypad-osk hears of no field.
SIMPLE = dict(PLAIN, GTK_IM_MODULE="gtk-im-context-simple")
# The terminals in a UTF-8 locale (xterm's own default is the C locale's Latin-1).
UTF8 = dict(PLAIN, LANG="C.UTF-8", LC_ALL="C.UTF-8")
# X clients in labwc: its Xwayland (at the display labwc_deb13.sh found) lets only the session's
# user in, so they run as that user.
AS_X_CLIENT = [*AS_SESSION, "env", f"DISPLAY={os.environ['KEYPAD_ONREQUEST_X_DISPLAY']}", "LANG=C.UTF-8",
               "LC_ALL=C.UTF-8"] if RUNNING_TRACE else []
VISIBLE = ("org.freedesktop.DBus.Properties.Get", "sm.puri.OSK0", "Visible")
# A key of the keyboard on request in keypad-osk's trace: concealed, whatever it types.
CONCEALED_TAP = "tap \u2022"


class Keyboard:
    """One keypad-osk with its trace; its keys tapped where the trace puts them (on Wayland in the
    keypad's window, whose top the screenshot gives; on X11 on the screen)."""

    def __init__(self, bin_dir, workdir, name):
        self.bin_dir = bin_dir
        self.keypad = None
        self.top = 0
        self.process = None
        if RUNNING_TRACE:
            self.trace = Trace(RUNNING_TRACE)
        else:
            self.trace = Trace(os.path.join(workdir, f"{name}.trace"))
            self.log = open(os.path.join(workdir, f"{name}.log"), "w")
            self.process = subprocess.Popen([os.path.join(bin_dir, "keypad-osk")], stdout=self.log,
                                            stderr=subprocess.STDOUT, env=dict(PLAIN, KEYPAD_IM_TRACE=self.trace.path))
        wait_for(lambda: visible() == "(<false>,)", "keypad-osk to own sm.puri.OSK0", timeout=15, seen=visible)

    def command(self, flag):
        result = subprocess.run([*AS_SESSION, os.path.join(self.bin_dir, "keypad-osk"), flag], capture_output=True,
                                text=True, timeout=10, env=PLAIN)
        assert result.returncode == 0 and result.stderr == "", f"keypad-osk {flag}: {result.returncode} {result.stderr!r}"

    def show(self, how="--show", page="letters"):
        mark = self.trace.mark()
        if how == "SetVisible":
            assert puri("sm.puri.OSK0.SetVisible", "true", prefix=AS_SESSION) == "()"
        else:
            self.command(how)
        self.wait_page(mark, page)
        # Every page of the keyboard has four rows: its band's top, read once per show, holds for all.
        # Screenshots are slow on a loaded machine (one in 5 s was seen with ten jobs on two cores).
        self.top = band_top(timeout=20) if ON_WAYLAND else 0
        assert visible() == "(<true>,)", visible()

    def wait_page(self, mark, page):
        def shown():
            keypad = self.trace.keypad(mark)
            return keypad if keypad and keypad[0] == "keyboard" and keypad[1] == page and keypad[2] else None
        self.keypad = wait_for(shown, f"the keyboard's {page} page", timeout=8, seen=lambda: self.trace.lines()[-4:])

    def click(self, name):
        """A pointer click on the key or toolbar button `name`."""
        x, y = self.keypad[2][name]
        if ON_WAYLAND:
            click_output(x, self.top + y)
        else:
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--delay", "0", "1"], check=True)

    def tap(self, name, page=None):
        """Taps key `name` and waits for keypad-osk to say a key acted (one `tap •` line: the keyboard
        types into whatever has focus, perhaps a password prompt, so the trace names no key; the
        taps follow one another as a hand's do); with `page`, waits for that page to show after it.
        Which key acted, the app's own text tells."""
        mark = self.trace.mark()
        self.click(name)
        taps = wait_for(lambda: self.trace.since(mark, "tap "), f"keypad-osk to act on {name}",
                        seen=lambda: self.trace.lines()[mark:])
        assert taps == [CONCEALED_TAP], f"tapped {name!r}, keypad-osk's trace says {taps}"
        if page:
            self.wait_page(mark, page)

    def type_sample(self):
        """h, é and € (from the accented page), x, then BackSpace over the x, and Tab."""
        self.tap("h")
        self.tap("Accented letters", page="accents")
        self.tap("é")
        self.tap("€")
        self.tap("Letters", page="letters")
        self.tap("x")
        self.tap("Delete")
        self.tap("Tab")

    def hide(self, how="--hide"):
        mark = self.trace.mark()
        if how == "SetVisible":
            assert puri("sm.puri.OSK0.SetVisible", "false", prefix=AS_SESSION) == "()"
        else:
            self.command(how)
        self.trace.wait_hidden(mark)
        assert visible() == "(<false>,)", visible()

    def close(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=5)
        self.log.close()


def visible():
    """sm.puri.OSK0's Visible as gdbus prints it, or None while nobody owns the name."""
    return puri(*VISIBLE, prefix=AS_SESSION)


class Signals:
    """sm.puri.OSK0's PropertiesChanged signals, as `gdbus monitor` prints them."""

    def __init__(self):
        self.process = subprocess.Popen([*AS_SESSION, "gdbus", "monitor", "--session", "--dest", "sm.puri.OSK0"],
                                        stdout=subprocess.PIPE, text=True)
        self.lines = []
        threading.Thread(target=lambda: [self.lines.append(line) for line in self.process.stdout], daemon=True).start()

    def values(self):
        return [("<true>" in line) for line in self.lines if "PropertiesChanged" in line and "Visible" in line]

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


class Entry:
    """plain_entry.py: a GTK 3 entry with the simple input method; its own text and focus, as it prints them."""

    def __init__(self):
        self.process = subprocess.Popen(["/usr/bin/python3", ENTRY], stdout=subprocess.PIPE, text=True, env=SIMPLE)
        self.lines = []
        threading.Thread(target=lambda: [self.lines.append(line.rstrip("\n")) for line in self.process.stdout],
                         daemon=True).start()
        wait_for(lambda: "active True" in self.lines, "the entry's window to have focus", timeout=15,
                 seen=lambda: self.lines[-3:])

    def text(self):
        texts = [line[5:] for line in self.lines if line.startswith("text ")]
        return texts[-1] if texts else ""

    def wait_text(self, expected):
        wait_for(lambda: self.text() == expected, f"the entry to read {expected!r}", seen=lambda: self.lines[-4:])

    def assert_kept_focus(self):
        assert "active False" not in self.lines, f"the entry's window lost focus: {self.lines}"

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


def shell_line(out):
    """A shell reading one line and writing it to `out`, then staying (so the terminal stays focused)."""
    return f'IFS= read -r line; printf "%s" "$line" > {out}.part && mv {out}.part {out}; exec sleep 120'


class Terminal:
    """A terminal (foot, xterm) running shell_line(); `title` names its window; `trace`, keypad-osk's."""

    def __init__(self, workdir, kind, trace):
        self.kind = kind
        self.trace = trace
        self.out = os.path.join(workdir, f"{kind}-line")
        self.title = f"keypad-{kind}"
        self.process = None
        script = os.path.join(workdir, f"{kind}-shell.sh")
        with open(script, "w") as file:
            file.write(shell_line(self.out) + "\n")
        if kind == "foot":
            self.process = subprocess.Popen(["foot", "--title", self.title, "sh", script], env=UTF8,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elif RUNNING_TRACE:
            # xterm through labwc's Xwayland, as the session's user.
            os.chmod(workdir, 0o777)
            os.chmod(script, 0o755)
            self.process = subprocess.Popen([*AS_X_CLIENT, "xterm", "-title", self.title, "-e", "sh", script],
                                            env=UTF8, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elif ON_SWAY:
            # xterm through Xwayland: sway starts it, with Xwayland's DISPLAY, as sway's user.
            os.chmod(workdir, 0o777)
            os.chmod(script, 0o755)
            sway("exec", f"env LANG=C.UTF-8 xterm -title {self.title} -e sh {script}")
        else:
            self.process = subprocess.Popen(["xterm", "-title", self.title, "-e", "sh", script], env=UTF8,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.focused, f"{kind}'s window to have focus", timeout=15, seen=focus_description)

    def focused(self):
        """Whether the terminal's window has keyboard focus: sway's tree; in labwc, which tells no
        client, foot's text-input (enabled on keyboard focus, keypad-osk's trace) and for xterm
        Xwayland's input focus; X's input focus on X11."""
        if ON_SWAY:
            return any(is_focused and name == self.title for name, is_focused, _ in sway_windows())
        if self.kind == "foot":
            focus = [line for line in self.trace.lines() if line.startswith("focus-")]
            return bool(focus) and focus[-1].startswith("focus-in purpose=13 ")
        return x_focus_name() == self.title

    def line(self):
        try:
            with open(self.out, encoding="utf-8", errors="backslashreplace") as file:
                return file.read()
        except FileNotFoundError:
            return None

    def close(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=5)
        elif ON_SWAY:
            sway(f'[title="{self.title}"]', "kill")


def x_focus_name():
    """The name of the window with X's input focus (or its toplevel's, for a child window). Under
    labwc's Xwayland no window has WM_STATE, by which xdotool finds the toplevel: there, the focus
    window's own name (-f)."""
    for flags in ([], ["-f"]):
        result = subprocess.run([*AS_X_CLIENT, "xdotool", "getwindowfocus", *flags, "getwindowname"],
                                capture_output=True, text=True, env=UTF8)
        if result.stdout.strip():
            return result.stdout.strip()
    return ""


def focus_description():
    if ON_SWAY:
        return sway_windows()
    focus = subprocess.run([*AS_X_CLIENT, "xdotool", "getwindowfocus", "-f"], capture_output=True, text=True, env=UTF8)
    return x_focus_name(), focus.stdout.strip() + focus.stderr.strip()


class XKeymap:
    """The X server's core keyboard map read with Xlib (ctypes): keycode → keysyms."""

    def __init__(self):
        self.xlib = ctypes.cdll.LoadLibrary("libX11.so.6")
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XGetKeyboardMapping.restype = ctypes.POINTER(ctypes.c_ulong)
        self.xlib.XGetKeyboardMapping.argtypes = [ctypes.c_void_p, ctypes.c_ubyte, ctypes.c_int,
                                                  ctypes.POINTER(ctypes.c_int)]
        self.xlib.XDisplayKeycodes.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int),
                                               ctypes.POINTER(ctypes.c_int)]
        self.xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xlib.XFree.argtypes = [ctypes.c_void_p]

    def snapshot(self):
        display = self.xlib.XOpenDisplay(None)
        assert display, "cannot open the X display"
        try:
            low, high, per = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            self.xlib.XDisplayKeycodes(display, ctypes.byref(low), ctypes.byref(high))
            count = high.value - low.value + 1
            symbols = self.xlib.XGetKeyboardMapping(display, low.value, count, ctypes.byref(per))
            result = {low.value + index: tuple(s for s in symbols[index * per.value:(index + 1) * per.value] if s)
                      for index in range(count)}
            self.xlib.XFree(symbols)
            return result
        finally:
            self.xlib.XCloseDisplay(display)


# The tests


def test_gtk3_simple_entry(bin_dir, workdir):
    """GTK 3 with the simple input method: shown by --show, "hé€" typed and BackSpace deleting
    (the entry's own text), Return activating it, hidden by --hide; the window never loses focus
    and keypad-osk hears of no field. On X11 the spare keycodes are empty again after."""
    keyboard = Keyboard(bin_dir, workdir, f"entry-{WHERE}")
    signals = Signals()
    entry = None
    before = None if ON_WAYLAND else XKeymap().snapshot()
    try:
        entry = Entry()
        keyboard.show("--show")
        keyboard.tap("h")
        entry.wait_text("h")
        keyboard.tap("Accented letters", page="accents")
        keyboard.tap("é")
        keyboard.tap("€")
        entry.wait_text("hé€")
        keyboard.tap("Delete")
        entry.wait_text("hé")
        keyboard.tap("€")
        entry.wait_text("hé€")
        keyboard.tap("Letters", page="letters")
        # The arrows are keys: Left moves the entry's caret before €, x goes there, BackSpace takes it.
        keyboard.tap("Left")
        keyboard.tap("x")
        entry.wait_text("héx€")
        keyboard.tap("Delete")
        entry.wait_text("hé€")
        keyboard.tap("Return")
        wait_for(lambda: "activate" in entry.lines, "Return to activate the entry", seen=lambda: entry.lines[-3:])
        keyboard.hide("--hide")
        wait_for(lambda: signals.values()[-2:] == [True, False], "PropertiesChanged Visible true then false",
                 seen=signals.values)
        assert entry.text() == "hé€"
        entry.assert_kept_focus()
        lines = keyboard.trace.lines()
        assert not any(line.startswith("focus-in") or line.startswith("dbus focus-in") for line in lines), lines
        assert "typed 1 of 1" in lines and "key-event BackSpace" in lines and "key-event Return" in lines, lines
        if before is not None:
            wait_for(lambda: XKeymap().snapshot() == before, "XTest's spare keycodes to be empty again",
                     seen=lambda: {k: v for k, v in XKeymap().snapshot().items() if before.get(k) != v})
    finally:
        signals.close()
        if entry:
            entry.close()
        keyboard.close()


def terminal_test(kind):
    def test(bin_dir, workdir):
        keyboard = Keyboard(bin_dir, workdir, f"{kind}-{WHERE}")
        terminal = None
        try:
            terminal = Terminal(workdir, kind, keyboard.trace)
            keyboard.show("SetVisible")
            keyboard.type_sample()
            assert terminal.line() is None, f"the shell read a line before Return: {terminal.line()!r}"
            keyboard.tap("Return")
            wait_for(lambda: terminal.line() is not None, f"{kind}'s shell to read a line", seen=terminal.line)
            assert terminal.line() == "hé€\t", f"{kind} read {terminal.line()!r}"
            assert terminal.focused(), f"{kind} lost focus: {focus_description()}"
            keyboard.hide("SetVisible")
            assert terminal.focused(), f"{kind} lost focus: {focus_description()}"
        finally:
            if terminal:
                terminal.close()
            keyboard.close()
    test.__name__ = f"test_{kind}"
    test.__doc__ = f"{kind}: SetVisible(true), 'hé€x', BackSpace, Tab, Return: the shell reads 'hé€\\t'; SetVisible(false)."
    return test


def test_toggle_dismiss_and_a_field_between(bin_dir, workdir):
    """--toggle shows, and hides; the keyboard's Dismiss hides it (Visible false); a field that
    tells keypad-osk of itself (GTK's own input method) gets its own pad over the keyboard, and
    when it loses focus the keyboard shown on request comes back."""
    keyboard = Keyboard(bin_dir, workdir, f"toggle-{WHERE}")
    entry = None
    try:
        entry = Entry()
        keyboard.show("--toggle")
        keyboard.hide("--toggle")
        keyboard.show("--show")
        mark = keyboard.trace.mark()
        keyboard.click("Dismiss keypad")
        keyboard.trace.wait_hidden(mark)
        wait_for(lambda: visible() == "(<false>,)", "Visible false after Dismiss", seen=visible)
        entry.assert_kept_focus()
    finally:
        if entry:
            entry.close()
    if not ON_SWAY:
        # The form below is found through AT-SPI, on the session bus this process shares in sway only.
        keyboard.close()
        return
    # A field with text-input: its pad, then the keyboard again once it loses focus.
    from keypad_harness.atspi_app import App
    app = None
    try:
        keyboard.show("--show")
        mark = keyboard.trace.mark()
        app = App(["/usr/bin/python3", FORM, "--focus", "Digits"], env={"GTK_IM_MODULE": ""})
        keypad = keyboard.trace.wait_keypad(mark, "numberPad")
        assert keypad[0] == "numberPad"
        # The field's own pad names its keys in the trace (its app marks its secure fields).
        keyboard.keypad, keyboard.top = keypad, band_top(timeout=20)
        mark = keyboard.trace.mark()
        keyboard.click("4")
        taps = wait_for(lambda: keyboard.trace.since(mark, "tap "), "keypad-osk to act on the pad's 4")
        assert taps == ["tap 4"], taps
        mark = keyboard.trace.mark()
        app.close()
        app = None
        keyboard.wait_page(mark, "letters")
        assert visible() == "(<true>,)"
        # The keyboard is back, and its keys are concealed again.
        keyboard.top = band_top(timeout=20)
        keyboard.tap("Shift", page="shifted")
        keyboard.hide("--hide")
    finally:
        if app:
            app.close()
        keyboard.close()


def test_show_with_no_keyboard(bin_dir, workdir):
    """--show where no keyboard runs: one line, exit 7."""
    result = subprocess.run([os.path.join(bin_dir, "keypad-osk"), "--show"], capture_output=True, text=True,
                            timeout=15, env=PLAIN)
    assert result.returncode == 7, f"exit {result.returncode}: {result.stderr!r}"
    assert result.stderr.startswith("keypad-osk: no keyboard answers on the session bus ("), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


def main():
    bin_dir = sys.argv[1]
    workdir = tempfile.mkdtemp(prefix="keypad-onrequest-")
    if RUNNING_TRACE:
        missing = VirtualPointer.start(os.environ["KEYPAD_ONREQUEST_POINTER"])
        assert not missing, f"no virtual pointer: {missing}"
        tests = [test_gtk3_simple_entry, terminal_test("foot"), terminal_test("xterm"),
                 test_toggle_dismiss_and_a_field_between]
    elif ON_WAYLAND:
        missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
        assert not missing, f"no virtual pointer: {missing}"
        tests = [test_show_with_no_keyboard, test_gtk3_simple_entry, terminal_test("foot"), terminal_test("xterm"),
                 test_toggle_dismiss_and_a_field_between]
    else:
        tests = [test_show_with_no_keyboard, test_gtk3_simple_entry, terminal_test("xterm"),
                 test_toggle_dismiss_and_a_field_between]
    return run_tests(tests, WHERE, (bin_dir, workdir), sys.argv[2:], (workdir,))


if __name__ == "__main__":
    sys.exit(main())
