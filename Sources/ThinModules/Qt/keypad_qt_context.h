/* The "keypad" platform input context: the focused Qt field handed to keypad-osk through the
 * thin modules' shared client (Sources/ThinModules/Client), and what keypad-osk sends back
 * applied to it (docs/qt.md). Qt's physical keys never pass through it: Qt delivers them
 * itself, as with no input method. */
#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <qpa/qplatforminputcontext.h>

#include "keypad_osk_client.h" /* C, extern "C" in C++ */
#include "keypad_qt_keep_in_view.h"

class KeypadInputContext : public QPlatformInputContext {
public:
    KeypadInputContext();
    ~KeypadInputContext() override;

    bool isValid() const override;
    /* HiddenTextCapability too: a password field gets the keypad (its text stays here). */
    bool hasCapability(Capability capability) const override;
    void setFocusObject(QObject *object) override;
    void update(Qt::InputMethodQueries queries) override;
    /* Qt asks for the input panel: a tap on the focused field (QLineEdit, a QML TextInput) after
     * the keypad was dismissed brings it back. */
    void showInputPanel() override;
    bool isInputPanelVisible() const override;
    /* Where the keypad is, in the focused window's coordinates (QInputMethod::keyboardRectangle). */
    QRectF keyboardRect() const override;

    /* What keypad-osk asks (KeypadOSKFieldOps). */
    void describe();
    void commitText(const QString &text);
    void deleteSurrounding(int offset, unsigned count);
    void sendKey(int key); /* Qt::Key_Return or Qt::Key_Backspace */
    void moveFocus(int direction);
    /* Done or the dismiss key hid the keypad: the field keeps focus. */
    void dismiss();
    /* KeypadFrame: the keypad's frame on screen (width 0: none shows). */
    void keypadFrame(const QRect &frame);

private:
    struct Surrounding {
        QString text;
        int cursor = 0, anchor = 0; /* UTF-16 positions, as Qt counts */
        bool valid = false;
    };
    Surrounding surrounding() const;
    KeypadOSKContentType contentType() const;
    KeypadOSKCaret caret() const;
    void sendSurrounding();
    void sendUpdates();

    QPointer<QObject> focusObject_;
    bool focused_ = false;
    bool dismissed_ = false;
    /* The field's place in its focus chain and whether it is kept in view (FocusIn's flags
     * 0x4, 0x20, 0x40, 0x10), found at its FocusIn. */
    unsigned placeFlags_ = 0;
    QRect keypad_;
    KeypadQtKeepInView keepInView_;
    bool updatesPending_ = false;
    KeypadOSKContentType sentType_ = {};
};
