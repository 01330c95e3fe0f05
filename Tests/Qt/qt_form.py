#!/usr/bin/python3
"""A Qt form for the Qt plug-in's tests (Tests/Qt/qt_e2e.py), in PyQt5 or PyQt6, with
widgets or in QML:

    qt_form.py 5|6 widgets|qml [TITLE] [scrolled]

Widgets: QLineEdits with Qt's input-method hints (Digits, Number, Phone, Email, Url, Date,
Free), a Password (echo mode Password), a Notes QPlainTextEdit and a Text QTextEdit. QML
(Tests/Qt/qt_form.qml): the same fields as QtQuick.Controls TextFields with
`inputMethodHints`, Phone a bare TextInput, Notes and Text TextAreas.

It prints what the app itself sees, one line each: `ready`, `changed NAME TEXT` (text
JSON-quoted), `activate NAME` (QLineEdit's returnPressed, a TextField's accepted),
`focus NAME`, `hints NAME N` (each field's hints, at the start). It obeys lines on standard
input, as Tests/GTK4/gtk4_form.py does: `focus NAME`, `select NAME START END` (UTF-16
offsets), `sethints NAME N` (answers `hints NAME N`), `unfocus` (no field has focus), `activate` (the app activates its own window), `fullscreen`, `state` (prints
`state {json}`: whether its window is active and fullscreen, the focused field, every
field's text), `frame NAME` (prints `frame NAME [x, y, width, height]`, the field on screen).

`scrolled`: the fields in a QScrollArea (widgets) or a Flickable (QML, Tests/Qt/qt_form_scrolled.qml:
Digits, Number), and one more field, Far (digits), at the bottom below a stretch; then `state`
also gives Far's and Digits' frames on screen (`far`, `digits`) and the bottom and top margins
the plug-in gave the scroll area's widget or the Flickable (`margin`, `margin_top`)."""
import json
import os
import sys

VERSION, KIND = sys.argv[1], sys.argv[2]
SCROLLED = "scrolled" in sys.argv[3:]
TITLE = next((arg for arg in sys.argv[3:] if arg != "scrolled"), f"Qt {VERSION} {KIND} form")
if VERSION == "5":
    from PyQt5.QtCore import Q_ARG, QMetaObject, QObject, QPoint, QPointF, QSocketNotifier, Qt, QUrl, pyqtSlot
    from PyQt5.QtGui import QTextCursor
    from PyQt5.QtWidgets import (QApplication, QLabel, QLineEdit, QPlainTextEdit, QScrollArea, QTextEdit,
                                 QVBoxLayout, QWidget)
    if KIND == "qml":
        from PyQt5.QtQml import QQmlApplicationEngine
        from PyQt5.QtQuick import QQuickItem
else:
    from PyQt6.QtCore import Q_ARG, QMetaObject, QObject, QPoint, QPointF, QSocketNotifier, Qt, QUrl, pyqtSlot
    from PyQt6.QtGui import QTextCursor
    from PyQt6.QtWidgets import (QApplication, QLabel, QLineEdit, QPlainTextEdit, QScrollArea, QTextEdit,
                                 QVBoxLayout, QWidget)
    if KIND == "qml":
        from PyQt6.QtQml import QQmlApplicationEngine
        from PyQt6.QtQuick import QQuickItem

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


class WidgetForm:
    """The form as QWidgets."""

    def __init__(self):
        self.window = QWidget()
        self.window.setWindowTitle(TITLE)
        self.window.resize(420, 560)
        self.content = self.window
        if SCROLLED:
            self.content = QWidget()
            scroller = QScrollArea()
            scroller.setWidgetResizable(True)
            scroller.setWidget(self.content)
            QVBoxLayout(self.window).addWidget(scroller)
        self.layout = QVBoxLayout(self.content)
        self.fields = {}
        for name, hint in HINTS:
            entry = QLineEdit()
            entry.setPlaceholderText(name)
            entry.setInputMethodHints(hint)
            self.add_line(name, entry)
        password = QLineEdit()
        password.setEchoMode(QLineEdit.EchoMode.Password)
        self.add_line("Password", password)
        for name, kind in (("Notes", QPlainTextEdit), ("Text", QTextEdit)):
            view = kind()
            view.textChanged.connect(lambda v=view, n=name: say(f"changed {n} {json.dumps(v.toPlainText())}"))
            self.add(name, view)
        if SCROLLED:
            self.layout.addStretch(1)
            far = QLineEdit()
            far.setInputMethodHints(Hint.ImhDigitsOnly)
            self.add_line("Far", far)
        app.focusChanged.connect(lambda old, new: self.focused() and say(f"focus {self.focused()}"))
        self.window.show()

    def add(self, name, widget):
        self.layout.addWidget(QLabel(name))
        self.layout.addWidget(widget)
        self.fields[name] = widget

    def add_line(self, name, entry):
        entry.textChanged.connect(lambda text: say(f"changed {name} {json.dumps(text)}"))
        entry.returnPressed.connect(lambda: say(f"activate {name}"))
        self.add(name, entry)

    def text(self, name):
        widget = self.fields[name]
        return widget.toPlainText() if isinstance(widget, (QPlainTextEdit, QTextEdit)) else widget.text()

    def hints(self, name):
        return int(self.fields[name].inputMethodQuery(Qt.InputMethodQuery.ImHints))

    def set_hints(self, name, hints):
        self.fields[name].setInputMethodHints(Hint(hints))

    def focused(self):
        focus = app.focusWidget()
        return next((name for name, widget in self.fields.items() if widget is focus), None)

    def focus(self, name):
        self.fields[name].setFocus()

    def select(self, name, start, end):
        widget = self.fields[name]
        if isinstance(widget, QLineEdit):
            widget.setSelection(start, end - start)
        else:
            cursor = widget.textCursor()
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            widget.setTextCursor(cursor)

    def active(self):
        return self.window.isActiveWindow()

    def frame(self, name):
        widget = self.fields[name]
        at = widget.mapToGlobal(QPoint(0, 0))
        return [at.x(), at.y(), widget.width(), widget.height()]

    def margins(self):
        margins = self.content.contentsMargins()
        return margins.top(), margins.bottom()

    def unfocus(self):
        app.focusWidget().clearFocus()


