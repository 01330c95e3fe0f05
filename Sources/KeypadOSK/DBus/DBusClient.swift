import CGTK
import Foundation

/// One app on the session bus (one connection, known by its unique name) as the service
/// sees it: its focused field, and org.keypad.OSK1's signals sent to it alone.
@MainActor
final class DBusClient: OSKClient {
    /// The app's unique bus name (":1.42"); names the client in the trace.
    let uniqueName: String
    var traceName: String { "dbus \(uniqueName)" }
    /// The field as the app last described it.
    var wire = OSKWireField()
    /// Whether one of the app's fields has focus (between FocusIn and FocusOut).
    var hasFocus = false
    /// The app's toplevel X window and the caret in it, for the keypad's monitor.
    var window: UInt64 = 0
    var cursorRect = GdkRectangle()
    /// The watch on ``uniqueName`` (g_bus_watch_name), 0 when none.
    var watch: guint = 0
    /// The keypad's frame last sent (x, y, width, height); none sent yet: nil.
    private var sentKeypadFrame: [Int32]?
    private let connection: OpaquePointer

    init(uniqueName: String, connection: OpaquePointer) {
        self.uniqueName = uniqueName
        self.connection = connection
    }

    // Each edit is sent before the mirror takes it (#26).
    func commit(_ text: String) {
        emit("Commit", [g_variant_new_string(text)])
        wire.applyEdit(wire.selection, replacement: text)
    }

    /// Over a selection (or with no text) the app deletes what it has selected itself
    /// (Backspace): this copy's selection may be one the app has dropped since.
    func delete(_ range: NSRange) {
        if let arguments = wire.deleteArguments(for: range) {
            emit("DeleteSurrounding", [g_variant_new_int32(arguments.offset), g_variant_new_uint32(arguments.count)])
        } else {
            backspace()
        }
        wire.applyEdit(range, replacement: "")
    }

    func backspace() {
        emit("Backspace", [])
    }

    func pressReturn() {
        emit("Return", [])
    }

    func moveFocus(forward: Bool) {
        emit("MoveFocus", [g_variant_new_int32(forward ? 1 : -1)])
    }

    func dismiss() {
        emit("Dismiss", [])
    }

    /// Sent only when it changed since last sent to this app.
    func keypadMoved(to frame: CGRect?) {
        let rect = frame.map { $0.integral } ?? .zero
        let values = [rect.minX, rect.minY, rect.width, rect.height].map { Int32(clamping: Int($0)) }
        guard values != sentKeypadFrame else { return }
        sentKeypadFrame = values
        emit("KeypadFrame", values.map { g_variant_new_int32($0) })
    }

    /// Sends `signal` to this app only (unicast: no other app sees a field's edits).
    private func emit(_ signal: String, _ arguments: [OpaquePointer?]) {
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(
            connection, uniqueName, DBusFront.objectPath, DBusFront.interfaceName, signal, parameters, &error) == 0
        {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            Log.warning("could not send \(signal) to \(uniqueName): \(message)")
        }
    }
}
