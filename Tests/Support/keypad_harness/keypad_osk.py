"""keypad-osk seen from outside: a keypad-osk the test starts (its trace and output), its
sm.puri.OSK0 called with gdbus, its keypad's band in a Wayland screenshot, and (on X11) its
keys on the accessibility bus, tapped with xdotool."""
import os
import subprocess
import tempfile

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

from .atspi_app import OSK_NAME, keypad_osk_apps, role_name  # noqa: E402
from .screenshot import Screenshot, has_return_key, keypad_band  # noqa: E402
from .trace import Trace  # noqa: E402
from .waits import wait_for, wait_still  # noqa: E402
from .wayland import PLAIN, SCREEN, click_output  # noqa: E402

_shots = []


def shots():
    """The run's directory of Wayland screenshots, made by the first one taken."""
    if not _shots:
        _shots.append(tempfile.mkdtemp(prefix="keypad-osk-"))
    return _shots[0]


class OSK:
    """One keypad-osk process with its own trace and output."""

    def __init__(self, bin_dir, workdir, name="osk", args=(), env=None):
        self.trace = Trace(os.path.join(workdir, f"{name}.trace"))
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([os.path.join(bin_dir, "keypad-osk"), *args], stdout=self.log,
                                        stderr=subprocess.STDOUT,
                                        env=dict(PLAIN, KEYPAD_IM_TRACE=self.trace.path, **(env or {})))

    def output(self):
        self.log.flush()
        with open(self.log_path, errors="replace") as file:
            return file.read()

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=5)
        self.log.close()

    def wait_keypad(self, mark, layout):
        try:
            keypad = self.trace.wait_keypad(mark, layout)
        except AssertionError:
            screenshot("no-keypad")
            raise
        return keypad, band_top()

    def tap(self, keypad, top, name):
        """A pointer tap on the key `name` of `keypad` (from the trace), whose window starts at `top`."""
        x, y = keypad[2][name]
        click_output(x, top + y)


def screenshot(name):
    return Screenshot.take(os.path.join(shots(), f"{name}.png"), env=SCREEN)


def band_top(name="band", timeout=10):
    """The top of the keypad's band across the bottom of the output, once it has slid in
    (the same top in two screenshots in a row) with its return key drawn. Each screenshot is
    decoded in Python: at a load of 20 on two cores two of them took more than 5 s."""
    seen = []

    def settled():
        shot = screenshot(name)
        top = keypad_band(shot, 0, 1280, 720)
        seen.append(top)
        if top is None or len(seen) < 2 or seen[-2] != top or not has_return_key(shot, 0, 1280, top, 720):
            return None
        return top
    return wait_for(settled, "the keypad's band at the bottom of the output", timeout=timeout, seen=lambda: seen[-3:])


def puri(method, *args, prefix=()):
    """A call to keypad-osk's sm.puri.OSK0 with gdbus (run after `prefix`, a command that reaches
    another user's session bus); its output, or None while nobody owns the name."""
    result = subprocess.run([*prefix, "gdbus", "call", "--session", "--dest", "sm.puri.OSK0", "--object-path", "/sm/puri/OSK0",
                             "--method", method, *args], capture_output=True, text=True, timeout=10)
    return result.stdout.strip() if result.returncode == 0 else None


class Keypad:
    """keypad-osk's keypad: its keys on the accessibility bus, tapped with xdotool, each tap
    once keypad-osk's trace (`trace`, default KEYPAD_IM_TRACE) says its keypad has settled
    with that key."""

    def __init__(self, trace=None):
        path = trace or os.environ.get("KEYPAD_IM_TRACE")
        self.trace = Trace(path, fresh=False) if path else None

    @staticmethod
    def owner_pid():
        """The process owning org.keypad.OSK1 on this session bus, or None."""
        bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        try:
            reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "GetConnectionUnixProcessID", GLib.Variant("(s)", (OSK_NAME,)), None,
                                  Gio.DBusCallFlags.NONE, 2000, None)
            return reply.unpack()[0]
        except GLib.Error:
            return None

    apps = staticmethod(keypad_osk_apps)

    def app(self):
        pid = self.owner_pid()
        for app in self.apps():
            try:
                if app.get_process_id() == pid:
                    return app
            except GLib.Error:
                continue
        return None

    def find(self, name):
        app = self.app()
        stack = [app] if app is not None else []
        while stack:
            node = stack.pop()
            if node is None:
                continue
            try:
                if node.get_name() == name and role_name(node) == "push button" \
                        and node.get_state_set().contains(Atspi.StateType.SHOWING):
                    return node
                stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
            except GLib.Error:
                continue
        return None

    def shows(self, name="Delete"):
        return self.find(name) is not None

    def wait_for(self, key="Delete"):
        """Waits until the keypad has slid in with `key`: keypad-osk's trace says its keypad
        settled (its last `shown` keypad has `key`, the toolbar's enabled buttons included), and
        the key shows on the accessibility bus and stays put (three looks)."""
        if self.trace is not None:
            wait_for(lambda: (self.trace.keypad() or ("", "", {}))[2].get(key),
                     f"keypad-osk's trace to show a keypad with key {key!r}", timeout=10,
                     seen=lambda: self.trace.lines()[-4:])

        def position():
            node = self.find(key)
            return self.center(node) if node is not None else None
        wait_still(position, f"keypad-osk's keypad never showed key {key!r}", 10)

    def wait_for_no_keypad(self):
        wait_for(lambda: not self.shows(), "the keypad to hide")

    @staticmethod
    def center(node):
        extents = node.get_extents(Atspi.CoordType.SCREEN)
        return extents.x + extents.width // 2, extents.y + extents.height // 2

    def tap(self, name):
        node = self.find(name)
        assert node is not None, f"no key {name!r} shows"
        self.tap_at(self.center(node))

    @staticmethod
    def tap_at(point):
        """A tap at `point` (x, y on the screen): a key found before."""
        x, y = point
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--delay", "0", "1"], check=True)

    def tap_once(self, key, effect, what):
        """Taps `key` once its keypad has settled (`wait_for`), and waits for `effect`, the
        tap's effect. On a timeout the error says whether keypad-osk saw the tap at all (its
        trace's `tap` lines: none for a press that never reached the keypad)."""
        self.wait_for(key)
        taps = len(self.trace.since(0, "tap ")) if self.trace is not None else 0
        self.tap(key)
        wait_for(effect, what, seen=lambda: "keypad-osk's tap lines since the tap: "
                 f"{self.trace.since(0, 'tap ')[taps:] if self.trace is not None else 'none read'}")

    def type(self, form, field, *keys):
        """Taps keys that each change `field`'s text in `form`, one tap each, waiting for each change."""
        for key in keys:
            before = form.text(field)
            self.tap_once(key, lambda: form.text(field) != before, f"key {key!r} to change {field}")

    def press(self, form, line, key="Return"):
        """Taps `key` once and waits for `form` to print `line`."""
        before = len(form.output()[0])
        self.tap_once(key, lambda: line in form.output()[0][before:], repr(line))
