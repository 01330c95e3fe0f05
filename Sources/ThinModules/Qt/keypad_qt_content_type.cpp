#include "keypad_qt_content_type.h"

/* The first of Qt's "...Only" hints a field has gives its purpose:
 *
 *   ImhDigitsOnly              DIGITS  (number pad)
 *   ImhFormattedNumbersOnly    NUMBER  (decimal pad)
 *   ImhDialableCharactersOnly  PHONE   (phone pad)
 *   ImhEmailCharactersOnly     EMAIL   (e-mail layout)
 *   ImhUrlCharactersOnly       URL     (URL layout)
 *   ImhDate, ImhTime           DIGITS  (Qt's date and time editors step over their separators)
 *   anything else              FREE_FORM (default layout)
 *
 * ImhHiddenText or ImhSensitiveData (a QLineEdit in Password mode has both) makes the field
 * secure: the HIDDEN_TEXT flag, so no text of it leaves the app. Qt has no hint that asks for
 * no on-screen keyboard; a field that wants none turns input methods off (ImEnabled false). */
KeypadOSKContentType keypad_qt_content_type(Qt::InputMethodHints hints, bool multiLine) {
    static const struct {
        Qt::InputMethodHint hint;
        unsigned purpose;
    } purposes[] = {
        {Qt::ImhDigitsOnly, KEYPAD_OSK_PURPOSE_DIGITS},
        {Qt::ImhFormattedNumbersOnly, KEYPAD_OSK_PURPOSE_NUMBER},
        {Qt::ImhDialableCharactersOnly, KEYPAD_OSK_PURPOSE_PHONE},
        {Qt::ImhEmailCharactersOnly, KEYPAD_OSK_PURPOSE_EMAIL},
        {Qt::ImhUrlCharactersOnly, KEYPAD_OSK_PURPOSE_URL},
        {Qt::ImhDate, KEYPAD_OSK_PURPOSE_DIGITS},
        {Qt::ImhTime, KEYPAD_OSK_PURPOSE_DIGITS},
    };
    KeypadOSKContentType type = {KEYPAD_OSK_PURPOSE_FREE_FORM, 0, 0};
    for (const auto &row : purposes) {
        if (hints.testFlag(row.hint)) {
            type.purpose = row.purpose;
            break;
        }
    }
    if (hints & (Qt::ImhHiddenText | Qt::ImhSensitiveData)) type.flags |= KEYPAD_OSK_FLAG_HIDDEN_TEXT;
    if (multiLine || hints.testFlag(Qt::ImhMultiLine)) type.flags |= KEYPAD_OSK_FLAG_MULTILINE;
    return type;
}
