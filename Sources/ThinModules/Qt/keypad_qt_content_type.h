/* Qt's input-method hints as org.keypad.OSK1's content type (docs/qt.md). The one place the
 * plug-in reads Qt's hints: keypad-osk alone maps the purposes to pads (Sources/KeypadOSK). */
#pragma once

#include <QtCore/qnamespace.h>

#include "keypad_osk_client.h" /* C, extern "C" in C++ */

/* The content type of a field whose hints are HINTS; MULTI_LINE when Return adds a newline. */
KeypadOSKContentType keypad_qt_content_type(Qt::InputMethodHints hints, bool multiLine);
