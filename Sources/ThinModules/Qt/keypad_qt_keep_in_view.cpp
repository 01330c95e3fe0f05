#include "keypad_qt_keep_in_view.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QEvent>
#include <QtCore/QTimer>
#include <QtCore/QVariant>
#include <QtGui/QGuiApplication>
#include <QtGui/QWindow>

#include "keypad_qt_symbols.h"

/* Room kept above and below the field, in pixels. */
static const int REVEAL_MARGIN = 8;
/* The deepest field looked at. */
static const int MAX_DEPTH = 256;

/* The QScrollArea FIELD is in, and the scroll area's widget holding it. */
static QObject *scrollAreaOf(QObject *field, QObject **content) {
    QObject *child = field;
    for (int depth = 0; child != nullptr && depth < MAX_DEPTH; child = child->parent(), depth++) {
        QObject *viewport = child->parent();
        QObject *area = viewport != nullptr ? viewport->parent() : nullptr;
        if (area != nullptr && area->inherits("QScrollArea") && child != field) {
            *content = child;
            return area;
        }
    }
    return nullptr;
}

/* The Flickable (ListView, GridView...) FIELD is in: its parent items up. */
static QObject *flickableOf(QObject *field) {
    QObject *item = field->property("parent").value<QObject *>();
    for (int depth = 0; item != nullptr && depth < MAX_DEPTH; depth++) {
        if (item->inherits("QQuickFlickable")) return item;
        item = item->property("parent").value<QObject *>();
    }
    return nullptr;
}

static QObject *scrollerOf(QObject *field, QObject **content) {
    *content = nullptr;
    if (keypad_qt_widgets(field) != nullptr) return scrollAreaOf(field, content);
    if (keypad_qt_quick(field) != nullptr) return flickableOf(field);
    return nullptr;
}

bool KeypadQtKeepInView::canKeepInView(QObject *field) {
    QObject *content = nullptr;
    return field != nullptr && scrollerOf(field, &content) != nullptr;
}

/* A rectangle in the focused window's coordinates on the screen, in the display's pixels on X11,
 * as keypad-osk gives the keypad's. On Wayland no client knows where its window is: Qt gives the
 * window's origin as the output's, true for a fullscreen window (docs/qt.md says what it means
 * for others). */
static QRectF onScreen(const QRectF &inWindow) {
    QWindow *window = QGuiApplication::focusWindow();
    if (window == nullptr) return inWindow;
    const QPointF origin = window->mapToGlobal(QPoint(0, 0));
    QRectF rect = inWindow.translated(origin);
    if (QGuiApplication::platformName() == QLatin1String("xcb")) {
        const qreal ratio = window->devicePixelRatio();
        rect = QRectF(rect.x() * ratio, rect.y() * ratio, rect.width() * ratio, rect.height() * ratio);
    }
    return rect;
}

/* How much of AREA (screen coordinates) the keypad covers from its top down and from its bottom
 * up: the keypad is along the top when its middle is above the area's (keypad_keep_in_view.c). */
struct Covered {
    qreal top = 0, bottom = 0;
};

static Covered coveredOf(const QRectF &area, const QRect &keypad) {
    Covered covered;
    if (keypad.isEmpty() || keypad.x() >= area.x() + area.width() || keypad.x() + keypad.width() <= area.x())
        return covered;
    if (2 * keypad.y() + keypad.height() < 2 * area.y() + area.height())
        covered.top = qBound<qreal>(0, keypad.y() + keypad.height() - area.y(), area.height());
    else
        covered.bottom = qBound<qreal>(0, area.y() + area.height() - keypad.y(), area.height());
    return covered;
}

/* The scroll that brings TOP..BOTTOM (the field in its viewport, which is HEIGHT tall) into the
 * part of the viewport the keypad leaves, with room around it; the field's top first when it
 * does not fit. */
static qreal scrollBy(qreal top, qreal bottom, qreal height, const Covered &covered) {
    const qreal first = covered.top, last = height - covered.bottom;
    qreal by = 0;
    if (bottom + REVEAL_MARGIN > last) by = bottom + REVEAL_MARGIN - last;
    if (top - REVEAL_MARGIN - by < first) by = top - REVEAL_MARGIN - first;
    return by;
}

/* A QScrollArea's vertical scroll bar (inside its container, a child of the area). */
static QObject *verticalBarOf(QObject *area) {
    for (QObject *bar : area->findChildren<QObject *>()) {
        if (bar->inherits("QScrollBar") && bar->property("orientation").toInt() == Qt::Vertical &&
            bar->parent() != nullptr && bar->parent()->parent() == area)
            return bar;
    }
    return nullptr;
}

/* The margin the keypad needs on its side, as much as it covers of the viewport, then the field
 * into the rest. */
