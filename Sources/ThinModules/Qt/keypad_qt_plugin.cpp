/* The plug-in Qt loads for QT_IM_MODULE=keypad (platforminputcontexts/, key "keypad"). */
#include <qpa/qplatforminputcontextplugin_p.h>

#include "keypad_qt_context.h"

class KeypadInputContextPlugin : public QPlatformInputContextPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID QPlatformInputContextFactoryInterface_iid FILE "keypad.json")

public:
    QPlatformInputContext *create(const QString &key, const QStringList &) override;
};

/* The shared client runs on GLib's main context: Qt's GLib event dispatcher (its default on
 * Linux) iterates it on the main thread. Under another dispatcher (QT_NO_GLIB=1, a Qt built
 * without GLib) nothing would ever answer it: where that is known now (xcb makes its dispatcher
 * first) there is no input context at all and Qt falls back to its own; where it is not yet
 * (Qt 5 on Wayland) the context stays inert from the first focus. Either way the physical keys
 * work and the app says why once. */
QPlatformInputContext *KeypadInputContextPlugin::create(const QString &key, const QStringList &) {
    if (key.compare(QLatin1String("keypad"), Qt::CaseInsensitive) != 0) return nullptr;
    if (keypad_qt_glib_loop_runs() == 0) return nullptr;
    return new KeypadInputContext();
}

#include "keypad_qt_plugin.moc"
