import CGTK

/// The one connection to the session bus that keypad-osk's D-Bus fronts share (org.keypad.OSK1
/// and sm.puri.OSK0 own their names on it).
@MainActor
public enum SessionBus {
    private static var cached: OpaquePointer?
    private static var tried = false

    /// The session bus connection (a `GDBusConnection *`), made at the first call; nil when
    /// there is no session bus, with one line on standard error saying why.
    public static func connection() -> OpaquePointer? {
        if tried { return cached }
        tried = true
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            Log.warning("no session bus (\(message)): no D-Bus interface")
            return nil
        }
        cached = connection
        return connection
    }
}
