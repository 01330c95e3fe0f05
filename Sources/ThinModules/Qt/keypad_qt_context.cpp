#include "keypad_qt_context.h"

#include <QtCore/QTimer>
#include <QtCore/QVariant>
#include <QtGui/QGuiApplication>
#include <QtGui/QInputMethod>
#include <QtGui/QInputMethodEvent>
#include <QtGui/QInputMethodQueryEvent>
#include <QtGui/QWindow>
#include <qpa/qwindowsysteminterface.h>

#include "keypad_qt_content_type.h"
#include "keypad_qt_focus_chain.h"

/* ---- UTF-16 (Qt's positions) and code points (the interface's offsets) ---- */

static bool startsPair(const QString &text, int index) {
    return index + 1 < text.size() && text.at(index).isHighSurrogate() && text.at(index + 1).isLowSurrogate();
}

/* The code points in the first UNITS UTF-16 units of TEXT. */
static int codePointsBefore(const QString &text, int units) {
    int points = 0;
    for (int index = 0; index < units; index += startsPair(text, index) ? 2 : 1) points++;
    return points;
}

/* The UTF-16 position of code point POINTS of TEXT (its end when past it). */
static int positionOfCodePoint(const QString &text, int points) {
    int index = 0;
    for (; points > 0 && index < text.size(); points--) index += startsPair(text, index) ? 2 : 1;
    return index;
}

/* ---- The field as keypad-osk sees it ---- */

static bool isMultiLine(const QObject *object) {
    return object->inherits("QTextEdit") || object->inherits("QPlainTextEdit") || object->inherits("QQuickTextEdit");
}

KeypadOSKContentType KeypadInputContext::contentType() const {
    if (focusObject_.isNull()) return {};
    QInputMethodQueryEvent query(Qt::ImHints);
    QCoreApplication::sendEvent(focusObject_, &query);
    auto hints = Qt::InputMethodHints(query.value(Qt::ImHints).toInt());
    KeypadOSKContentType type = keypad_qt_content_type(hints, isMultiLine(focusObject_));
    type.flags |= placeFlags_;
    return type;
}

/* The caret in its toplevel window's coordinates, in the display's pixels; the toplevel's X
 * window on X11 (xcb), 0 elsewhere (Wayland). */
KeypadOSKCaret KeypadInputContext::caret() const {
    KeypadOSKCaret caret = {};
    QWindow *window = QGuiApplication::focusWindow();
    if (window == nullptr) return caret;
    QRect rect = QGuiApplication::inputMethod()->cursorRectangle().toAlignedRect();
    QWindow *top = window;
    while (top->parent() != nullptr) top = top->parent();
    if (top != window) rect.moveTopLeft(top->mapFromGlobal(window->mapToGlobal(rect.topLeft())));
    if (QGuiApplication::platformName() == QLatin1String("xcb")) {
        const qreal ratio = top->devicePixelRatio();
        rect = QRect(qRound(rect.x() * ratio), qRound(rect.y() * ratio), qRound(rect.width() * ratio),
                     qRound(rect.height() * ratio));
        caret.window = top->winId();
    }
    caret.x = rect.x();
    caret.y = rect.y();
    caret.width = rect.width();
    caret.height = rect.height();
    return caret;
}

KeypadInputContext::Surrounding KeypadInputContext::surrounding() const {
    Surrounding found;
    if (focusObject_.isNull()) return found;
    QInputMethodQueryEvent query(Qt::ImSurroundingText | Qt::ImCursorPosition | Qt::ImAnchorPosition);
    QCoreApplication::sendEvent(focusObject_, &query);
    const QVariant text = query.value(Qt::ImSurroundingText), cursor = query.value(Qt::ImCursorPosition);
    if (!text.isValid() || !cursor.isValid()) return found;
    found.text = text.toString();
    found.cursor = cursor.toInt();
    const QVariant anchor = query.value(Qt::ImAnchorPosition);
    found.anchor = anchor.isValid() ? anchor.toInt() : found.cursor;
    found.valid = found.cursor >= 0 && found.cursor <= found.text.size() && found.anchor >= 0 &&
                  found.anchor <= found.text.size();
    return found;
}

/* The client takes UTF-8 with byte indices; it sends a window around the selection, and
 * nothing for a secure field. */
