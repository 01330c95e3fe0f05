import CGTK

/// Follows the display's monitors: a monitor added or removed, the screen resized, and
/// any monitor's geometry, work area or physical size changing (a resolution change, a
/// rotation, a panel). One call of `changed` follows each burst of GDK's signals.
@MainActor
final class MonitorWatch {
    private let changed: () -> Void
    /// The display's and screen's handlers, disconnected by ``stop()``.
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []
    /// The monitors watched, each with its handlers.
    private var monitors: [OpaquePointer: [gulong]] = [:]
    private var pending: guint = 0

    init(changed: @escaping () -> Void) {
        self.changed = changed
        guard let display = gdk_display_get_default() else { return }
        let displayPointer = UnsafeMutableRawPointer(display)
        add(
            displayPointer,
            onSignalIgnoringArgument(displayPointer, "monitor-added") { [weak self] in
                self?.watchMonitors()
                self?.schedule()
            })
        add(
            displayPointer,
            onSignalIgnoringArgument(displayPointer, "monitor-removed") { [weak self] in
                self?.forgetRemovedMonitors()
                self?.schedule()
            })
        if let screen = gdk_display_get_default_screen(display) {
            let screenPointer = UnsafeMutableRawPointer(screen)
            for signal in ["monitors-changed", "size-changed"] {
                add(screenPointer, onSignal(screenPointer, signal) { [weak self] in self?.schedule() })
            }
        }
        watchMonitors()
    }

    isolated deinit { stop() }

    /// Stops following the monitors (the window the keypad serves is gone).
    func stop() {
        for handler in handlers where g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
            g_signal_handler_disconnect(handler.instance, handler.id)
        }
        handlers = []
        forgetRemovedMonitors()
        for (monitor, ids) in monitors {
            for id in ids where g_signal_handler_is_connected(UnsafeMutableRawPointer(monitor), id) != 0 {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), id)
            }
        }
        monitors = [:]
        MainLoop.cancel(pending)
        pending = 0
    }

    private func add(_ instance: UnsafeMutableRawPointer, _ id: gulong) { handlers.append((instance, id)) }

    /// The display's monitors now.
    private var displayMonitors: [OpaquePointer] {
        guard let display = gdk_display_get_default() else { return [] }
        return (0..<gdk_display_get_n_monitors(display)).compactMap { gdk_display_get_monitor(display, $0) }
    }

    /// Watches every monitor of the display not watched yet.
    private func watchMonitors() {
        for monitor in displayMonitors where monitors[monitor] == nil {
            let pointer = UnsafeMutableRawPointer(monitor)
            monitors[monitor] = ["notify::geometry", "notify::workarea", "notify::height-mm"].map { signal in
                onSignalIgnoringArgument(pointer, signal) { [weak self] in self?.schedule() }
            }
        }
    }

    /// Drops monitors the display no longer has: GDK lets them go, and their handlers with them.
    private func forgetRemovedMonitors() {
        let current = Set(displayMonitors)
        for monitor in monitors.keys where !current.contains(monitor) { monitors[monitor] = nil }
    }

    /// One call of `changed` once GDK has finished telling of this change.
    private func schedule() {
        guard pending == 0 else { return }
        pending = MainLoop.whenIdle { [weak self] in
            guard let self else { return }
            self.pending = 0
            self.changed()
        }
    }
}
