/* KeypadFrame for a Qt field (docs/qt.md): the focused field kept in view beside keypad-osk's
 * keypad where its app can scroll it, by the GTK modules' rule (keypad_keep_in_view.c): the
 * keypad is on the side of the scroll area its middle is on (below the area's middle: along the
 * bottom; above it: along the top, keypad-osk --position top or auto off a caret). In a
 * QScrollArea (widgets) the scroll area's widget gets a contents margin on that side, in a
 * Flickable (QML) the Flickable a bottomMargin or topMargin, as tall as the keypad covers of it,
 * and the field (8 px of room around it) is scrolled into the rest, again after each new layout;
 * the margin goes back once no field of the app has the keypad. One keypad, one focused field
 * per app. A field outside any scroll area is left where it is. */
#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QRect>

class KeypadQtKeepInView : public QObject {
public:
    /* Whether FIELD is inside a QScrollArea or a Flickable: FocusIn's flag 0x10. */
    static bool canKeepInView(QObject *field);
    /* KeypadFrame: the keypad is at KEYPAD (screen coordinates; empty: none shows) while FIELD
     * has focus. */
    void setKeypad(QObject *field, const QRect &keypad);
    /* FIELD took focus. */
    void focus(QObject *field);
    /* No field of the app has focus: the margin goes back once the event loop has run, so a
     * move from field to field keeps it. */
    void blur();

protected:
    /* The scroll area's widget laid out again, the scroll area resized: measured again. */
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void apply(QObject *field);
    void measure();
    void release();

    QRect keypad_;
    /* The field; its QScrollArea or Flickable; the scroll area's widget (widgets only). */
    QPointer<QObject> field_, scroller_, content_;
    /* The margins the app gave (a QScrollArea's widget's top and bottom contents margins, a
     * Flickable's topMargin and bottomMargin). */
    qreal baseTop_ = 0, baseBottom_ = 0;
    bool releasing_ = false;
};