void KeypadQtKeepInView::measure() {
    if (field_.isNull() || scroller_.isNull() || keypad_.isEmpty()) return;
    if (const KeypadQtWidgets *widgets = keypad_qt_widgets(field_)) {
        if (content_.isNull()) return;
        QObject *viewport = content_->parent();
        const QRectF area(widgets->mapTo(viewport, widgets->window(viewport), QPoint(0, 0)),
                          viewport->property("size").toSize());
        const Covered covered = coveredOf(onScreen(area), keypad_);
        const QMargins margins = widgets->contentsMargins(content_);
        const int top = qRound(baseTop_ + covered.top), bottom = qRound(baseBottom_ + covered.bottom);
        if (margins.top() != top || margins.bottom() != bottom) {
            widgets->setContentsMargins(content_, margins.left(), top, margins.right(), bottom);
            /* The scroll area sizes its widget again (and then this measures again: eventFilter). */
            QCoreApplication::postEvent(scroller_, new QEvent(QEvent::LayoutRequest));
        }
        QObject *bar = verticalBarOf(scroller_);
        if (bar == nullptr) return;
        const int fieldTop = widgets->mapTo(field_, viewport, QPoint(0, 0)).y();
        const int height = field_->property("size").toSize().height();
        const int value = bar->property("value").toInt();
        const int by = qRound(scrollBy(fieldTop, fieldTop + height, area.height(), covered));
        const int target = qBound(bar->property("minimum").toInt(), value + by, bar->property("maximum").toInt());
        if (target != value) bar->setProperty("value", target);
    } else if (const KeypadQtQuick *quick = keypad_qt_quick(field_)) {
        const qreal width = scroller_->property("width").toReal(), height = scroller_->property("height").toReal();
        const QRectF area = quick->mapRectToScene(scroller_, QRectF(0, 0, width, height));
        const Covered covered = coveredOf(onScreen(area), keypad_);
        if (scroller_->property("topMargin").toReal() != baseTop_ + covered.top)
            scroller_->setProperty("topMargin", baseTop_ + covered.top);
        if (scroller_->property("bottomMargin").toReal() != baseBottom_ + covered.bottom)
            scroller_->setProperty("bottomMargin", baseBottom_ + covered.bottom);
        const QRectF field = quick->mapRectToScene(
            field_, QRectF(0, 0, field_->property("width").toReal(), field_->property("height").toReal()));
        const qreal by = scrollBy(field.y() - area.y(), field.y() + field.height() - area.y(), height, covered);
        const qreal low = scroller_->property("originY").toReal() - baseTop_ - covered.top;
        const qreal high = scroller_->property("originY").toReal() + scroller_->property("contentHeight").toReal() +
                           baseBottom_ + covered.bottom - height;
        const qreal value = scroller_->property("contentY").toReal();
        const qreal target = qBound(low, value + by, qMax(low, high));
        if (target != value) scroller_->setProperty("contentY", target);
    }
}

/* Follows FIELD's scroll area, if it is in one. */
void KeypadQtKeepInView::apply(QObject *field) {
    QObject *content = nullptr;
    QObject *scroller = field != nullptr ? scrollerOf(field, &content) : nullptr;
    if (scroller != scroller_ || content != content_) release();
    field_ = field;
    if (scroller == nullptr || keypad_.isEmpty()) return;
    if (scroller_.isNull()) {
        scroller_ = scroller;
        content_ = content;
        const KeypadQtWidgets *widgets = keypad_qt_widgets(field);
        if (widgets != nullptr) {
            const QMargins margins = widgets->contentsMargins(content);
            baseTop_ = margins.top();
            baseBottom_ = margins.bottom();
            content->installEventFilter(this);
            scroller->installEventFilter(this);
        } else {
            baseTop_ = scroller->property("topMargin").toReal();
            baseBottom_ = scroller->property("bottomMargin").toReal();
        }
    }
    measure();
}

/* Gives the scroll area's widget or the Flickable its own margin back. */
void KeypadQtKeepInView::release() {
    if (!scroller_.isNull()) {
        scroller_->removeEventFilter(this);
        if (!content_.isNull()) {
            content_->removeEventFilter(this);
            if (const KeypadQtWidgets *widgets = keypad_qt_widgets(content_)) {
                const QMargins margins = widgets->contentsMargins(content_);
                widgets->setContentsMargins(content_, margins.left(), qRound(baseTop_), margins.right(),
                                            qRound(baseBottom_));
                QCoreApplication::postEvent(scroller_, new QEvent(QEvent::LayoutRequest));
            }
        } else {
            scroller_->setProperty("topMargin", baseTop_);
            scroller_->setProperty("bottomMargin", baseBottom_);
        }
    }
    scroller_ = nullptr;
    content_ = nullptr;
}

bool KeypadQtKeepInView::eventFilter(QObject *watched, QEvent *event) {
    if ((watched == content_ || watched == scroller_) && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, [this] { measure(); });
    return false;
}

void KeypadQtKeepInView::setKeypad(QObject *field, const QRect &keypad) {
    keypad_ = keypad;
    if (keypad_.isEmpty()) {
        release();
        return;
    }
    apply(field);
}

void KeypadQtKeepInView::focus(QObject *field) {
    releasing_ = false;
    if (!keypad_.isEmpty()) apply(field);
}

void KeypadQtKeepInView::blur() {
    if (releasing_ || scroller_.isNull()) return;
    releasing_ = true;
    QTimer::singleShot(0, this, [this] {
        if (!releasing_) return;
        releasing_ = false;
        field_ = nullptr;
        release();
    });
}
