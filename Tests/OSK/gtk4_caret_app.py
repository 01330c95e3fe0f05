"""Tests/OSK/gtk4_caret.py (or its Qt twin, Tests/OSK/qt_caret.py) run as the tests see it (#34):
its entries' rectangles and texts as it prints them, and focus moved by a line on its standard
input. Shared by the Wayland tests (Tests/OSK/caret_checks.py) and the X11 one
(Tests/GTK4/gtk4_e2e.py); no GTK or Qt in the test's process."""
import os
import subprocess

from web_harness import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
GTK4_CARET = ["/usr/bin/python3", os.path.join(HERE, "gtk4_caret.py")]
# The Qt window (PyQt6; QT_QPA_PLATFORM and QT_IM_MODULE from the caller's environment).
QT6_CARET = ["/usr/bin/python3", os.path.join(HERE, "qt_caret.py"), "6"]


class GTK4Caret:
    """Tests/OSK/gtk4_caret.py (or `command`, a window speaking its lines): a fullscreen window,
    entries Top and Bottom (yellow)."""

    def __init__(self, env, command=GTK4_CARET):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, env=env)
        os.set_blocking(self.process.stdout.fileno(), False)
        self.lines = []
        self.rects = {}
        wait_for(lambda: self.read() and len(self.rects) == 2, "the window's entries",
                 timeout=20, seen=lambda: self.lines[-3:])

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
