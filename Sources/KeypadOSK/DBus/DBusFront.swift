import CGTK
import Foundation
import KeypadGTK
import KeypadResources

/// keypad-osk's session D-Bus front: org.keypad.OSK1 (docs/gtk4.md), for the thin
/// modules (the GTK 3 and GTK 4 input-method modules, the Qt plug-in). It owns the name (D-Bus activation starts
/// keypad-osk for the first field that takes focus), keeps one ``DBusClient`` per app
/// connection, and forgets an app whose unique name leaves the bus (it quit or crashed),
/// so no keypad stays behind.
@MainActor
public final class DBusFront {
    static let busName = "org.keypad.OSK1"
    static let objectPath = "/org/keypad/OSK1"
    static let interfaceName = "org.keypad.OSK1"
    /// More apps than this at once: a new one's calls get an error (docs/gtk4.md, Bounds).
    static let maximumClients = 256

    /// The front started by ``start(service:)``: one per process.
    private static var current: DBusFront?

    private let service: OSKService
    private let connection: OpaquePointer
    private var clients: [String: DBusClient] = [:]
    /// Called when keypad-osk never got the bus name (another keypad-osk has it: true), or
    /// lost it with the session bus going away (false).
    public var nameLost: ((_ takenByAnother: Bool) -> Void)?
    private var ownsName = false
    /// Where the focused field is on X11: its toplevel X window and the caret in it, whether
    /// the app keeps the field in view itself (the keypad then keeps its edge), and what it
    /// does to the keypad's stacking (a field that has just taken focus: stacked again).
    public var fieldMoved:
        ((_ window: UInt64, _ cursor: GdkRectangle, _ keepsItselfInView: Bool, _ stacking: X11Stacking) -> Void)?
    /// The client whose last FocusIn the service has not been told of yet: it is told once
    /// per main-loop turn, of the last field (``focusSoon(_:)``).
    private weak var pendingFocus: DBusClient?
    private var focusScheduled = false

    private init(service: OSKService, connection: OpaquePointer) {
        self.service = service
        self.connection = connection
    }

