#include "keypad_qt_focus_chain.h"

#include <algorithm>

#include <QtCore/QCoreApplication>
#include <QtCore/QSet>
#include <QtCore/QVariant>
#include <QtGui/QInputMethodQueryEvent>

#include "keypad_osk_client.h"
#include "keypad_qt_symbols.h"

/* The longest focus chain walked: a window with more widgets than this gets no neighbours
 * past them. */
static const int MAX_CHAIN = 4096;

/* Whether OBJECT takes input-method events (a text field, not a button or a read-only field). */
static bool takesInput(QObject *object) {
    QInputMethodQueryEvent query(Qt::ImEnabled);
    QCoreApplication::sendEvent(object, &query);
    return query.value(Qt::ImEnabled).toBool();
}

/* Widgets: the fields in the order Tab visits them, from the window (where the chain starts
 * and ends) round to it; FIELD among them. As Qt's Tab, a widget counts that takes Tab focus,
 * is enabled and visible, in the same window, with no focus proxy (QSpinBox's line edit is
 * the field). */
static QList<QObject *> widgetFields(QObject *field, const KeypadQtWidgets &widgets) {
    QObject *window = widgets.window(field);
    QList<QObject *> fields;
    QObject *at = window;
    for (int steps = 0; steps < MAX_CHAIN; steps++) {
        at = widgets.nextInFocusChain(at);
        if (at == nullptr || at == window) break;
        if (at == field ||
            (widgets.window(at) == window && widgets.focusProxy(at) == nullptr &&
             (at->property("focusPolicy").toInt() & Qt::TabFocus) && at->property("enabled").toBool() &&
             at->property("visible").toBool() && takesInput(at)))
            fields.append(at);
    }
    if (!fields.contains(field)) return {};
    return fields;
}

/* OBJECT and its ancestors, the root first. */
static QList<QObject *> lineage(QObject *object) {
    QList<QObject *> line;
    for (int depth = 0; object != nullptr && depth < MAX_CHAIN; object = object->parent(), depth++) line.prepend(object);
    return line;
}

/* Whether A comes before B in their QML document (the order Tab follows): an ancestor before its
 * descendants, siblings in the order they were made. */
static bool comesBefore(QObject *a, QObject *b) {
    const QList<QObject *> lineA = lineage(a), lineB = lineage(b);
    int common = 0;
    while (common < lineA.size() && common < lineB.size() && lineA[common] == lineB[common]) common++;
    if (common == lineA.size() || common == lineB.size()) return lineA.size() < lineB.size();
    if (common == 0) return false; /* not in one document */
    const QObjectList &siblings = lineA[common - 1]->children();
    return siblings.indexOf(lineA[common]) < siblings.indexOf(lineB[common]);
}

/* QML: the fields Tab visits (QQuickItem's own chain, which wraps round the window) in document
 * order, with FIELD among them (a bare TextInput is not in the chain by default, yet has a
 * place in the document). */
static QList<QObject *> itemFields(QObject *field, const KeypadQtQuick &quick) {
    QList<QObject *> fields = {field};
    QSet<QObject *> seen = {field};
    QObject *at = field;
    for (int steps = 0; steps < MAX_CHAIN; steps++) {
        at = quick.nextItemInFocusChain(at, true);
        if (at == nullptr || seen.contains(at)) break;
        seen.insert(at);
        if (takesInput(at)) fields.append(at);
    }
    std::stable_sort(fields.begin(), fields.end(), comesBefore);
    return fields;
}

/* FIELD's window's fields in Tab's order, FIELD among them; none for a field Qt has no chain for. */
static QList<QObject *> chainOf(QObject *field) {
    QList<QObject *> fields;
    if (const KeypadQtWidgets *widgets = keypad_qt_widgets(field))
        fields = widgetFields(field, *widgets);
    else if (const KeypadQtQuick *quick = keypad_qt_quick(field))
        fields = itemFields(field, *quick);
    return fields;
}

unsigned keypad_qt_focus_chain_flags(QObject *field) {
    const QList<QObject *> fields = chainOf(field);
    const int at = (int)fields.indexOf(field);
    if (at < 0 || fields.size() < 2) return 0;
    return KEYPAD_OSK_FLAG_FOCUS_CHAIN | (at == 0 ? KEYPAD_OSK_FLAG_FIRST_IN_CHAIN : 0) |
           (at == fields.size() - 1 ? KEYPAD_OSK_FLAG_LAST_IN_CHAIN : 0);
}

void keypad_qt_move_focus(QObject *field, int direction) {
    const QList<QObject *> fields = chainOf(field);
    const int at = (int)fields.indexOf(field);
    if (at < 0 || at + direction < 0 || at + direction >= fields.size()) return;
    QObject *target = fields[at + direction];
    const Qt::FocusReason reason = direction < 0 ? Qt::BacktabFocusReason : Qt::TabFocusReason;
    if (const KeypadQtWidgets *widgets = keypad_qt_widgets(target))
        widgets->setFocus(target, reason);
    else if (const KeypadQtQuick *quick = keypad_qt_quick(target))
        quick->forceActiveFocus(target, reason);
}
