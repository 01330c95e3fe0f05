"""The GTK 4 apps of Tests/OSK run as the tests see them, through what they print; no GTK in the
test's process.

- Tests/OSK/gtk4_caret.py (#34), or its Qt twin Tests/OSK/qt_caret.py: its entries' rectangles and
  texts as it prints them, and focus moved by a line on its standard input. Shared by the Wayland
  tests (Tests/OSK/caret_checks.py) and the X11 one (Tests/GTK4/gtk4_e2e.py).
- Tests/OSK/gtk4_text_input_form.py: a GTK 4 form with GTK's own text-input-v3 (no module), tapped by
  keypad-osk's Wayland tests in sway and labwc."""
import os
import subprocess

from .paths import TESTS
from .waits import wait_for

GTK4_CARET = os.path.join(TESTS, "OSK", "gtk4_caret.py")
# The Qt window (PyQt6; QT_QPA_PLATFORM and QT_IM_MODULE from the caller's environment).
QT6_CARET = ["/usr/bin/python3", os.path.join(TESTS, "OSK", "qt_caret.py"), "6"]
GTK4_FORM = os.path.join(TESTS, "OSK", "gtk4_text_input_form.py")


class GTK4Caret:
    """Tests/OSK/gtk4_caret.py (or `command`, a window speaking its lines: QT6_CARET): a fullscreen
    window, entries Top and Bottom (yellow)."""

    def __init__(self, env, command=None):
        self.process = subprocess.Popen(command or ["/usr/bin/python3", GTK4_CARET], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        os.set_blocking(self.process.stdout.fileno(), False)
        self.lines = []
        self.rects = {}
        wait_for(lambda: self.read() and len(self.rects) == 2, "the window's entries",
                 timeout=40, seen=lambda: self.lines[-3:])

    def read(self):
        for line in iter(self.process.stdout.readline, ""):
            line = line.rstrip("\n")
            self.lines.append(line)
            parts = line.split(" ")
            if parts[0] == "rect":
                self.rects[parts[1]] = [int(v) for v in parts[2].split(",")]
        return True

    def wait_text(self, name, text):
        wait_for(lambda: self.read() and f"text {name} {text}" in self.lines[-1:], f"{name} to read {text!r}",
                 seen=lambda: self.lines[-3:])

    def focus(self, name):
        self.process.stdin.write(f"focus {name}\n")
        self.process.stdin.flush()

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


def tap_gtk4_form(app, tap):
    """Taps 8, 9 and Delete on the keypad (`tap(key)`) for GTK4_FORM's Digits entry, reading the
    form's own text after each from its output."""
    lines = []
    os.set_blocking(app.stdout.fileno(), False)

    def text_is(expected):
        for line in iter(app.stdout.readline, ""):
            lines.append(line.rstrip("\n"))
        return f"text Digits {expected}".rstrip() in lines[-1:]
    for key, expected in (("8", "8"), ("9", "89"), ("Delete", "8")):
        tap(key)
        wait_for(lambda: text_is(expected), f"the GTK 4 entry to read {expected!r}", seen=lambda: lines[-3:])
