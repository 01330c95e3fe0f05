/* The toolbar's previous and next for a Qt field (docs/qt.md): the fields before and after it in
 * its window's focus chain, as FocusIn's flags say them (0x4, with 0x20 for the first field and
 * 0x40 for the last), and focus moved to one as Tab and Shift-Tab move it, without the key (a
 * QPlainTextEdit or a QML TextArea would take a Tab as text). Widgets and QML items. */
#pragma once

#include <QtCore/QObject>

/* FOCUS_CHAIN with FIRST_IN_CHAIN or LAST_IN_CHAIN where FIELD has no field on that side; 0 for a
 * field alone in its window, or neither a widget nor a QML item. */
unsigned keypad_qt_focus_chain_flags(QObject *field);
/* Focus to the field before (DIRECTION -1) or after (+1) FIELD, if there is one. */
void keypad_qt_move_focus(QObject *field, int direction);
