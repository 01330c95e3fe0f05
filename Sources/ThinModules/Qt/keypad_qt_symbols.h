/* Functions of QtWidgets and QtQuick the plug-in calls where the app has them: the focus chain
 * (keypad_qt_focus_chain.cpp) and the field kept in view (keypad_qt_keep_in_view.cpp). They are
 * found at run time in the library the app itself mapped (dlopen with RTLD_NOLOAD, dlsym), so
 * the plug-in links neither and maps neither into an app that does not use it (a QML app maps
 * no QtWidgets; docs/qt.md, "What an app pays"). Each is a non-virtual member function called
 * as a plain function with the object first (the Itanium C++ ABI's way); QWidget and
 * QQuickItem both have QObject as their first base, so their pointers are the QObject's. A
 * function not found (an app without that library, a Qt that renamed it) is NULL, and what
 * needs it is left undone. */
#pragma once

#include <QtCore/QMargins>
#include <QtCore/QObject>
#include <QtCore/QPoint>
#include <QtCore/QRectF>

/* QtWidgets' QWidget. */
struct KeypadQtWidgets {
    QObject *(*nextInFocusChain)(const QObject *widget);
    QObject *(*window)(const QObject *widget);
    QObject *(*focusProxy)(const QObject *widget);
    void (*setFocus)(QObject *widget, Qt::FocusReason reason);
    QPoint (*mapTo)(const QObject *widget, const QObject *parent, const QPoint &point);
    QMargins (*contentsMargins)(const QObject *widget);
    void (*setContentsMargins)(QObject *widget, int left, int top, int right, int bottom);
};

/* QtQuick's QQuickItem. */
struct KeypadQtQuick {
    QObject *(*nextItemInFocusChain)(QObject *item, bool forward);
    void (*forceActiveFocus)(QObject *item, Qt::FocusReason reason);
    QRectF (*mapRectToScene)(const QObject *item, const QRectF &rect);
};

/* QWidget's functions when OBJECT is a widget and the app has QtWidgets, else NULL. */
const KeypadQtWidgets *keypad_qt_widgets(const QObject *object);
/* QQuickItem's functions when OBJECT is a QML item and the app has QtQuick, else NULL. */
const KeypadQtQuick *keypad_qt_quick(const QObject *object);
