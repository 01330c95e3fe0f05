"""A GTK 3 program running under the keypad input-method module, seen from outside:
its widgets through AT-SPI, clicks and keys through xdotool, and its standard output and
error collected line by line. The keypad is keypad-osk's, in a process of its own (the module
in the app is a D-Bus client of it): its keys are found on keypad-osk's accessibility tree."""
import os
import signal
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

from .process import ProcessOutput  # noqa: E402
from .waits import wait_for, wait_still  # noqa: E402

OSK_NAME = "org.keypad.OSK1"


def bus_call(method, parameters):
    """A call to the session bus itself (org.freedesktop.DBus); its answer, unpacked."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                         parameters, None, Gio.DBusCallFlags.NONE, 2000, None).unpack()


def keypad_osk_running():
    """Whether a keypad-osk owns its name on the session bus."""
    return bus_call("NameHasOwner", GLib.Variant("(s)", (OSK_NAME,)))[0]


def keypad_osk_pid():
    """The process of the keypad-osk that owns its name on the session bus."""
    return bus_call("GetConnectionUnixProcessID", GLib.Variant("(s)", (OSK_NAME,)))[0]


def restart_keypad_osk(environment):
    """Ends the keypad-osk on this session bus (if one runs) and has the next one that D-Bus
    activation starts run with `environment` added (the session bus's activation environment):
    its trace file, its locale."""
    bus_call("UpdateActivationEnvironment", GLib.Variant("(a{ss})", (environment,)))
    try:
        pid = keypad_osk_pid()
    except GLib.Error:
        return
    os.kill(pid, signal.SIGTERM)
    wait_for(lambda: not keypad_osk_running(), "keypad-osk to end")


def keypad_osk_apps():
    """keypad-osk's applications on the accessibility bus."""
    desktop = Atspi.get_desktop(0)
    found = []
    for index in range(desktop.get_child_count()):
        child = desktop.get_child_at_index(index)
        try:
            if child is not None and child.get_name() == "keypad-osk":
                found.append(child)
        except GLib.Error:
            continue
    return found


def role_name(node):
    """The node's role as at-spi2-core 2.46 (Debian 12) names it: 2.56 (Debian 13) names a
    push button "button", and the tests also run there (Tests/Deb)."""
    name = node.get_role_name()
    return "push button" if name == "button" else name


class App:
    def __init__(self, command, env=None):
        environment = dict(os.environ, GTK_IM_MODULE="keypad")
        environment.update(env or {})
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
        self.streams = ProcessOutput(self.process)
        self.app = self._find_app()

    def _find_app(self):
        # 30 s: on a loaded machine (CI beside browsers in other checkouts) 15 s was seen to pass
        # before a GTK app registered on the accessibility bus.
        deadline = time.time() + 30
        while time.time() < deadline and self.process.poll() is None:
            desktop = Atspi.get_desktop(0)
            for index in range(desktop.get_child_count()):
                child = desktop.get_child_at_index(index)
                try:
                    if child is not None and child.get_process_id() == self.process.pid:
                        return child
                except GLib.Error:
                    continue
            time.sleep(0.1)
        errors = self.output()[1][-10:]
        state = "still running" if self.process.poll() is None else f"exited with {self.process.returncode}"
        raise AssertionError(f"{self.process.args[0]} never appeared on the accessibility bus ({state}; "
                             f"its last error lines: {errors})")

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.streams.join()

    def output(self):
        return self.streams.read()

    def wait_for_line(self, line, timeout=5.0):
        wait_for(lambda: line in self.output()[0], repr(line), timeout)

    # Widgets

    def nodes(self, own=False):
        """Every accessible of the program and (unless `own`) of keypad-osk, showing or not."""
        stack = [self.app] + ([] if own else keypad_osk_apps())
        while stack:
            node = stack.pop()
            if node is None:  # a child destroyed while we walk the tree
                continue
            try:
                yield node
                stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
            except GLib.Error:
                continue

    def find(self, name, role=None):
        """The showing accessible named `name` (of role `role`), or None."""
        for node in self.nodes():
            try:
                if node.get_name() == name and (role is None or role_name(node) == role) \
                        and node.get_state_set().contains(Atspi.StateType.SHOWING):
                    return node
            except GLib.Error:
                continue
        return None

    def require(self, name, role=None):
        return wait_for(lambda: self.find(name, role), f"a showing {role or 'widget'} named {name!r}",
                        seen=self.describe)

    def describe(self):
        """What shows now, for a failure message: windows, how many buttons, the focused widget."""
        windows, buttons, focused = [], 0, []
        for node in self.nodes():
            try:
                states = node.get_state_set()
                role = role_name(node)
                if role in ("frame", "window", "dialog"):
                    windows.append(f"{node.get_name()!r}{' showing' if states.contains(Atspi.StateType.SHOWING) else ''}")
                elif role == "push button" and states.contains(Atspi.StateType.SHOWING):
                    buttons += 1
                if states.contains(Atspi.StateType.FOCUSED):
                    focused.append(f"{role} {node.get_name()!r}")
            except GLib.Error:
                continue
        return f"windows {windows}, {buttons} showing buttons, focused {focused}"

    def first(self, role):
        for node in self.nodes():
            try:
                if role_name(node) == role and node.get_state_set().contains(Atspi.StateType.SHOWING):
                    return node
            except GLib.Error:
                continue
        raise AssertionError(f"no showing {role}")

    def names(self):
        result = []
        for node in self.nodes():
            try:
                result.append(node.get_name() or "")
                if role_name(node) in ("text", "password text", "entry"):
                    result.append(Atspi.Text.get_text(node, 0, -1) or "")
            except GLib.Error:
                continue
        return result

    @staticmethod
    def center(node):
        extents = node.get_extents(Atspi.CoordType.SCREEN)
        return extents.x + extents.width // 2, extents.y + extents.height // 2

    def click_node(self, node):
        self.click_at(*self.center(node))

    @staticmethod
    def click_at(x, y):
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--delay", "0", "1"], check=True)

    def click(self, name, role=None):
        self.click_node(self.require(name, role))

    def keys(self, *keys):
        subprocess.run(["xdotool", "key", "--delay", "20", *keys], check=True)

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "20", text], check=True)

    # Keypad

    def keypad_shows(self):
        return self.find("Delete", "push button") is not None

    def wait_for_keypad(self, key="Delete"):
        """Waits until the keypad has slid in: its key `key` shows and stays put (three looks)."""
        def position():
            node = self.find(key, "push button")
            return self.center(node) if node is not None else None
        wait_still(position, f"the keypad never settled (key {key!r})", 8)

    def wait_for_no_keypad(self):
        wait_for(lambda: not self.keypad_shows(), "the keypad to hide")

    def tap(self, *keys):
        """Clicks keypad keys by accessible name."""
        for key in keys:
            self.click(key, "push button")

    def click_once(self, name, role, condition, what):
        """Clicks the showing `name` once and waits for `condition`, the click's effect."""
        self.click(name, role)
        wait_for(condition, what)

    def type_keys(self, node, *keys):
        """Taps keypad keys that each change `node`'s text, waiting for each change."""
        for key in keys:
            before = self.text(node)
            self.tap(key)
            wait_for(lambda: self.text(node) != before, f"key {key!r} to change the text",
                     seen=lambda: self.text(node))

    @staticmethod
    def text(node):
        return Atspi.Text.get_text(node, 0, -1)

    @staticmethod
    def focused(node):
        return node.get_state_set().contains(Atspi.StateType.FOCUSED)