class Bridge(QObject):
    """What the QML fields call: their text changed, they were accepted, they took focus."""

    @pyqtSlot(str, str)
    def changed(self, name, text):
        say(f"changed {name} {json.dumps(text)}")

    @pyqtSlot(str)
    def accepted(self, name):
        say(f"activate {name}")

    @pyqtSlot(str)
    def focused(self, name):
        say(f"focus {name}")


class QMLForm:
    """The form in QML (Tests/Qt/qt_form.qml)."""

    def __init__(self):
        self.engine = QQmlApplicationEngine()
        self.bridge = Bridge()
        self.engine.rootContext().setContextProperty("form", self.bridge)
        self.engine.rootContext().setContextProperty("formTitle", TITLE)
        source = "qt_form_scrolled.qml" if SCROLLED else "qt_form.qml"
        self.engine.load(QUrl.fromLocalFile(os.path.join(os.path.dirname(os.path.abspath(__file__)), source)))
        if not self.engine.rootObjects():
            sys.exit(f"{source} did not load")
        self.window = self.engine.rootObjects()[0]
        names = ["Digits", "Number", "Far"] if SCROLLED else [name for name, _ in HINTS] + ["Password", "Notes", "Text"]
        self.fields = {name: self.window.findChild(QQuickItem, name) for name in names}

    def text(self, name):
        return self.fields[name].property("text")

    def hints(self, name):
        hints = self.fields[name].property("inputMethodHints")
        return hints if isinstance(hints, int) else hints.value  # PyQt6 gives the enum

    def set_hints(self, name, hints):
        self.fields[name].setProperty("inputMethodHints", hints)

    def focused(self):
        item = app.focusObject()  # the window's active focus item
        return item.objectName() if item is not None and item.objectName() in self.fields else None

    def focus(self, name):
        QMetaObject.invokeMethod(self.fields[name], "forceActiveFocus")

    def select(self, name, start, end):
        QMetaObject.invokeMethod(self.fields[name], "select", Q_ARG(int, start), Q_ARG(int, end))

    def active(self):
        return self.window.isActive()

    def frame(self, name):
        item = self.fields[name]
        at = item.mapToGlobal(QPointF(0, 0))
        return [round(at.x()), round(at.y()), round(item.width()), round(item.height())]

    def margins(self):
        scroller = self.window.findChild(QObject, "Scroller")
        return round(scroller.property("topMargin")), round(scroller.property("bottomMargin"))

    def unfocus(self):
        app.focusObject().setProperty("focus", False)


def command(line):
    words = line.split()
    if not words:
        return
    if words[0] == "focus":
        form.focus(words[1])
    elif words[0] == "select":
        form.select(words[1], int(words[2]), int(words[3]))
        say(f"selected {words[1]}")
        if words[4:5] == ["hold"]:
            hold()
    elif words[0] == "sethints":
        form.set_hints(words[1], int(words[2]))
        say(f"hints {words[1]} {form.hints(words[1])}")
    elif words[0] == "activate":  # as a kiosk app with no window manager does
        form.window.activateWindow() if KIND == "widgets" else form.window.requestActivate()
    elif words[0] == "unfocus":
        form.unfocus()
    elif words[0] == "frame":
        say(f"frame {words[1]} {json.dumps(form.frame(words[1]))}")
    elif words[0] == "fullscreen":
        form.window.showFullScreen()
    elif words[0] == "state":
        state = {"active": form.active(), "fullscreen": bool(form.window.windowState() & Qt.WindowState.WindowFullScreen),
                 "focus": form.focused(), "texts": {name: form.text(name) for name in form.fields}}
        if SCROLLED:
            top, bottom = form.margins()
            state.update(far=form.frame("Far"), digits=form.frame("Digits"), margin=bottom, margin_top=top)
        say(f"state {json.dumps(state)}")


pending = b""


def hold():
    """The app is busy: its event loop waits for the next line on standard input (`release`), so
    nothing its input method queued (the surrounding text it tells keypad-osk) goes out before."""
    global pending
    while b"\n" not in pending:
        chunk = os.read(sys.stdin.fileno(), 4096)
        if not chunk:
            return
        pending += chunk
    pending = pending.split(b"\n", 1)[1]


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


app = QApplication(sys.argv[:1])
form = QMLForm() if KIND == "qml" else WidgetForm()
notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
notifier.activated.connect(on_stdin)
for name in form.fields:
    say(f"hints {name} {form.hints(name)}")
say("ready")
sys.exit(app.exec())
