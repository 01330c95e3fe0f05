#!/usr/bin/python3
"""A fullscreen Qt window for keypad-osk's caret tests (#34, Tests/OSK/caret_checks.py), the Qt
twin of Tests/OSK/gtk4_caret.py and speaking its lines (Tests/Support/keypad_harness/gtk4_apps.py reads them):
a Digits QLineEdit Top at the top and one, Bottom, near the bottom, both yellow. It prints
`rect <name> X,Y,W,H` for each once the window fills the output (the output's pixels), focuses
Bottom at start, prints `text <name> <text>` each time a field's text changes, and takes
`focus <name>` lines on its standard input (the app moving focus, as Tab does).

    qt_caret.py 5|6
"""
import os
import sys

if sys.argv[1] == "5":
    from PyQt5.QtCore import QPoint, QSocketNotifier, Qt, QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget
else:
    from PyQt6.QtCore import QPoint, QSocketNotifier, Qt, QTimer
    from PyQt6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget


def say(line):
    print(line, flush=True)


app = QApplication(sys.argv[:1])
window = QWidget()
window.setWindowTitle("Keypad Qt caret")
window.setStyleSheet("QLineEdit { background: #ffff00; min-height: 40px; border: none; }")
layout = QVBoxLayout(window)
layout.setContentsMargins(400, 20, 580, 40)
fields = {}
for name in ("Top", "Bottom"):
    field = QLineEdit()
    field.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
    field.textChanged.connect(lambda text, n=name: say(f"text {n} {text}"))
    fields[name] = field
layout.addWidget(fields["Top"])
layout.addStretch(1)
layout.addWidget(fields["Bottom"])
window.showFullScreen()
fields["Bottom"].setFocus()


def report():
    """Once fullscreen and laid out (Bottom at the window's bottom, above its margin): the rects."""
    bottom = fields["Bottom"]
    if window.height() < 600 or bottom.mapTo(window, QPoint(0, 0)).y() + bottom.height() + 40 != window.height():
        return
    timer.stop()
    for name, field in fields.items():
        origin = field.mapTo(window, QPoint(0, 0))
        say(f"rect {name} {origin.x()},{origin.y()},{field.width()},{field.height()}")


timer = QTimer()
timer.timeout.connect(report)
timer.start(100)


def command():
    line = os.read(sys.stdin.fileno(), 4096).decode()
    if not line:
        app.quit()
        return
    for words in (line.split() for line in line.splitlines()):
        if words[:1] == ["focus"] and words[1] in fields:
            fields[words[1]].setFocus()


notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
notifier.activated.connect(command)
sys.exit(app.exec())