void KeypadInputContext::sendSurrounding() {
    const Surrounding now = surrounding();
    const bool secure = keypad_osk_content_type_is_secure(contentType());
    if (!now.valid || secure) {
        keypad_osk_client_send_surrounding(this, nullptr, 0, 0, 0, secure);
        return;
    }
    const QByteArray text = now.text.toUtf8();
    const size_t cursor = (size_t)now.text.left(now.cursor).toUtf8().size();
    const size_t anchor = (size_t)now.text.left(now.anchor).toUtf8().size();
    keypad_osk_client_send_surrounding(this, text.constData(), (size_t)text.size(), cursor, anchor, false);
}

/* After an edit Qt calls update() several times: the caret, the surrounding text and a changed
 * content type go to keypad-osk once, from the event loop (the client sends each only when it
 * changed). */
void KeypadInputContext::sendUpdates() {
    updatesPending_ = false;
    if (!focused_ || focusObject_.isNull()) return;
    const KeypadOSKContentType type = contentType();
    if (type.purpose != sentType_.purpose || type.hints != sentType_.hints || type.flags != sentType_.flags) {
        sentType_ = type;
        keypad_osk_client_send_content_type(this, type);
    }
    keypad_osk_client_send_caret(this, caret());
    sendSurrounding();
}

/* ---- QPlatformInputContext ---- */

static void fieldDescribe(void *field) {
    static_cast<KeypadInputContext *>(field)->describe();
}

static void fieldCommit(void *field, const char *text) {
    static_cast<KeypadInputContext *>(field)->commitText(QString::fromUtf8(text));
}

static void fieldDelete(void *field, int offset, unsigned count) {
    static_cast<KeypadInputContext *>(field)->deleteSurrounding(offset, count);
}

/* The keypad's delete key on a secure field and its return key are the keys themselves: the
 * field does what it does for a physical key (deletes the selection, emits QLineEdit's
 * returnPressed or a QML TextField's accepted, adds a newline to a QTextEdit). */
static void fieldBackspace(void *field) {
    static_cast<KeypadInputContext *>(field)->sendKey(Qt::Key_Backspace);
}

static void fieldActivate(void *field) {
    static_cast<KeypadInputContext *>(field)->sendKey(Qt::Key_Return);
}

static void fieldMoveFocus(void *field, int direction) {
    static_cast<KeypadInputContext *>(field)->moveFocus(direction);
}

static void fieldDismiss(void *field) {
    static_cast<KeypadInputContext *>(field)->dismiss();
}

static void fieldKeypadFrame(void *field, int x, int y, int width, int height) {
    static_cast<KeypadInputContext *>(field)->keypadFrame(width > 0 && height > 0 ? QRect(x, y, width, height) : QRect());
}

static const KeypadOSKFieldOps fieldOps = {
    fieldDescribe, fieldCommit, fieldDelete, fieldBackspace, fieldActivate, fieldMoveFocus, fieldDismiss, fieldKeypadFrame,
};

KeypadInputContext::KeypadInputContext() {
    static bool initialized = false;
    if (!initialized) keypad_osk_client_init(&fieldOps);
    initialized = true;
}

KeypadInputContext::~KeypadInputContext() {
    keypad_osk_client_forget(this);
}

bool KeypadInputContext::isValid() const {
    return true;
}

bool KeypadInputContext::hasCapability(Capability) const {
    return true;
}

/* Qt calls this as focus moves, inputMethodAccepted() already telling whether the new object
 * takes input-method events (ImEnabled). From one field to the next, keypad-osk gets the new
 * field's FocusIn alone, so the keypad changes its pad without hiding. */
void KeypadInputContext::setFocusObject(QObject *object) {
    if (object != nullptr && inputMethodAccepted()) {
        focusObject_ = object;
        focused_ = true;
        dismissed_ = false;
        keepInView_.focus(object);
        keypad_osk_client_focus_in(this);
    } else if (focused_) {
        focused_ = false;
        dismissed_ = false;
        focusObject_ = nullptr;
        keepInView_.blur();
        keypad_osk_client_focus_out(this);
    }
}

void KeypadInputContext::showInputPanel() {
    if (!focused_ || !dismissed_ || !keypad_osk_client_is_connected(this)) return;
    dismissed_ = false;
    describe();
}

bool KeypadInputContext::isInputPanelVisible() const {
    return focused_ && !dismissed_ && !keypad_.isEmpty();
}

