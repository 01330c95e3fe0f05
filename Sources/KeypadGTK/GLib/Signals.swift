import CGTK

/// A Swift closure kept alive for as long as its GLib signal connection.
final class SignalBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

/// Releases a ``SignalBox`` when GLib drops the connection (disconnect or destroy).
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects `thunk` (a C function of the signal's exact signature) with `handler` boxed
/// as its user data; the box is released by GLib's closure notify.
@discardableResult
func connect<Handler>(
    _ instance: UnsafeMutableRawPointer?, _ signal: String, after: Bool = false, thunk: GCallback,
    handler: Handler
) -> gulong {
    let box = Unmanaged.passRetained(SignalBox(handler) as AnyObject).toOpaque()
    return keypad_signal_connect(instance, signal, thunk, box, releaseBox, after ? 1 : 0)
}

/// The boxed handler from a signal's user data.
func unbox<Handler>(_ data: gpointer?, as type: Handler.Type) -> Handler? {
    guard let data else { return nil }
    return (Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? SignalBox<Handler>)?.handler
}

// MARK: - One thunk per signal signature

package typealias VoidHandler = @MainActor () -> Void
package typealias EventHandler = @MainActor (UnsafeMutablePointer<GdkEvent>?) -> Bool
typealias InsertTextHandler = @MainActor (String, UnsafeMutablePointer<gint>?) -> Void
typealias DeleteTextHandler = @MainActor (Int, Int) -> Void
typealias StringHandler = @MainActor (String) -> Void
typealias IconPressHandler = @MainActor (GtkEntryIconPosition) -> Void
typealias DrawHandler = @MainActor (OpaquePointer) -> Void
typealias BufferInsertHandler = @MainActor (UnsafeMutablePointer<GtkTextIter>?, String) -> Void
typealias BufferDeleteHandler =
    @MainActor (UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?) -> Void

/// `void (*)(GObject *, gpointer)`: clicked, destroy, changed.
@discardableResult
package func onSignal(
    _ instance: UnsafeMutableRawPointer?, _ signal: String, after: Bool = false, _ handler: @escaping VoidHandler
)
    -> gulong
{
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        guard let handler = unbox(data, as: VoidHandler.self) else { return }
        MainActor.assumeIsolated { handler() }
    }
    return connect(instance, signal, after: after, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// `void (*)(GObject *, gpointer arg, gpointer)`: a signal with one argument the
/// handler does not need (`size-allocate`, `notify::…`).
@discardableResult
package func onSignalIgnoringArgument(
    _ instance: UnsafeMutableRawPointer?, _ signal: String, after: Bool = false, _ handler: @escaping VoidHandler
) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
        guard let handler = unbox(data, as: VoidHandler.self) else { return }
        MainActor.assumeIsolated { handler() }
    }
    return connect(instance, signal, after: after, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// `notify::property`: `void (*)(GObject *, GParamSpec *, gpointer)`.
@discardableResult
func onNotify(_ instance: UnsafeMutableRawPointer?, _ property: String, _ handler: @escaping VoidHandler) -> gulong {
    onSignalIgnoringArgument(instance, "notify::\(property)", handler)
}

/// `gboolean (*)(GtkWidget *, GdkEvent *, gpointer)`.
@discardableResult
package func onEvent(_ instance: UnsafeMutableRawPointer?, _ signal: String, _ handler: @escaping EventHandler)
    -> gulong
{
    let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GdkEvent>?, gpointer?) -> gboolean = { _, event, data in
        guard let handler = unbox(data, as: EventHandler.self) else { return 0 }
        return MainActor.assumeIsolated { handler(event) } ? 1 : 0
    }
    return connect(instance, signal, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkEditable `insert-text`: `void (*)(GtkEditable *, gchar *, gint, gint *, gpointer)`.
@discardableResult
func onInsertText(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping InsertTextHandler) -> gulong {
    let thunk: @convention(c) (gpointer?, UnsafePointer<gchar>?, gint, UnsafeMutablePointer<gint>?, gpointer?) -> Void =
        {
            _, text, length, position, data in
            guard let handler = unbox(data, as: InsertTextHandler.self), let text else { return }
            let string =
                length < 0
                ? String(cString: text)
                : String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
            MainActor.assumeIsolated { handler(string, position) }
        }
    return connect(instance, "insert-text", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// `void (*)(GObject *, const gchar *, gpointer)`: GtkEntry's and GtkTextView's
/// `preedit-changed`.
@discardableResult
func onStringSignal(_ instance: UnsafeMutableRawPointer?, _ signal: String, _ handler: @escaping StringHandler)
    -> gulong
{
    let thunk: @convention(c) (gpointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, text, data in
        guard let handler = unbox(data, as: StringHandler.self) else { return }
        let string = text.map { String(cString: $0) } ?? ""
        MainActor.assumeIsolated { handler(string) }
    }
    return connect(instance, signal, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkEditable `delete-text`: `void (*)(GtkEditable *, gint, gint, gpointer)`.
@discardableResult
func onDeleteText(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping DeleteTextHandler) -> gulong {
    let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, start, end, data in
        guard let handler = unbox(data, as: DeleteTextHandler.self) else { return }
        MainActor.assumeIsolated { handler(Int(start), Int(end)) }
    }
    return connect(instance, "delete-text", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkEntry `icon-press`: `void (*)(GtkEntry *, GtkEntryIconPosition, GdkEvent *, gpointer)`.
@discardableResult
func onIconPress(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping IconPressHandler) -> gulong {
    let thunk: @convention(c) (gpointer?, GtkEntryIconPosition, gpointer?, gpointer?) -> Void = {
        _, position, _, data in
        guard let handler = unbox(data, as: IconPressHandler.self) else { return }
        MainActor.assumeIsolated { handler(position) }
    }
    return connect(instance, "icon-press", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkWidget `draw`, connected after GTK's own drawing:
/// `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`; the handler paints on top.
@discardableResult
func onDraw(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping DrawHandler) -> gulong {
    let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, cairo, data in
        guard let handler = unbox(data, as: DrawHandler.self), let cairo else { return 0 }
        MainActor.assumeIsolated { handler(cairo) }
        return 0
    }
    return connect(instance, "draw", after: true, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkTextBuffer `insert-text`: `void (*)(GtkTextBuffer *, GtkTextIter *, gchar *, gint, gpointer)`.
@discardableResult
func onBufferInsert(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping BufferInsertHandler) -> gulong {
    let thunk:
        @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<gchar>?, gint, gpointer?)
            -> Void = { _, iter, text, length, data in
                guard let handler = unbox(data, as: BufferInsertHandler.self), let text else { return }
                let string = String(
                    decoding: UnsafeRawBufferPointer(start: text, count: Int(max(length, 0))), as: UTF8.self)
                MainActor.assumeIsolated { handler(iter, string) }
            }
    return connect(instance, "insert-text", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// GtkTextBuffer `delete-range`: `void (*)(GtkTextBuffer *, GtkTextIter *, GtkTextIter *, gpointer)`.
@discardableResult
func onBufferDelete(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping BufferDeleteHandler) -> gulong {
    let thunk:
        @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?, gpointer?)
            -> Void = { _, start, end, data in
                guard let handler = unbox(data, as: BufferDeleteHandler.self) else { return }
                MainActor.assumeIsolated { handler(start, end) }
            }
    return connect(instance, "delete-range", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}

/// Any signal of shape `void (*)(GObject *, gpointer, gpointer, gpointer)` whose
/// arguments the handler does not need (GtkTextBuffer `mark-set`).
@discardableResult
func onSignalIgnoringTwoArguments(
    _ instance: UnsafeMutableRawPointer?, _ signal: String, _ handler: @escaping VoidHandler
)
    -> gulong
{
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, _, _, data in
        guard let handler = unbox(data, as: VoidHandler.self) else { return }
        MainActor.assumeIsolated { handler() }
    }
    return connect(instance, signal, thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}
