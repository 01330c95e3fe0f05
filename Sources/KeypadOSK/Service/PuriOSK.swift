import CGTK
import Foundation

/// `sm.puri.OSK0` on the session bus, as squeekboard and Stevia offer it: the `Visible`
/// property and `SetVisible(b)`, so panel buttons and scripts that toggle the on-screen
/// keyboard work unchanged. `SetVisible(true)` shows the keypad for the focused field (when
/// one is focused); `SetVisible(false)` hides it until the next focus.
@MainActor
public final class PuriOSK {
    public static let busName = "sm.puri.OSK0"
    public static let objectPath = "/sm/puri/OSK0"
    private static let interfaceXML = """
        <node><interface name="sm.puri.OSK0">\
        <method name="SetVisible"><arg type="b" name="visible" direction="in"/></method>\
        <property name="Visible" type="b" access="read"/>\
        </interface></node>
        """
    private static var shared: PuriOSK?

    private let connection: OpaquePointer
    private let service: OSKService

    private init(connection: OpaquePointer, service: OSKService) {
        self.connection = connection
        self.service = service
    }

    /// Exports the interface and asks for the name on the session bus (``SessionBus``); false
    /// (with a line on standard error) when there is no bus or the object cannot be exported.
    /// While another keyboard owns the name, keypad-osk waits in the queue for it.
    @discardableResult
    public static func start(service: OSKService) -> Bool {
        guard shared == nil, let connection = SessionBus.connection() else { return shared != nil }
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error), let interface = node.pointee.interfaces[0]
        else {
            Log.warning("sm.puri.OSK0: \(message(of: error))")
            return false
        }
        let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, _, _, _, method, parameters, invocation, _ in
            MainActor.assumeIsolated { PuriOSK.shared?.call(method, parameters, invocation) }
        }
        vtable.pointee.get_property = { _, _, _, _, _, _, _ in
            let visible = MainActor.assumeIsolated { PuriOSK.shared?.service.isVisible == true }
            return g_variant_new_boolean(visible ? 1 : 0)
        }
        let puri = PuriOSK(connection: connection, service: service)
        shared = puri
        guard g_dbus_connection_register_object(connection, objectPath, interface, vtable, nil, nil, &error) != 0 else {
            Log.warning("sm.puri.OSK0: \(message(of: error))")
            shared = nil
            return false
        }
        g_bus_own_name_on_connection(connection, busName, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
        let earlier = service.visibilityChanged
        service.visibilityChanged = { visible in
            earlier?(visible)
            PuriOSK.shared?.emitVisible(visible)
        }
        return true
    }

    private func call(_ method: UnsafePointer<gchar>?, _ parameters: OpaquePointer?, _ invocation: OpaquePointer?) {
        guard let method, String(cString: method) == "SetVisible", let parameters,
            g_variant_n_children(parameters) == 1, let argument = g_variant_get_child_value(parameters, 0)
        else {
            g_dbus_method_invocation_return_dbus_error(
                invocation, "org.freedesktop.DBus.Error.UnknownMethod", "sm.puri.OSK0 has SetVisible(b) alone")
            return
        }
        let visible = g_variant_get_boolean(argument) != 0
        g_variant_unref(argument)
        g_dbus_method_invocation_return_value(invocation, nil)
        service.setVisible(visible)
    }

    /// org.freedesktop.DBus.Properties.PropertiesChanged for `Visible`.
    private func emitVisible(_ visible: Bool) {
        let dictionaryType = g_variant_type_new("{sv}")
        let stringType = g_variant_type_new("s")
        defer {
            g_variant_type_free(dictionaryType)
            g_variant_type_free(stringType)
        }
        var entries: [OpaquePointer?] = [
            g_variant_new_dict_entry(
                g_variant_new_string("Visible"), g_variant_new_variant(g_variant_new_boolean(visible ? 1 : 0)))
        ]
        var children: [OpaquePointer?] = [
            g_variant_new_string(Self.busName), g_variant_new_array(dictionaryType, &entries, 1),
            g_variant_new_array(stringType, nil, 0),
        ]
        g_dbus_connection_emit_signal(
            connection, nil, Self.objectPath, "org.freedesktop.DBus.Properties", "PropertiesChanged",
            g_variant_new_tuple(&children, 3), nil)
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    }
}
