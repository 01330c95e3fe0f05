"""keypad-demo as an outside program sees it: its widgets through the accessibility bus (AT-SPI),
clicked with xdotool, and its --trace output collected line by line (Tests/EndToEnd and
scripts/benchmarks/measure-paste)."""
import os
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from .process import ProcessOutput  # noqa: E402
from .waits import wait_for  # noqa: E402


class Demo:
    """A running keypad-demo with its trace collected line by line."""

    def __init__(self, binary, *flags, env=None):
        environment = dict(os.environ)
        environment.update(env or {})
        self.process = subprocess.Popen(
            [binary, "--trace", *flags], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=environment)
        self.streams = ProcessOutput(self.process, parse=self._untimed)
        self.taken = 0  # trace lines `take` has returned, with their marks
        self.marks = 0  # marks `take` has asked for
        self.app = self._find_app()
        self.wait_for(lambda: self.find("Amount", "text") is not None, "the form on the bus")

    @staticmethod
    def _untimed(line):
        stamp, _, text = line.partition(" ")
        assert stamp.isdigit(), f"trace line without a monotonic time: {line!r}"
        return text

    @property
    def lines(self):
        """The trace lines since the last `take` (all of them before one)."""
        return self.streams.read()[0][self.taken:]

    @property
    def errors(self):
        return self.streams.read()[1]

    def _find_app(self):
        deadline = time.time() + 15
        while time.time() < deadline:
            desktop = Atspi.get_desktop(0)
            for index in range(desktop.get_child_count()):
                child = desktop.get_child_at_index(index)
                if child is not None and child.get_name() == "keypad-demo":
                    return child
            time.sleep(0.1)
        raise AssertionError("keypad-demo never appeared on the accessibility bus")

    def close(self):
        self.process.stdin.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()

    # Trace

    def take(self, timeout=5.0):
        """The trace lines since the last call: the demo answers a mark on the trace once the
        X events made before it (xdotool has returned) and what they set going have run, and
        this returns exactly the lines before that mark."""
        self.marks += 1
        mark = f"mark {self.marks}"
        self.process.stdin.write(mark + "\n")
        self.process.stdin.flush()
        self.wait_for_line(mark, timeout)
        everything = self.streams.read()[0]
        end = everything.index(mark, self.taken)
        lines, self.taken = everything[self.taken:end], end + 1
        return lines

    def wait_for(self, condition, what, timeout=5.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    def wait_for_line(self, line, timeout=5.0):
        self.wait_for(lambda: line in self.lines, repr(line), timeout)

    def wait_for_prefix(self, prefix, timeout=5.0):
        self.wait_for(lambda: any(line.startswith(prefix) for line in self.lines), repr(prefix), timeout)

    def wait_for_keyboard_shown(self, timeout=5.0):
        """Waits until the keypad's show since the last `take` has finished: its last keyboard
        notification is didShow (each willShow or frame change ends in one)."""
        def shown():
            keyboard = [line for line in self.lines if line.startswith("keyboard ")]
            return bool(keyboard) and keyboard[-1].startswith("keyboard didShow")
        self.wait_for(shown, "keyboard didShow last", timeout)

    def wait_for_keypad(self, key="Delete"):
        """Waits until the keypad has slid in: its key `key` shows and stays put."""
        last = None
        deadline = time.time() + 5
        while time.time() < deadline:
            node = self.find(key, "push button")
            position = self.center(node) if node is not None else None
            if position is not None and position == last:
                return
            last = position
            time.sleep(0.1)
        raise AssertionError(f"the keypad never settled (key {key!r})")

    # Widgets

    def find(self, name, role=None):
        """The showing accessible named `name` (of role `role`), or None."""
        stack = [self.app]
        while stack:
            node = stack.pop()
            try:
                if node.get_name() == name and (role is None or node.get_role_name() == role):
                    if node.get_state_set().contains(Atspi.StateType.SHOWING):
                        return node
                stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
            except gi.repository.GLib.Error:
                continue
        return None

    def require(self, name, role=None):
        return wait_for(lambda: self.find(name, role), f"a showing {role or 'widget'} named {name!r}")

    def center(self, node):
        extents = node.get_extents(Atspi.CoordType.SCREEN)
        return extents.x + extents.width // 2, extents.y + extents.height // 2

    def click(self, name, role=None):
        x, y = self.center(self.require(name, role))
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--delay", "0", "1"], check=True)
        time.sleep(0.05)

    def hold(self, name, seconds, role="push button"):
        x, y = self.center(self.require(name, role))
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1"], check=True)
        time.sleep(seconds)
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        time.sleep(0.05)

    def text(self, name, role="text"):
        node = self.require(name, role)
        return Atspi.Text.get_text(node, 0, -1)

    def tap_keys(self, *names):
        for key in names:
            self.click(key, "push button")
