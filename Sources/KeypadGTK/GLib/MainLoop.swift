import CGTK

/// GLib's main loop from Swift: idle callbacks and one-shot timers (each releasing its
/// closure through a GDestroyNotify), and the one way to drain the loop or run it until
/// a condition holds, for scripted runs and tests. An app runs the loop with
/// ``KeypadHost/run()``.
///
/// The core never schedules work: it runs synchronously on the main actor, so
/// KeypadGTK never needs libdispatch's main queue (which `gtk_main()` does not
/// drain). Deferred work goes through these GLib sources instead.
package enum MainLoop {
    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    private static let once: GSourceFunc = { data in
        guard let handler = unbox(data, as: VoidHandler.self) else { return 0 }
        MainActor.assumeIsolated { handler() }
        return 0  // G_SOURCE_REMOVE
    }

    /// Runs `body` once, when the main loop is next idle.
    @discardableResult
    package static func whenIdle(_ body: @escaping VoidHandler) -> guint {
        let box = Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, once, box, release)
    }

    /// Runs `body` once, before the next input event is handled (high-priority idle).
    @discardableResult
    package static func soon(_ body: @escaping VoidHandler) -> guint {
        let box = Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
        return g_idle_add_full(G_PRIORITY_HIGH, once, box, release)
    }

    /// Runs `body` once after `milliseconds`.
    @discardableResult
    package static func after(milliseconds: Int, _ body: @escaping VoidHandler) -> guint {
        let box = Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(milliseconds, 0)), once, box, release)
    }

    /// Cancels a source returned by ``whenIdle(_:)`` or ``after(milliseconds:_:)``.
    package static func cancel(_ source: guint) {
        if source != 0 { g_source_remove(source) }
    }

    /// Runs every main-loop source that is ready now, without waiting.
    package static func drain() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// Runs the main loop until `condition` holds or `timeout` seconds pass, sleeping in
    /// GLib's poll between events (never spinning): the condition is checked after every
    /// event, and at least every ``wakeInterval`` for conditions no event announces.
    /// - Returns: whether the condition held.
    @discardableResult
    package static func run(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let end = g_get_monotonic_time() + Int(timeout * 1_000_000)
        if condition() { return true }
        let tick = g_timeout_add_full(G_PRIORITY_DEFAULT, wakeInterval, { _ in 1 }, nil, nil)
        defer { g_source_remove(tick) }
        while !condition() {
            if g_get_monotonic_time() > end { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Runs the main loop for `seconds` (to let an animation or a timer run its course).
    package static func run(seconds: Double) {
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        run(until: { g_get_monotonic_time() >= end }, timeout: seconds + 1)
    }

    /// How often, in milliseconds, ``run(until:timeout:)`` wakes to check its condition
    /// when no event comes.
    package static let wakeInterval: guint = 10

    /// The monotonic time as a `Duration` (g_get_monotonic_time, microseconds).
    package static var now: Duration { .microseconds(g_get_monotonic_time()) }
}