    /// Exports org.keypad.OSK1 on the session bus and asks for its name; nil (with one line
    /// on standard error) when there is no session bus or the interface cannot be read.
    @discardableResult
    public static func start(service: OSKService) -> DBusFront? {
        if let current { return current }
        guard let connection = SessionBus.connection(), let interface = loadInterface() else { return nil }
        let front = DBusFront(service: service, connection: connection)
        let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, sender, _, _, method, parameters, invocation, _ in
            guard let sender, let method, let parameters, let invocation else { return }
            let name = String(cString: sender)
            let call = String(cString: method)
            MainActor.assumeIsolated {
                DBusFront.current?.handle(call, from: name, GVariantArguments(tuple: parameters), invocation)
            }
        }
        var error: UnsafeMutablePointer<GError>?
        guard g_dbus_connection_register_object(connection, objectPath, interface, vtable, nil, nil, &error) != 0
        else {
            Log.warning("could not export \(objectPath): \(message(of: error))")
            return nil
        }
        current = front
        g_bus_own_name_on_connection(
            connection, busName, G_BUS_NAME_OWNER_FLAGS_NONE,
            { _, _, _ in MainActor.assumeIsolated { DBusFront.current?.ownsName = true } },
            { _, _, _ in MainActor.assumeIsolated { DBusFront.current?.lostName() } }, nil, nil)
        return front
    }

    /// The interface from Resources/dbus/org.keypad.OSK1.xml in the resource bundle.
    private static func loadInterface() -> UnsafeMutablePointer<GDBusInterfaceInfo>? {
        guard
            let url = KeypadResources.bundle.url(forResource: busName, withExtension: "xml", subdirectory: "dbus"),
            let xml = try? String(contentsOf: url, encoding: .utf8)
        else {
            Log.warning("\(busName).xml is not bundled: no D-Bus interface")
            return nil
        }
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            Log.warning("\(busName).xml: \(message(of: error))")
            return nil
        }
        return g_dbus_node_info_lookup_interface(node, interfaceName)
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    }

    private func lostName() {
        nameLost?(!ownsName)
        ownsName = false
    }

    // MARK: - Method calls

    private func handle(
        _ method: String, from sender: String, _ arguments: GVariantArguments, _ invocation: OpaquePointer
    ) {
        if clients[sender] == nil, clients.count >= Self.maximumClients {
            return fail(invocation, "too many clients (\(Self.maximumClients))")
        }
        let client = clients[sender] ?? add(sender)
        switch method {
        case "FocusIn":
            IMTrace.write("dbus focus-in \(sender) purpose=\(arguments.uint32(0)) hints=\(arguments.uint32(1))")
            client.wire = OSKWireField(
                purpose: arguments.uint32(0), hints: arguments.uint32(1), flags: arguments.uint32(2))
            client.hasFocus = true
            client.window = arguments.uint64(3)
            if let rect = arguments.rectangle(from: 4) { client.cursorRect = rect }
            focusSoon(client)
        case "FocusOut":
            guard client.hasFocus else { break }
            IMTrace.write("dbus focus-out \(sender)")
            client.hasFocus = false
            if pendingFocus === client { pendingFocus = nil }
            service.focusOut(client)
        case "SetContentType":
            client.wire.purpose = arguments.uint32(0)
            client.wire.hints = arguments.uint32(1)
            client.wire.flags = arguments.uint32(2)
            client.wire.forgetTextIfSecure()
            if isFocused(client) { service.update(client, field: client.wire.field) }
        case "SetSurroundingText":
            do {
                try client.wire.setText(arguments.string(0), cursor: arguments.int32(1), anchor: arguments.int32(2))
            } catch {
                if isFocused(client) { service.update(client, field: client.wire.field) }
                return fail(invocation, "surrounding text refused: \(error)")
            }
            if isFocused(client) { service.update(client, field: client.wire.field) }
        case "SetCursorRect":
            moved(client, window: arguments.uint64(0), rect: arguments.rectangle(from: 1))
        default:
            return fail(invocation, "no method \(method)")
        }
        g_dbus_method_invocation_return_value(invocation, nil)
    }

    private func moved(
        _ client: DBusClient, window: UInt64, rect: GdkRectangle?, stacking: X11Stacking = .ifNewWindow
    ) {
        client.window = window
        if let rect { client.cursorRect = rect }
        if isFocused(client) { fieldMoved?(window, client.cursorRect, client.wire.keepsItselfInView, stacking) }
    }

    /// Whether the service stands for `client`'s focused field: it has focus, and the service
    /// was told (the last FocusIn is not waiting for the next turn). Updates before then reach
    /// the service with that FocusIn, as the field's latest state.
    private func isFocused(_ client: DBusClient) -> Bool {
        client.hasFocus && pendingFocus !== client
    }

    /// Tells the service of `client`'s FocusIn at the next main-loop turn, before anything
    /// else the loop has to do, once for every FocusIn of that turn: an app moving focus many
    /// times in one turn of its own loop (a burst, a rogue app) costs keypad-osk one begin of
    /// editing per turn, so it keeps up with the app and its queue of messages stays short.
    /// Measured (#31): told at each of 9 000 FocusIns in a row, keypad-osk fell thousands of
    /// messages behind on a loaded machine and kept the queue's memory (+6 to 20 MB).
    private func focusSoon(_ client: DBusClient) {
        pendingFocus = client
        guard !focusScheduled else { return }
        focusScheduled = true
        MainLoop.soon { [weak self] in
            guard let self else { return }
            self.focusScheduled = false
            guard let client = self.pendingFocus, client.hasFocus else { return }
            self.pendingFocus = nil
            // Placed before the keypad shows (its monitor), and after (its window, now realized,
            // stacked above the field's): once per FocusIn, also when the field's window is
            // another one than last time.
            self.moved(client, window: client.window, rect: nil, stacking: .unchanged)
            self.service.focusIn(client, field: client.wire.field)
            self.moved(client, window: client.window, rect: nil, stacking: .again)
        }
    }

    private func fail(_ invocation: OpaquePointer, _ message: String) {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.InvalidArgs", message)
    }

    // MARK: - Clients coming and going

    private func add(_ uniqueName: String) -> DBusClient {
        let client = DBusClient(uniqueName: uniqueName, connection: connection)
        clients[uniqueName] = client
        // Called at once when the name is already gone: an app that crashed between its call
        // and this watch leaves nothing behind either.
        client.watch = g_bus_watch_name_on_connection(
            connection, uniqueName, G_BUS_NAME_WATCHER_FLAGS_NONE, nil,
            { _, name, _ in
                guard let name else { return }
                let uniqueName = String(cString: name)
                MainActor.assumeIsolated { DBusFront.current?.vanished(uniqueName) }
            }, nil, nil)
        return client
    }

    private func vanished(_ uniqueName: String) {
        guard let client = clients.removeValue(forKey: uniqueName) else { return }
        IMTrace.write("dbus vanished \(uniqueName)")
        if pendingFocus === client { pendingFocus = nil }
        if client.watch != 0 { g_bus_unwatch_name(client.watch) }
        client.hasFocus = false
        service.clientVanished(client)
    }
}
