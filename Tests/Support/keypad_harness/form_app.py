"""A form that prints its own fields' state, as the tests of the thin modules see it: the GTK 4
form (Tests/GTK4/gtk4_form.py, also in GTK 3 for the thin GTK 3 module) and the Qt forms
(Tests/Qt/qt_form.py), which speak the same lines on standard input and output; what crossed
the session bus (dbus-monitor); and the steps the GTK and Qt suites both take on such a form."""
import contextlib
import json
import os
import signal
import subprocess
import tempfile

from .atspi_app import OSK_NAME
from .paths import TESTS
from .process import ProcessOutput
from .trace import trace_lines
from .waits import wait_for

FORM = ["/usr/bin/python3", os.path.join(TESTS, "GTK4", "gtk4_form.py")]
# The Qt form, for Qt 5 or 6 and widgets or QML (its first two arguments).
QT_FORM = ["/usr/bin/python3", os.path.join(TESTS, "Qt", "qt_form.py")]
# The GTK the tests run (--gtk): 4, or 3 for the thin GTK 3 module.
GTK = {"version": 4}


def module_env(bin_dir, im_module="keypad"):
    """What makes an app of the GTK under test load the build's thin module (IM_MODULE)."""
    if GTK["version"] == 3:
        return {"GTK_IM_MODULE_FILE": os.path.join(bin_dir, "immodules.cache"), "GTK_IM_MODULE": im_module,
                "KEYPAD_FORM_GTK": "3"}
    return {"GTK_PATH": os.path.join(bin_dir, "gtk-4.0"), "GTK_IM_MODULE": im_module}


