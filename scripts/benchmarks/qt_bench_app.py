#!/usr/bin/python3
"""A PyQt form for `make bench`'s Qt part (scripts/benchmarks/bench-qt): a QLineEdit with
Qt's ImhDigitsOnly hint and an "Elsewhere" button, under Keypad's plug-in
(QT_IM_MODULE=keypad) or Qt Virtual Keyboard (QT_IM_MODULE=qtvirtualkeyboard), or neither.

    qt_bench_app.py VERSION-KEYBOARD[-qml] [first]     VERSION 5|6, KEYBOARD keypad|qtvk|none

With `-qml` the form is QML instead (scripts/benchmarks/qt_memory.py): a QtQuick.Controls
TextField with the same hint and a Button in an ApplicationWindow, in a QGuiApplication.

It prints what it sees, one line each:
- `click X Y`: the field's centre on screen, once the window is up. Neither keyboard opens when
  a field gets focus from code (Qt asks for the input panel on a mouse release on the field), so
  the driver taps the field there, as a user does.
- `key NAME X Y` for the keyboard's "5" and "Delete" keys once it shows them and they stay put,
  then `ready`: Qt Virtual Keyboard's from its own QML items (their `key` property, Qt.Key_5 and
  Qt.Key_Backspace, mapped to the screen), keypad-osk's from the accessibility bus
  (scripts/benchmarks/osk_keys.py, another process: the app never waits on that bus itself).
  KEYBOARD none prints `ready` once the field has focus.
- `changed NANOSECONDS TEXT`: at each textChanged (CLOCK_MONOTONIC; TEXT JSON-quoted).

With `first` (scripts/benchmarks/qt_first_keypad.py) it prints `click X Y`, `elsewhere X Y` (the
button) and `ready`, then for Qt Virtual Keyboard `drawn NANOSECONDS` at its panel window's
first frameSwapped after it is asked to show, and `hidden` when it hides.
"""
import json
import os
import subprocess
import sys
import time

mode, keyboard, *variant = sys.argv[1].split("-")
qml = variant == ["qml"]
first = len(sys.argv) > 2 and sys.argv[2] == "first"
if mode == "5":
    from PyQt5.QtCore import QObject, QPointF, Qt, QTimer
    from PyQt5.QtGui import QGuiApplication
    from PyQt5.QtQml import QQmlApplicationEngine
    from PyQt5.QtQuick import QQuickWindow
    from PyQt5.QtWidgets import QApplication, QLineEdit, QPushButton, QVBoxLayout, QWidget
else:
    from PyQt6.QtCore import QObject, QPointF, Qt, QTimer
    from PyQt6.QtGui import QGuiApplication
    from PyQt6.QtQml import QQmlApplicationEngine
    from PyQt6.QtQuick import QQuickWindow
    from PyQt6.QtWidgets import QApplication, QLineEdit, QPushButton, QVBoxLayout, QWidget

KEYS = {int(Qt.Key.Key_5): "5", int(Qt.Key.Key_Backspace): "Delete"}


def say(line):
    print(line, flush=True)


QML_FORM = b"""
import QtQuick 2.15
import QtQuick.Controls 2.15

ApplicationWindow {
    x: 0; y: 0; width: 400; height: 160; visible: true
    Column {
        anchors.fill: parent; anchors.margins: 8; spacing: 8
        TextField { objectName: "field"; width: parent.width; inputMethodHints: Qt.ImhDigitsOnly }
        Button { objectName: "elsewhere"; text: "Elsewhere"; focus: true }
    }
}
"""


def centre(widget):
    if qml:
        point = widget.mapToGlobal(QPointF(widget.width() / 2, widget.height() / 2)).toPoint()
    else:
        point = widget.mapToGlobal(widget.rect().center())
    return f"{point.x()} {point.y()}"


