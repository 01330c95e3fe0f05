/* The plug-in Qt loads for QT_IM_MODULE=keypad (platforminputcontexts/, key "keypad"). */
#include <qpa/qplatforminputcontextplugin_p.h>

#include "keypad_qt_context.h"

class KeypadInputContextPlugin : public QPlatformInputContextPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID QPlatformInputContextFactoryInterface_iid FILE "keypad.json")

public:
    QPlatformInputContext *create(const QString &key, const QStringList &) override;
};

QPlatformInputContext *KeypadInputContextPlugin::create(const QString &key, const QStringList &) {
    if (key.compare(QLatin1String("keypad"), Qt::CaseInsensitive) != 0) return nullptr;
    return new KeypadInputContext();
}

#include "keypad_qt_plugin.moc"
