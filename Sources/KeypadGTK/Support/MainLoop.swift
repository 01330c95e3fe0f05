import CGTK

/// GLib main-loop helpers: idle callbacks and one-shot timers, each releasing its
/// closure through a GDestroyNotify.
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
    static func cancel(_ source: guint) {
        if source != 0 { g_source_remove(source) }
    }

    /// Runs every pending event without blocking.
    static func drain() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// The monotonic time as a `Duration` (g_get_monotonic_time, microseconds).
    static var now: Duration { .microseconds(g_get_monotonic_time()) }
}