QRectF KeypadInputContext::keyboardRect() const {
    QWindow *window = QGuiApplication::focusWindow();
    if (keypad_.isEmpty() || window == nullptr) return QRectF();
    return QRectF(window->mapFromGlobal(keypad_.topLeft()), keypad_.size());
}

void KeypadInputContext::update(Qt::InputMethodQueries queries) {
    QPlatformInputContext::update(queries);
    if (!focused_ || updatesPending_) return;
    updatesPending_ = true;
    QTimer::singleShot(0, this, [this] { sendUpdates(); });
}

/* ---- What keypad-osk asks ---- */

void KeypadInputContext::describe() {
    if (focusObject_.isNull()) return;
    updatesPending_ = false;
    placeFlags_ = keypad_qt_focus_chain_flags(focusObject_) |
                  (KeypadQtKeepInView::canKeepInView(focusObject_) ? KEYPAD_OSK_FLAG_KEEPS_IN_VIEW : 0);
    sentType_ = contentType();
    keypad_osk_client_send_focus_in(this, sentType_, caret());
    sendSurrounding();
}

void KeypadInputContext::commitText(const QString &text) {
    if (focusObject_.isNull()) return;
    QInputMethodEvent event;
    event.setCommitString(text);
    QCoreApplication::sendEvent(focusObject_, &event);
}

/* COUNT code points from OFFSET code points off the caret, cut to the text the field has now.
 * keypad-osk sends none over a selection it knows of (it sends Backspace): a field with a
 * selection now had one keypad-osk had not heard of yet (its copy of the text lags the app's),
 * so the selection goes, as the delete key deletes it (docs/thin-modules.md). */
void KeypadInputContext::deleteSurrounding(int offset, unsigned count) {
    if (focusObject_.isNull()) return;
    const Surrounding now = surrounding();
    if (now.valid && now.anchor != now.cursor) return sendKey(Qt::Key_Backspace);
    QInputMethodEvent event;
    if (!now.valid) {
        event.setCommitString(QString(), offset, (int)count);
        QCoreApplication::sendEvent(focusObject_, &event);
        return;
    }
    const int cursor = codePointsBefore(now.text, now.cursor);
    const int length = codePointsBefore(now.text, now.text.size());
    const int start = qMax(cursor + offset, 0), end = qMin(cursor + offset + (int)count, length);
    if (end <= start) return;
    const int from = positionOfCodePoint(now.text, start), to = positionOfCodePoint(now.text, end);
    event.setCommitString(QString(), from - now.cursor, to - from);
    QCoreApplication::sendEvent(focusObject_, &event);
}

/* A key press and release as the window system gives them, delivered at once, in order with
 * the commits around it. */
void KeypadInputContext::sendKey(int key) {
    QPointer<QWindow> window = QGuiApplication::focusWindow();
    if (window.isNull()) return;
    const QString text = key == Qt::Key_Return ? QStringLiteral("\r") : QStringLiteral("\b");
    const Qt::KeyboardModifiers modifiers = Qt::NoModifier;
    QWindowSystemInterface::handleKeyEvent<QWindowSystemInterface::SynchronousDelivery>(window, QEvent::KeyPress, key,
                                                                                       modifiers, text);
    if (window.isNull()) return; /* the press closed it */
    QWindowSystemInterface::handleKeyEvent<QWindowSystemInterface::SynchronousDelivery>(window, QEvent::KeyRelease,
                                                                                       key, modifiers, text);
}

/* The toolbar's previous and next: focus to the field before or after, as Shift-Tab and Tab
 * would move it (without the key: a QPlainTextEdit would take a Tab as text); the field that
 * gets it sends its FocusIn. */
void KeypadInputContext::moveFocus(int direction) {
    if (!focusObject_.isNull()) keypad_qt_move_focus(focusObject_, direction);
}

void KeypadInputContext::dismiss() {
    dismissed_ = focused_;
    emitInputPanelVisibleChanged();
}

void KeypadInputContext::keypadFrame(const QRect &frame) {
    if (frame == keypad_) return;
    const bool wasVisible = isInputPanelVisible();
    keypad_ = frame;
    if (focused_) keepInView_.setKeypad(focusObject_, frame);
    emitKeyboardRectChanged();
    if (isInputPanelVisible() != wasVisible) emitInputPanelVisibleChanged();
}