if qml:
    app = QGuiApplication(sys.argv[:1])
    engine = QQmlApplicationEngine()
    engine.loadData(QML_FORM)
    window = engine.rootObjects()[0]
    window.setTitle(f"Qt {mode} QML bench")
    field = window.findChild(QObject, "field")
    elsewhere = window.findChild(QObject, "elsewhere")
    field.textChanged.connect(lambda: say(f"changed {time.monotonic_ns()} {json.dumps(field.property('text'))}"))
else:
    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.setWindowTitle(f"Qt {mode} bench")
    window.setGeometry(0, 0, 400, 160)
    layout = QVBoxLayout(window)
    field = QLineEdit()
    field.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
    field.textChanged.connect(lambda text: say(f"changed {time.monotonic_ns()} {json.dumps(text)}"))
    elsewhere = QPushButton("Elsewhere")
    layout.addWidget(field)
    layout.addWidget(elsewhere)
    elsewhere.setFocus()  # the field gets focus from the user's tap only (Qt would give it the first focus)
    window.show()


def panel():
    """Qt Virtual Keyboard's input panel: its own top-level QQuickWindow (desktop integration)."""
    return next((w for w in app.topLevelWindows() if isinstance(w, QQuickWindow) and w.isVisible()), None)


def panel_keys():
    """{NAME: (x, y)} of the panel's visible "5" and backspace keys, on screen."""
    window_ = panel()
    if window_ is None:
        return {}
    found, stack = {}, [window_.contentItem()]
    while stack:
        item = stack.pop()
        stack.extend(item.childItems())
        key = item.property("key")
        if isinstance(key, int) and key in KEYS and item.isVisible() and item.width() > 0 and item.property("enabled"):
            point = window_.mapToGlobal(item.mapToScene(QPointF(item.width() / 2, item.height() / 2)).toPoint())
            found[KEYS[key]] = (point.x(), point.y())
    return found


seen = {}


def poll_panel():
    """Waits until both keys show and stay put for 200 ms, then prints them and `ready`."""
    keys = panel_keys()
    if len(keys) == 2 and keys == seen.get("keys"):
        for name, (x, y) in sorted(keys.items()):
            say(f"key {name} {x} {y}")
        say("ready")
        return
    seen["keys"] = keys
    QTimer.singleShot(200, poll_panel)


def keypad_keys():
    finder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "osk_keys.py")
    process = subprocess.Popen(["/usr/bin/python3", finder, "5", "Delete"], stdout=subprocess.PIPE, text=True)

    def relay():
        for line in process.stdout:
            say(line.rstrip("\n"))
        say("ready")
    import threading
    threading.Thread(target=relay, daemon=True).start()


def on_focus(old, new):
    if new is not field or first or seen.get("started"):
        return
    seen["started"] = True
    if keyboard == "qtvk":
        QTimer.singleShot(200, poll_panel)
    elif keyboard == "keypad":
        keypad_keys()
    else:
        say("ready")


def on_visible():
    """First keypad: Qt Virtual Keyboard's panel asked to show or hide."""
    if not app.inputMethod().isVisible():
        say("hidden")
        return
    window_ = panel()
    if window_ is None:
        QTimer.singleShot(0, on_visible)  # the panel window is shown right after
        return
    if not seen.get(id(window_)):
        seen[id(window_)] = window_
        window_.frameSwapped.connect(lambda: seen.get("waiting") and (seen.pop("waiting"), say(
            f"drawn {time.monotonic_ns()}")))
    seen["waiting"] = True


if qml:
    app.focusObjectChanged.connect(lambda new: on_focus(None, new))
else:
    app.focusChanged.connect(on_focus)
if first and keyboard == "qtvk":
    app.inputMethod().visibleChanged.connect(on_visible)


def started():
    say(f"click {centre(field)}")
    if first:
        say(f"elsewhere {centre(elsewhere)}")
        say("ready")


QTimer.singleShot(500, started)
sys.exit(app.exec())
