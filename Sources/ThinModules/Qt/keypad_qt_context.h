/* The "keypad" platform input context: the focused Qt field handed to keypad-osk through the
 * thin modules' shared client (Sources/ThinModules/Client), and what keypad-osk sends back
 * applied to it (docs/qt.md). Qt's physical keys never pass through it: Qt delivers them
 * itself, as with no input method. */
#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <qpa/qplatforminputcontext.h>

#include "keypad_osk_client.h" /* C, extern "C" through its G_BEGIN_DECLS */

/* Whether Qt's event dispatcher on this thread runs GLib's main loop, which the shared client
 * needs: 1 yes; 0 no (QT_NO_GLIB=1, a Qt built without GLib), said once on standard error; -1
 * not known yet: Qt 5's Wayland platform makes its input context before its dispatcher. */
int keypad_qt_glib_loop_runs();

class KeypadInputContext : public QPlatformInputContext {
public:
    KeypadInputContext();
    ~KeypadInputContext() override;

    bool isValid() const override;
    /* HiddenTextCapability too: a password field gets the keypad (its text stays here). */
    bool hasCapability(Capability capability) const override;
    void setFocusObject(QObject *object) override;
    void update(Qt::InputMethodQueries queries) override;

    /* What keypad-osk asks (KeypadOSKFieldOps). */
    void describe();
    void commitText(const QString &text);
    void deleteSurrounding(int offset, unsigned count);
    void sendKey(int key);

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
    bool updatesPending_ = false;
    KeypadOSKContentType sentType_ = {};
};
