import CGTK
import KeypadOSK

/// `keypad-osk --show`, `--hide`, `--toggle` (#35): sm.puri.OSK0's SetVisible on the session
/// bus, to the keypad-osk already running (or squeekboard, which offers the same), as a
/// panel's keyboard button calls it. No display is opened.
@MainActor
enum OSKRemote {
    /// How long a call may take before the keyboard counts as not answering.
    static let timeoutMilliseconds: Int32 = 5000

    /// Sends `request`; the exit status: 0, or ``OSKExit/noKeyboard`` with one line on standard error.
    static func send(_ request: OSKRequest) -> Int32 {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            return fail("no session bus (\(message(of: error)))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let visible: Bool
        switch request {
        case .show: visible = true
        case .hide: visible = false
        case .toggle:
            guard let shown = isVisible(connection, &error) else {
                return fail("no keyboard answers on the session bus (\(message(of: error)))")
            }
            visible = !shown
        }
        var arguments: [OpaquePointer?] = [g_variant_new_boolean(visible ? 1 : 0)]
        guard let reply = call(connection, PuriOSK.busName, "SetVisible", g_variant_new_tuple(&arguments, 1), &error)
        else {
            return fail("no keyboard answers on the session bus (\(message(of: error)))")
        }
        g_variant_unref(reply)
        return 0
    }

    /// sm.puri.OSK0's `Visible`; nil when the call failed.
    private static func isVisible(_ connection: OpaquePointer, _ error: inout UnsafeMutablePointer<GError>?) -> Bool? {
        var arguments: [OpaquePointer?] = [g_variant_new_string(PuriOSK.busName), g_variant_new_string("Visible")]
        guard
            let reply = call(
                connection, "org.freedesktop.DBus.Properties", "Get", g_variant_new_tuple(&arguments, 2), &error)
        else { return nil }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) == 1, let boxed = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(boxed) }
        guard let value = g_variant_get_variant(boxed) else { return nil }
        defer { g_variant_unref(value) }
        guard let type = g_variant_get_type_string(value), String(cString: type) == "b" else { return nil }
        return g_variant_get_boolean(value) != 0
    }

    private static func call(
        _ connection: OpaquePointer, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        _ error: inout UnsafeMutablePointer<GError>?
    ) -> OpaquePointer? {
        g_dbus_connection_call_sync(
            connection, PuriOSK.busName, PuriOSK.objectPath, interface, method, parameters, nil,
            G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, &error)
    }

    private static func fail(_ line: String) -> Int32 {
        Log.warning(line)
        return OSKExit.noKeyboard.rawValue
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    }
}