class Form:
    """A GTK 4 form under the module, seen through what it prints of its own fields. `command`
    starts another form that speaks the same lines (Tests/Qt/qt_form.py)."""

    def __init__(self, bin_dir, title="GTK 4 form", im_module="keypad", env=None, scrolled=False, command=FORM):
        env = {**os.environ, **module_env(bin_dir, im_module), **(env or {})}
        self.title = title
        self.process = subprocess.Popen(command + [title] + (["scrolled"] if scrolled else []), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        self.streams = ProcessOutput(self.process)
        self.wait_for_line("ready")
        self.window = self._window()

    def _window(self):
        found = []

        def search():
            result = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{self.title}$"], capture_output=True, text=True)
            found[:] = result.stdout.split()
            return bool(found)
        wait_for(search, f"the window {self.title!r}")
        return found[0]

    def output(self):
        return self.streams.read()

    def wait_for_line(self, line, timeout=8.0):
        wait_for(lambda: line in self.output()[0], repr(line), timeout, seen=lambda: self.output())

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def state(self):
        before = len(self.output()[0])
        self.send("state")
        wait_for(lambda: any(l.startswith("state ") for l in self.output()[0][before:]), "the form's state")
        line = next(l for l in self.output()[0][before:] if l.startswith("state "))
        return json.loads(line[len("state "):])

    def text(self, name):
        return self.state()["texts"][name]

    def activate(self):
        subprocess.run(["xdotool", "windowactivate", "--sync", self.window], check=True)
        wait_for(lambda: self.state()["active"], f"{self.title!r} to be the active window")

    def fullscreen(self):
        """Activates the window and makes it fullscreen, as a kiosk's."""
        self.activate()
        self.send("fullscreen")
        wait_for(lambda: self.state()["fullscreen"], f"{self.title!r} to be fullscreen")

    def focus(self, name):
        self.send(f"focus {name}")
        wait_for(lambda: self.state()["focus"] == name, f"{name} to have focus")

    def click(self, name):
        """A real click (xdotool) in the middle of field `name` (GTK 3: the form tells no screen
        position in GTK 4)."""
        before = len(self.output()[0])
        self.send(f"frame {name}")
        wait_for(lambda: any(l.startswith(f"frame {name} ") for l in self.output()[0][before:]), f"{name}'s frame")
        line = next(l for l in self.output()[0][before:] if l.startswith(f"frame {name} "))
        x, y, width, height = json.loads(line[len(f"frame {name} "):])
        subprocess.run(["xdotool", "mousemove", str(x + width // 2), str(y + height // 2), "click", "1"], check=True)

    def select(self, name, start, end, hold=False):
        """Selects `name`'s characters `start` to `end`, the caret at `end`; `hold`: then the app
        is busy (its main loop waits) until `release`."""
        before = len(self.output()[0])
        self.send(f"select {name} {start} {end}" + (" hold" if hold else ""))
        wait_for(lambda: f"selected {name}" in self.output()[0][before:], f"{name}'s selection")

    def release(self):
        """Ends a `select … hold`, and returns the first change of a field's text that follows: the
        `changed NAME TEXT` line of what the app did with what came meanwhile."""
        before = len(self.output()[0])
        self.send("release")
        changed = wait_for(lambda: next((l for l in self.output()[0][before:] if l.startswith("changed ")), None),
                           "a field's text to change", seen=lambda: self.output()[0][before:])
        return changed

    def assert_focused(self, name):
        state = self.state()
        assert state["active"] and state["focus"] == name, f"{self.title!r} lost focus: {state}"

    def kill(self):
        self.process.kill()
        self.process.wait(timeout=5)

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


class WaylandForm(Form):
    """The form as a native Wayland client (QT_QPA_PLATFORM=wayland) of a headless sway, which
    gives a new window focus itself: no X window to find or activate."""

    def __init__(self, bin_dir, title, env, command, scrolled=False):
        super().__init__(bin_dir, title, env=dict(env, QT_QPA_PLATFORM="wayland"), command=command, scrolled=scrolled)

    def _window(self):
        return None

    def activate(self):
        wait_for(lambda: self.state()["active"], f"{self.title!r} to be the active window")


def assert_quiet(form, allowed=()):
    errors = [l for l in form.output()[1] if l.strip() and not any(a in l for a in allowed)]
    assert not errors, f"{form.title!r} wrote to standard error: {errors}"


class DBusMonitor:
    """Everything org.keypad.OSK1 carries on the session bus, as dbus-monitor prints it."""

    def __enter__(self):
        self.file = tempfile.NamedTemporaryFile("w+", suffix=".txt")
        self.process = subprocess.Popen(
            ["dbus-monitor", "--session", f"interface='{OSK_NAME}'"], stdout=self.file, stderr=subprocess.DEVNULL)
        # In place once it prints the bus's NameLost for its own name: the bus sends it when
        # the connection has become a monitor (before the form starts).
        wait_for(lambda: "member=NameLost" in self.text(), "dbus-monitor to become a monitor", seen=self.text)
        return self

    def text(self):
        self.file.seek(0)
        return self.file.read()

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=5)
        return False


# Steps both suites take

def delete_and_activate_digits(form, keypad):
    """In a form's focused Digits field holding "123": Delete over a character, then over a
    selection, then Return, which activates the field and keeps its focus."""
    keypad.type(form, "Digits", "Delete")
    assert form.text("Digits") == "12", form.text("Digits")
    form.select("Digits", 0, 1)
    keypad.type(form, "Digits", "Delete")
    assert form.text("Digits") == "2", f"Delete over the selection left {form.text('Digits')!r}"
    keypad.press(form, "activate Digits")
    form.assert_focused("Digits")


def type_a_password(form, keypad):
    """In a form's focused Password field: taps q, w, e, deletes the selected w and then q,
    and taps Return, which activates the field and keeps its focus."""
    keypad.wait_for("q")
    keypad.type(form, "Password", "q", "w", "e")
    form.select("Password", 1, 2)
    keypad.type(form, "Password", "Delete")
    keypad.type(form, "Password", "Delete")
    assert form.text("Password") == "e", f"Password's Deletes left {form.text('Password')!r}"
    keypad.press(form, "activate Password")
    form.assert_focused("Password")


def assert_delete_follows_the_apps_selection(form, keypad, trace):
    """keypad-osk's Delete while its copy of the text lags the app's selection (the app is busy
    before its input method tells keypad-osk, `select … hold`): a selection keypad-osk has not
    heard of goes whole, not the character before the caret keypad-osk knew; a selection the
    app has dropped, which keypad-osk still holds, leaves the character before the app's caret
    to delete, not keypad-osk's range."""
    with DBusMonitor() as monitor:
        form.focus("Digits")
        keypad.wait_for("1")
        keypad.type(form, "Digits", "1", "2", "3", "4", "5")

        def delete_held(start, end):
            """Delete tapped while the app is busy after selecting `start` to `end`; the app's
            change once it goes on."""
            keypad.wait_for("Delete")
            # Found before: the accessibility bus waits on a busy app.
            delete = keypad.center(keypad.find("Delete"))
            deletes = len(trace_lines(trace, "delete "))
            form.select("Digits", start, end, hold=True)
            keypad.tap_at(delete)
            wait_for(lambda: len(trace_lines(trace, "delete ")) > deletes, "keypad-osk to send its delete")
            return form.release()

        # keypad-osk holds "12345", the caret at its end; the app selects "23" and is busy.
        changed = delete_held(1, 3)
        assert changed == 'changed Digits "145"', f"Delete over a selection keypad-osk had not heard of: {changed}"
        # keypad-osk hears of a selection of "14" (the app's input method tells it on the bus),
        # then the app drops it, the caret at the end, and is busy.
        form.select("Digits", 0, 2)
        wait_for(lambda: 'string "145"\n   int32 2\n   int32 0' in monitor.text(), "keypad-osk to be told of the selection",
                 seen=lambda: monitor.text()[-300:])
        changed = delete_held(3, 3)
        assert changed == 'changed Digits "14"', f"Delete after the app dropped its selection: {changed}"
        form.assert_focused("Digits")


def assert_password_kept(monitor, trace):
    """The text type_a_password typed went nowhere: not in one message on the session bus
    (the keypad's own Commits carry one letter each), not in keypad-osk's trace; while the
    monitor did see Digits' "123" (a monitor that saw nothing proves nothing)."""
    for secret in ("qwe", "qw", "we"):
        assert f'"{secret}"' not in monitor.text(), f"the password's {secret!r} was on the session bus"
        assert not [line for line in trace_lines(trace, "") if secret in line], \
            f"the password's {secret!r} is in keypad-osk's trace"
    assert '"123"' in monitor.text(), "the monitor saw no surrounding text at all (a test that cannot fail)"


def assert_tap_brings_keypad_back(form, keypad, name, key, text):
    """A tap on field `name`, which kept focus after done hid the keypad, brings the keypad
    back: `key` types into it, leaving `text`."""
    form.click(name)
    keypad.wait_for(key)
    keypad.type(form, name, key)
    assert form.text(name) == text, form.text(name)
    form.assert_focused(name)


def assert_field_kept_in_view(form, keypad, at_bottom=False):
    """A scrolled `form` made fullscreen, its field Far (at the bottom) focused: Far is
    scrolled above the keypad's toolbar, the form's `margin` grows, and goes once no field has
    focus. `at_bottom`: the keypad stays along the bottom edge (the module sent FocusIn flag
    0x10), never moving to the top off Far's caret."""
    from gi.repository import Atspi  # the caller's Keypad (keypad_osk) required its version

    form.fullscreen()
    form.focus("Far")
    keypad.wait_for("1")

    def toolbar_top():
        return keypad.find("Previous field").get_extents(Atspi.CoordType.SCREEN).y

    def above():
        x, y, width, height = form.state()["far"]
        return y + height <= toolbar_top()
    wait_for(above, "Far to be scrolled above the keypad", seen=lambda: (form.state()["far"], toolbar_top()))
    assert form.state()["margin"] > 0, form.state()
    assert not at_bottom or toolbar_top() > 300, f"the keypad left the bottom edge: its toolbar at {toolbar_top()}"
    assert_far_types_and_margin_goes(form, keypad)


def assert_far_types_and_margin_goes(form, keypad):
    """Far, kept in view above the keypad, types; focus on Digits keeps the scrolled form's bottom
    margin; it goes once no field has focus."""
    keypad.type(form, "Far", "4")
    assert form.text("Far") == "4", form.text("Far")
    form.focus("Digits")  # not in view above the keypad: the margin stays
    keypad.wait_for("1")
    assert form.state()["margin"] > 0, form.state()
    form.send("unfocus")
    keypad.wait_for_no_keypad()
    wait_for(lambda: form.state()["margin"] == 0, "the margin to go with the keypad")


@contextlib.contextmanager
def keypad_osk_at_the_top(bin_dir, keypad):
    """A keypad-osk --position top (#34) owning the session's org.keypad.OSK1 for the block, in
    place of the one D-Bus activated by an earlier test; ended after it (the next field's FocusIn
    activates a new one)."""
    old = keypad.owner_pid()
    if old is not None:
        os.kill(old, signal.SIGTERM)
        wait_for(lambda: keypad.owner_pid() is None, "the activated keypad-osk to leave the bus")
    with tempfile.TemporaryFile() as log:
        osk = subprocess.Popen([os.path.join(bin_dir, "keypad-osk"), "--position", "top"], stdout=log,
                               stderr=subprocess.STDOUT)
        try:
            wait_for(lambda: keypad.owner_pid() == osk.pid, "keypad-osk --position top on the bus", timeout=20)
            yield osk
        finally:
            osk.terminate()
            osk.wait(timeout=10)


def assert_field_kept_in_view_below_a_keypad_at_the_top(form, keypad, trace):
    """A scrolled `form` made fullscreen under a keypad-osk --position top: KeypadFrame says the
    keypad is along the top, and the module gives the scroll area's content a top margin as tall
    as the keypad covers (no bottom margin), so Digits, at the top of the form, shows below the
    keypad and types; Far, low in the scroll area, is scrolled into the part below the keypad and
    types; the margin goes with the keypad."""
    mark = len(trace_lines(trace, ""))
    form.fullscreen()
    form.focus("Digits")
    keypad.wait_for("1")

    def keypad_bottom():
        edges = [line.split() for line in trace_lines(trace, "")[mark:] if line.startswith("edge ")]
        if not edges or edges[-1][1] != "top":
            return None
        x, y, width, height = (int(value) for value in edges[-1][2].split(","))
        return y + height
    wait_for(keypad_bottom, "the keypad along the top", seen=lambda: trace_lines(trace, "edge ")[-3:])
    bottom = keypad_bottom()
    screen_height = int(subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True,
                                       check=True).stdout.split()[1])

    def below(name):
        """The field wholly between the keypad's bottom and the screen's."""
        def fits():
            x, y, width, height = form.state()[name]
            return y >= bottom and y + height <= screen_height
        return fits
    for name, key in (("Digits", "4"), ("Far", "5")):
        form.focus(name)
        keypad.wait_for("1")
        wait_for(below(name.lower()), f"{name} below the keypad", seen=lambda n=name.lower(): (form.state()[n], bottom))
        state = form.state()
        assert state["margin_top"] > 0 and state["margin"] == 0, \
            f"margins: top {state['margin_top']}, bottom {state['margin']}"
        keypad.type(form, name, key)
        assert form.text(name) == key, form.text(name)
    form.send("unfocus")
    keypad.wait_for_no_keypad()
    wait_for(lambda: form.state()["margin_top"] == 0, "the margin to go with the keypad")


def kill_keypad_osk_and_come_back(form, keypad):
    """keypad-osk killed while Digits has the keypad: the app logs that keypad-osk left the bus,
    a physical key still types, and Number's focus starts keypad-osk again (D-Bus activation),
    whose keys type there. The caller checks after closing the form that the app logged one
    line (assert_one_outage_line)."""
    form.activate()
    form.focus("Digits")
    keypad.wait_for("1")
    keypad.type(form, "Digits", "1")
    old = keypad.owner_pid()
    os.kill(old, signal.SIGKILL)
    wait_for(lambda: any("keypad-osk left the session bus" in line for line in form.output()[1]),
             "the app's one line about keypad-osk")
    subprocess.run(["xdotool", "type", "--delay", "30", "5"], check=True)
    wait_for(lambda: form.text("Digits") == "15", "a physical key after keypad-osk died")
    form.focus("Number")
    keypad.wait_for("Decimal separator")
    assert keypad.owner_pid() not in (None, old)
    keypad.type(form, "Number", "2")
    assert form.text("Number") == "2", form.text("Number")
    form.assert_focused("Number")


def assert_one_outage_line(form):
    lines = [line for line in form.output()[1] if "keypad" in line]
    assert len(lines) == 1, f"the app should log one line, not {lines}"


def assert_taps_keep_focus(form, keypad):
    """Taps on the keypad type into `form`'s Digits, which keeps focus; a physical key after
    them still reaches it."""
    form.focus("Digits")
    keypad.wait_for("1")
    keypad.type(form, "Digits", "1", "2")
    form.assert_focused("Digits")
    subprocess.run(["xdotool", "type", "--delay", "30", "3"], check=True)
    wait_for(lambda: form.text("Digits") == "123", "a physical key after the taps")
    assert keypad.shows("1")
