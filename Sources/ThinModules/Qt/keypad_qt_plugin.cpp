/* The plug-in Qt loads for QT_IM_MODULE=keypad (platforminputcontexts/, key "keypad"). */
#include <QtCore/QAbstractEventDispatcher>
#include <QtCore/QThread>
#include <QtGui/QGuiApplication>
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
 * without GLib) nothing would ever answer it, so there is no input context at all: Qt then
 * delivers the physical keys itself, and the app says why once. */
QPlatformInputContext *KeypadInputContextPlugin::create(const QString &key, const QStringList &) {
    if (key.compare(QLatin1String("keypad"), Qt::CaseInsensitive) != 0) return nullptr;
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance(QThread::currentThread());
    if (dispatcher == nullptr || !dispatcher->inherits("QEventDispatcherGlib")) {
        qWarning("keypad: Qt's event loop does not run GLib's (QT_NO_GLIB is set?); no keypad in this app, "
                 "physical keys still work");
        return nullptr;
    }
    return new KeypadInputContext();
}

#include "keypad_qt_plugin.moc"
