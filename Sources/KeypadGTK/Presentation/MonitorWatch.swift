import CGTK
import CKeypadX11

/// Follows the monitor a window is on: its geometry, work area and physical size (a
/// resolution change, a rotation, a panel coming or going, a monitor unplugged or the
/// window moved to another). `changed` gets the new layout once GDK has finished
/// telling of a change, and only when the layout really differs from the last one.
///
/// GDK signals a monitor added or removed, the screen resized and a monitor's geometry
/// or physical size changing, but not the work area: on X11 a window manager sets it in
/// the root window's `_NET_WORKAREA` after a rotation, and GDK reads it afresh on each
/// call without a signal. So on X11 a change of the root window's `_NET_WORKAREA` (or of
/// the current desktop, whose work area it is) also rechecks the layout. The other root
/// properties, which a window manager rewrites at each click, are let by: each recheck
/// costs blocking X round trips.
@MainActor
final class MonitorWatch {
    private let layout: () -> MonitorLayout?
    private let changed: (MonitorLayout) -> Void
    private var last: MonitorLayout?
    /// The display's and screen's handlers, disconnected by ``stop()``.
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []
    /// The monitors watched, each with its handlers.
    private var monitors: [OpaquePointer: [gulong]] = [:]
    /// The root window's event filter (X11) and the box its data points to.
    private var rootFilter: (window: OpaquePointer, data: UnsafeMutableRawPointer)?
    private var pending: guint = 0

    /// - Parameters:
    ///   - layout: the monitor followed, as it is now (the one under the app window).
    ///   - changed: called with its new layout.
    init(layout: @escaping () -> MonitorLayout?, changed: @escaping (MonitorLayout) -> Void) {
        self.layout = layout
        self.changed = changed
        last = layout()
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
        watchRootProperties(of: display)
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
        if let rootFilter {
            gdk_window_remove_filter(rootFilter.window, Self.rootPropertyFilter, rootFilter.data)
            Unmanaged<AnyObject>.fromOpaque(rootFilter.data).release()
        }
        rootFilter = nil
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

    /// Calls the boxed handler on each change of the work area of the window it filters.
    private static let rootPropertyFilter: GdkFilterFunc = { event, _, data in
        guard keypad_x11_event_changes_work_area(event) != 0, let handler = unbox(data, as: VoidHandler.self)
        else { return GDK_FILTER_CONTINUE }
        MainActor.assumeIsolated { handler() }
        return GDK_FILTER_CONTINUE
    }

    /// On X11, rechecks the layout when the root window's `_NET_WORKAREA` changes.
    private func watchRootProperties(of display: OpaquePointer) {
        guard let name = keypad_type_name(UnsafeMutableRawPointer(display)), String(cString: name) == "GdkX11Display",
            let root = gdk_screen_get_root_window(gdk_display_get_default_screen(display))
        else { return }
        // GDK records PropertyChange on the root window, but its RandR set-up later selects
        // StructureNotify there with Xlib alone, which replaced it: the X selection is
        // StructureNotify only. Selecting both keeps what GDK relies on (XSETTINGS'
        // manager messages, root ConfigureNotify) and adds the property changes.
        let events =
            gdk_window_get_events(root).rawValue | GDK_PROPERTY_CHANGE_MASK.rawValue | GDK_STRUCTURE_MASK.rawValue
        gdk_window_set_events(root, GdkEventMask(rawValue: events))
        let handler: VoidHandler = { [weak self] in self?.schedule() }
        let data = Unmanaged.passRetained(SignalBox(handler) as AnyObject).toOpaque()
        gdk_window_add_filter(root, Self.rootPropertyFilter, data)
        rootFilter = (root, data)
    }

    /// One look at the layout once GDK has finished telling of this change.
    private func schedule() {
        guard pending == 0 else { return }
        pending = MainLoop.whenIdle { [weak self] in
            guard let self else { return }
            self.pending = 0
            guard let now = self.layout(), now != self.last else { return }
            self.last = now
            self.changed(now)
        }
    }
}
