import CGTK

/// The signal handlers one owner connected, so it can disconnect every one of them
/// (a binding giving its widget back to plain GTK).
@MainActor
final class SignalConnections {
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []

    /// Keeps `id`, a handler connected on `instance`.
    func keep(_ instance: UnsafeMutableRawPointer, _ id: gulong) {
        if id != 0 { handlers.append((instance, id)) }
    }

    /// Disconnects every kept handler (each box is released by its closure notify).
    func disconnectAll() {
        for handler in handlers where g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
            g_signal_handler_disconnect(handler.instance, handler.id)
        }
        handlers = []
    }
}
