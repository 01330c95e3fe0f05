import CGTK
import Foundation
import KeypadBenchSupport
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// Measurements of the GTK keypad as a user feels it, under a real X server.
///
/// Tap latency is measured from outside (the driver starts xdotool and reads the
/// `changed` times this process prints), so this process sits in `gtk_main()` like
/// any app and its CPU time per tap is its own. The baseline is a plain GtkButton in
/// a plain window whose `clicked` handler inserts the same text.
enum GTKBenchmarks {
    /// Serves taps for an outside driver (scripts/benchmarks/bench_taps.py): shows a kiosk field
    /// with its keypad (or, for the baseline, a plain window with plain buttons), prints
    /// `key NAME X Y` for the keys to click and `ready`, then `changed NANOSECONDS`
    /// (CLOCK_MONOTONIC) each time the entry changes, and `button NANOSECONDS` each time
    /// GDK dispatches a button press or release, until the process is killed.
    static func serveTaps(baseline: Bool) {
        let report: (String) -> Void = { reportLine($0) }
        let onChange: () -> Void = { report("changed \(g_get_monotonic_time() * 1000)") }
        gdk_event_handler_set(
            { event, _ in
                guard let event else { return }
                let type = event.pointee.type
                if type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE {
                    reportLine("button \(g_get_monotonic_time() * 1000)")
                }
                gtk_main_do_event(event)
            }, nil, nil)
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

    /// Which window ``dispatchLatency(taps:rig:)`` taps.
    enum DispatchRig {
        /// The keypad, acting on the press.
        case keypad
        /// The baseline's plain GtkButtons, acting on `clicked` after the release.
        case baseline
        /// The baseline's plain GtkButtons, acting in their own press handler.
        case baselineOnPress
    }

    /// GTK's share of a tap, in-process: from handing `gtk_main_do_event` a synthetic
    /// button event on a key to the entry's `changed`, `taps` taps alternating a digit
    /// and delete. Times run from the press, except for the baseline acting on
    /// `clicked`, whose time runs from the release.
    static func dispatchLatency(taps: Int, rig: DispatchRig) -> [Double] {
        final class Stamp { var changed = 0 }
        let stamp = Stamp()
        let onChange: () -> Void = { stamp.changed = SyntheticPress.now() }
        let keypadRig = rig == .keypad ? KeypadTapRig(onChange: onChange) : nil
        let baselineRig =
            rig == .keypad ? nil : BaselineTapRig(actsOnPress: rig == .baselineOnPress, onChange: onChange)
        keypadRig?.focusField()
        let buttons = keypadRig?.keyButtons ?? baselineRig?.keyButtons ?? []
        let surface = keypadRig?.keySurface
        guard buttons.count == 2 else { return [] }
        var results: [Double] = []
        for index in 0..<taps {
            let button = buttons[index % 2]
            stamp.changed = 0
            let pressed = SyntheticPress.send(true, to: button, through: surface)
            MainLoop.drain()
            let released = SyntheticPress.send(false, to: button, through: surface)
            // As between a finger's taps, frames run: styles and layout are up to date.
            MainLoop.run(seconds: 0.02)
            if let start = rig == .baseline ? released : pressed, stamp.changed > start {
                results.append(Double(stamp.changed - start) / 1e6)
            }
        }
        return withExtendedLifetime((keypadRig, baselineRig)) { results }
    }

    /// Measures focus-in to the keypad's first drawn frame, `repeats` times.
    static func showLatency(repeats: Int) -> [Double] {
        KeypadTapRig(onChange: {}).measureShow(repeats: repeats)
    }

    /// Milliseconds of CPU per tap on the keypad's own path, without X events or drawing.
    static func handlerCPU(taps: Int) -> Double {
        KeypadTapRig(onChange: {}).measureHandlerCPU(taps: taps)
    }

    /// The process's CPU use, in percent of one core, over `seconds` with the keypad
    /// shown and idle; with `caretBlinks` false, GTK's blinking caret is turned off
    /// (gtk-cursor-blink), leaving only what the keypad itself might run.
    static func idleCPU(seconds: Double, caretBlinks: Bool = true) -> Double {
        if !caretBlinks, let settings = gtk_settings_get_default() {
            keypad_object_set_int(UnsafeMutableRawPointer(settings), "gtk-cursor-blink", 0)
        }
        return KeypadTapRig(onChange: {}).measureIdle(seconds: seconds)
    }

    /// RSS in kilobytes of one kiosk window, its field focused: first with no keypad
    /// (the scope offers none), then with the keypad made and shown, then after
    /// `cycles` more rounds of hiding and showing it.
    static func residentSizes(cycles: Int) -> (withoutKeypad: Int, withKeypad: Int, afterCycles: Int) {
        let rig = KeypadTapRig(preparesKeypad: false, onChange: {})
        rig.focusField()
        MainLoop.run(seconds: 0.5)
        let without = ProcessMeasures.residentKilobytes()
        rig.scope.endEditing()
        rig.scope.defaultInputView = nil
        MainLoop.run(seconds: 0.3)
        rig.focusField()
        MainLoop.run(seconds: 0.5)
        let with = ProcessMeasures.residentKilobytes()
        for _ in 0..<cycles {
            rig.scope.endEditing()
            MainLoop.run(seconds: rig.scope.keyboard.animationDuration + 0.1)
            rig.focusField()
        }
        MainLoop.run(seconds: 0.5)
        return (without, with, ProcessMeasures.residentKilobytes())
    }
}

/// Writes one line to standard output, unbuffered.
private func reportLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
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
