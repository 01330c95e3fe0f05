import CGTK

/// Running GTK's main loop for a while from Swift: for scripted runs, screenshots and
/// tests that wait for a condition (the app's own loop is ``KeypadHost/run()``).
public enum GTKMainLoop {
    /// Runs every main-loop source that is ready now, without waiting.
    public static func drain() {
        MainLoop.drain()
    }

    /// Runs the main loop until `condition` holds or `timeout` seconds pass.
    /// - Returns: whether the condition held.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let end = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > end { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
        }
        return true
    }

    /// Runs the main loop for `seconds` (to let an animation or a timer run its course).
    public static func run(seconds: Double) {
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        run(until: { g_get_monotonic_time() >= end }, timeout: seconds + 1)
    }
}
