/* The Qt plug-in's transport (keypad_osk_transport.h) over QtDBus, which every Qt app measured
 * maps already: the shared client's messages carried by their signature letters, replies
 * awaited with QDBusPendingCallWatcher (never a blocking call), keypad-osk's signals from a
 * subscription on the interface, and its name's owner from GetNameOwner (asynchronous) then
 * the bus's NameOwnerChanged. Everything runs on the app's main thread, under whatever event
 * dispatcher Qt uses (GLib's or its own). */
#include <QtCore/QCoreApplication>
#include <QtCore/QPointer>
#include <QtDBus/QDBusConnection>
#include <QtDBus/QDBusMessage>
#include <QtDBus/QDBusPendingCallWatcher>

#include "keypad_osk_transport.h"

namespace {

class KeypadQtTransport : public QObject {
    Q_OBJECT

public:
    /* The one transport, made at the first connect and owned by the application object. */
    static KeypadQtTransport *instance();

    void connectBus();
    void send(const KeypadOSKCall &call);

public Q_SLOTS:
    void signalReceived(const QDBusMessage &message);
    void nameOwnerChanged(const QDBusMessage &message);

private:
    explicit KeypadQtTransport(QObject *parent) : QObject(parent) {}
    void busWanted();
    void ownerChanged(const QString &owner);
    void askOwner();

    QDBusConnection bus_ = QDBusConnection(QString());
    bool subscribed_ = false;
    /* Whether NameOwnerChanged has told of a change, which GetNameOwner's answer must not undo. */
    bool ownerChangeSeen_ = false;
};

QPointer<KeypadQtTransport> transport;

KeypadQtTransport *KeypadQtTransport::instance() {
    if (transport.isNull() && QCoreApplication::instance() != nullptr)
        transport = new KeypadQtTransport(QCoreApplication::instance());
    return transport.data();
}

/* ---- Arguments ---- */

QVariantList body(const KeypadOSKCall &call) {
    QVariantList arguments;
    for (int index = 0; call.signature[index] != '\0' && index < KEYPAD_OSK_MAX_ARGS; index++) {
        const KeypadOSKArg &arg = call.args[index];
        switch (call.signature[index]) {
        case 'u':
            arguments << QVariant::fromValue<uint>(arg.u);
            break;
        case 'i':
            arguments << QVariant::fromValue<int>(arg.i);
            break;
        case 't':
            arguments << QVariant::fromValue<qulonglong>(arg.t);
            break;
        case 's':
            arguments << QString::fromUtf8(arg.s);
            break;
        }
    }
    return arguments;
}

/* The message's arguments as basic ones, when they are: their count, else 0. STRINGS keeps the
 * UTF-8 the 's' arguments point into. */
size_t arguments(const QDBusMessage &message, const QByteArray &signature, KeypadOSKArg *args,
                 QList<QByteArray> &strings) {
    const QVariantList values = message.arguments();
    if (values.size() > KEYPAD_OSK_MAX_ARGS || values.size() != signature.size()) return 0;
    for (int index = 0; index < values.size(); index++) {
        const QVariant &value = values.at(index);
        switch (signature.at(index)) {
        case 'u':
            args[index].u = value.toUInt();
            break;
        case 'i':
            args[index].i = value.toInt();
            break;
        case 't':
            args[index].t = value.toULongLong();
            break;
        case 's':
            strings << value.toString().toUtf8();
            args[index].s = strings.last().constData();
            break;
        default:
            return 0;
        }
    }
    return (size_t)values.size();
}

/* ---- The bus ---- */

/* From the event loop, as GIO's g_bus_get answers: the client hears of the bus after the
 * focus-in that asked for it. QDBusConnection::sessionBus() is Qt's one session connection,
 * which Qt's own accessibility and theme code have usually made already. */
void KeypadQtTransport::connectBus() {
    QMetaObject::invokeMethod(this, [this] { busWanted(); }, Qt::QueuedConnection);
}

void KeypadQtTransport::busWanted() {
    bus_ = QDBusConnection::sessionBus();
    if (!bus_.isConnected()) {
        const QByteArray error = bus_.lastError().message().toUtf8();
        keypad_osk_client_bus_ready(error.isEmpty() ? "not connected" : error.constData());
        return;
    }
    /* No service named in either subscription, and no QDBusServiceWatcher: for a named service
     * QtDBus asks the bus for its owner with a blocking call. The senders are checked here
     * (the bus's own name) and by the client (keypad-osk's unique name). */
    if (!subscribed_) {
        subscribed_ = true;
        bus_.connect(QString(), QStringLiteral(KEYPAD_OSK_OBJECT_PATH), QStringLiteral(KEYPAD_OSK_INTERFACE), QString(),
                     this, SLOT(signalReceived(QDBusMessage)));
        bus_.connect(QString(), QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus"),
                     QStringLiteral("NameOwnerChanged"), QStringList{QStringLiteral(KEYPAD_OSK_BUS_NAME)}, QString(),
                     this, SLOT(nameOwnerChanged(QDBusMessage)));
        askOwner();
    }
    keypad_osk_client_bus_ready(nullptr);
}

/* The owner now (NameOwnerChanged tells only of changes): an empty name when nobody owns it. */
void KeypadQtTransport::askOwner() {
    QDBusMessage ask = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"),
                                                      QStringLiteral("/org/freedesktop/DBus"),
                                                      QStringLiteral("org.freedesktop.DBus"), QStringLiteral("GetNameOwner"));
    ask << QStringLiteral(KEYPAD_OSK_BUS_NAME);
    auto *answer = new QDBusPendingCallWatcher(bus_.asyncCall(ask), this);
    QObject::connect(answer, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *call) {
        const QDBusMessage reply = call->reply();
        call->deleteLater();
        if (ownerChangeSeen_) return;
        const bool owned = reply.type() == QDBusMessage::ReplyMessage && !reply.arguments().isEmpty();
        ownerChanged(owned ? reply.arguments().constFirst().toString() : QString());
    });
}

