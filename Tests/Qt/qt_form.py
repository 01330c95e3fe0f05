#!/usr/bin/python3
"""A Qt widget form for the Qt plug-in's tests (Tests/Qt/qt_e2e.py), in PyQt5 or PyQt6:
QLineEdits with Qt's input-method hints (Digits, Number, Phone, Email, Url, Date), a
Password (echo mode Password), a Notes QPlainTextEdit and a Text QTextEdit.

    qt_form.py 5|6 [TITLE]

It prints what the app itself sees, one line each: `ready`, `changed NAME TEXT` (text
JSON-quoted), `activate NAME` (QLineEdit's returnPressed), `focus NAME`, `hints NAME N`
(each field's inputMethodHints, once at the start). It obeys lines on standard input, as
Tests/GTK4/gtk4_form.py does: `focus NAME`, `select NAME START END` (UTF-16 offsets),
`fullscreen`, `state` (prints `state {json}`: whether its window is active and fullscreen,
the focused field, every field's text)."""
import json
import os
import sys

if sys.argv[1] == "5":
    from PyQt5.QtCore import QSocketNotifier, Qt
    from PyQt5.QtGui import QTextCursor
    from PyQt5.QtWidgets import QApplication, QLabel, QLineEdit, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget
else:
    from PyQt6.QtCore import QSocketNotifier, Qt
    from PyQt6.QtGui import QTextCursor
    from PyQt6.QtWidgets import QApplication, QLabel, QLineEdit, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

TITLE = sys.argv[2] if len(sys.argv) > 2 else f"Qt {sys.argv[1]} form"
Hint = Qt.InputMethodHint
HINTS = [
    ("Digits", Hint.ImhDigitsOnly),
    ("Number", Hint.ImhFormattedNumbersOnly),
    ("Phone", Hint.ImhDialableCharactersOnly),
    ("Email", Hint.ImhEmailCharactersOnly),
    ("Url", Hint.ImhUrlCharactersOnly),
    ("Date", Hint.ImhDate),
    ("Free", Hint.ImhNone),
]


def say(line):
    print(line, flush=True)


app = QApplication(sys.argv[:1])
window = QWidget()
window.setWindowTitle(TITLE)
window.resize(420, 560)
layout = QVBoxLayout(window)
fields = {}


def add(name, widget):
    layout.addWidget(QLabel(name))
    layout.addWidget(widget)
    fields[name] = widget


for name, hint in HINTS:
    entry = QLineEdit()
    entry.setPlaceholderText(name)
    entry.setInputMethodHints(hint)
    entry.textChanged.connect(lambda text, n=name: say(f"changed {n} {json.dumps(text)}"))
    entry.returnPressed.connect(lambda n=name: say(f"activate {n}"))
    add(name, entry)

password = QLineEdit()
password.setEchoMode(QLineEdit.EchoMode.Password)
password.textChanged.connect(lambda text: say(f"changed Password {json.dumps(text)}"))
password.returnPressed.connect(lambda: say("activate Password"))
add("Password", password)

for name, kind in (("Notes", QPlainTextEdit), ("Text", QTextEdit)):
    view = kind()
    view.textChanged.connect(lambda v=view, n=name: say(f"changed {n} {json.dumps(v.toPlainText())}"))
    add(name, view)


def text_of(widget):
    return widget.toPlainText() if isinstance(widget, (QPlainTextEdit, QTextEdit)) else widget.text()


def focused_name():
    focus = app.focusWidget()
    return next((name for name, widget in fields.items() if widget is focus), None)


app.focusChanged.connect(lambda old, new: focused_name() and say(f"focus {focused_name()}"))


def command(line):
    words = line.split()
    if not words:
        return
    if words[0] == "focus":
        fields[words[1]].setFocus()
    elif words[0] == "select":
        widget, start, end = fields[words[1]], int(words[2]), int(words[3])
        if isinstance(widget, QLineEdit):
            widget.setSelection(start, end - start)
        else:
            cursor = widget.textCursor()
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            widget.setTextCursor(cursor)
        say(f"selected {words[1]}")
    elif words[0] == "fullscreen":
        window.showFullScreen()
    elif words[0] == "state":
        state = {"active": window.isActiveWindow(), "fullscreen": window.isFullScreen(), "focus": focused_name(),
                 "texts": {name: text_of(widget) for name, widget in fields.items()}}
        say(f"state {json.dumps(state)}")


pending = b""


def on_stdin():
    """Reads what standard input has (never Python's buffered readline: lines it buffered would
    wait for the next notification) and obeys each whole line."""
    global pending
    chunk = os.read(sys.stdin.fileno(), 4096)
    if not chunk:
        app.quit()
        return
    pending += chunk
    *lines, pending = pending.split(b"\n")
    for line in lines:
        command(line.decode())


notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
notifier.activated.connect(on_stdin)
window.show()
for name, widget in fields.items():
    say(f"hints {name} {int(widget.inputMethodQuery(Qt.InputMethodQuery.ImHints))}")
say("ready")
sys.exit(app.exec())
