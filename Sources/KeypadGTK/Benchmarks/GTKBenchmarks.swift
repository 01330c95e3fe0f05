import CGTK
import Foundation
import KeypadCore

/// Measurements of the GTK keypad as a user feels it, under a real X server.
///
/// Tap latency is measured from outside (the driver starts xdotool and reads the
/// `changed` times this process prints), so this process sits in `gtk_main()` like
/// any app and its CPU time per tap is its own. The baseline is a plain GtkButton in
/// a plain window whose `clicked` handler inserts the same text.
public enum GTKBenchmarks {
    /// Serves taps for an outside driver (scripts/bench_taps.py): shows a kiosk field
    /// with its keypad (or, for the baseline, a plain window with plain buttons), prints
    /// `key NAME X Y` for the keys to click and `ready`, then `changed NANOSECONDS`
    /// (CLOCK_MONOTONIC) each time the entry changes, until the process is killed.
    public static func serveTaps(baseline: Bool) {
        let output = FileHandle.standardOutput
        let report: (String) -> Void = { output.write(Data(($0 + "\n").utf8)) }
        let onChange: () -> Void = { report("changed \(g_get_monotonic_time() * 1000)") }
        if baseline {
            let rig = BaselineTapRig(onChange: onChange)
            for (name, point) in rig.keyPoints { report("key \(name) \(point.x) \(point.y)") }
            report("ready")
            withExtendedLifetime(rig) { gtk_main() }
        } else {
            let rig = KeypadTapRig(onChange: onChange)
            rig.focusField()
            for (name, point) in rig.keyPoints { report("key \(name) \(point.x) \(point.y)") }
            report("ready")
            withExtendedLifetime(rig) { gtk_main() }
        }
    }

    /// Measures focus-in to the keypad's first drawn frame, `repeats` times.
    public static func showLatency(repeats: Int) -> LatencyStatistics {
        LatencyStatistics(milliseconds: KeypadTapRig(onChange: {}).measureShow(repeats: repeats))
    }

    /// The process's CPU use, in percent of one core, over `seconds` with the keypad shown and idle.
    public static func idleCPU(seconds: Double) -> Double {
        KeypadTapRig(onChange: {}).measureIdle(seconds: seconds)
    }

    /// RSS in kilobytes of a kiosk window with its fields, with or without the keypad shown.
    public static func residentSize(showingKeypad: Bool) -> Int {
        let rig = KeypadTapRig(preparesKeypad: showingKeypad, onChange: {})
        if showingKeypad { rig.focusField() }
        KioskWindow.pump(seconds: 0.5)
        return residentKilobytes()
    }
}

/// Spawns `xdotool` with `arguments` without waiting for it.
func launchXdotool(_ arguments: [String]) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    do {
        try process.run()
        return process
    } catch {
        return nil
    }
}

/// xdotool arguments for a click (or a press held `hold` milliseconds) at `point`.
func clickArguments(_ point: KioskWindow.ScreenPoint, hold: Int) -> [String] {
    let move = ["mousemove", "\(point.x)", "\(point.y)"]
    guard hold > 0 else { return move + ["click", "--delay", "0", "1"] }
    return move + ["mousedown", "1", "sleep", String(format: "%.3f", Double(hold) / 1000), "mouseup", "1"]
}