void KeypadQtTransport::ownerChanged(const QString &owner) {
    const QByteArray name = owner.toUtf8();
    keypad_osk_client_owner_changed(owner.isEmpty() ? nullptr : name.constData());
}

/* ---- Calls and signals ---- */

void KeypadQtTransport::send(const KeypadOSKCall &call) {
    QDBusMessage message =
        QDBusMessage::createMethodCall(QStringLiteral(KEYPAD_OSK_BUS_NAME), QStringLiteral(KEYPAD_OSK_OBJECT_PATH),
                                       QStringLiteral(KEYPAD_OSK_INTERFACE), QString::fromLatin1(call.method));
    message.setArguments(body(call));
    if (call.no_reply) {
        if (!bus_.send(message)) { /* QDBusConnection::send asks for no reply */
            const QDBusError error = bus_.lastError();
            keypad_osk_client_replied(&call, nullptr, error.name().toUtf8().constData(),
                                      error.message().toUtf8().constData());
        }
        return;
    }
    /* The answer needs the method only; the arguments' strings are not kept. */
    const KeypadOSKCall kept = {call.method, call.signature, {}, false};
    auto *pending = new QDBusPendingCallWatcher(bus_.asyncCall(message), this);
    QObject::connect(pending, &QDBusPendingCallWatcher::finished, this, [kept](QDBusPendingCallWatcher *answer) {
        const QDBusMessage reply = answer->reply();
        answer->deleteLater();
        if (reply.type() == QDBusMessage::ErrorMessage) {
            keypad_osk_client_replied(&kept, nullptr, reply.errorName().toUtf8().constData(),
                                      reply.errorMessage().toUtf8().constData());
        } else {
            keypad_osk_client_replied(&kept, reply.service().toUtf8().constData(), nullptr, nullptr);
        }
    });
}

/* The bus's NameOwnerChanged for keypad-osk's name (the match's arg0): name, old owner, new. */
void KeypadQtTransport::nameOwnerChanged(const QDBusMessage &message) {
    const QVariantList values = message.arguments();
    if (message.service() != QLatin1String("org.freedesktop.DBus") || message.signature() != QLatin1String("sss") ||
        values.at(0).toString() != QLatin1String(KEYPAD_OSK_BUS_NAME))
        return;
    ownerChangeSeen_ = true;
    ownerChanged(values.at(2).toString());
}

void KeypadQtTransport::signalReceived(const QDBusMessage &message) {
    const QByteArray signature = message.signature().toLatin1();
    KeypadOSKArg args[KEYPAD_OSK_MAX_ARGS];
    QList<QByteArray> strings;
    const size_t count = arguments(message, signature, args, strings);
    keypad_osk_client_signal(message.service().toUtf8().constData(), message.member().toUtf8().constData(),
                             signature.constData(), args, count);
}

} // namespace

/* ---- keypad_osk_transport.h ---- */

void keypad_osk_transport_connect(void) {
    if (KeypadQtTransport *bus = KeypadQtTransport::instance()) bus->connectBus();
}

void keypad_osk_transport_send(const KeypadOSKCall *call) {
    if (KeypadQtTransport *bus = KeypadQtTransport::instance()) bus->send(*call);
}

void keypad_osk_transport_log(const char *line) {
    qWarning("%s", line);
}

#include "keypad_qt_transport.moc"
