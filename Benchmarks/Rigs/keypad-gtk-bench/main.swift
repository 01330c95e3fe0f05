import ArgumentParser
import CGTK
import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// `keypad-gtk-bench MODE [N]`: one GTK measurement, printed as `key value` lines for
/// scripts/benchmarks/bench to collect. Run it on a display with a window manager (scripts/display/with-display).
struct GTKBenchCommand: ParsableCommand {
    /// What to measure.
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case serveKeypad = "serve-keypad"
        case serveBaseline = "serve-baseline"
        case show
        case dispatchKeypad = "dispatch-keypad"
        case dispatchBaseline = "dispatch-baseline"
        case dispatchBaselinePress = "dispatch-baseline-press"
        case handler
        case idle
        case idleNoblink = "idle-noblink"
        case rss
    }

    static let configuration = CommandConfiguration(
        commandName: "keypad-gtk-bench",
        abstract: "One GTK measurement of the keypad or its plain-GTK baseline, as `key value` lines.",
        discussion: """
            serve-keypad and serve-baseline wait for scripts/benchmarks/bench_taps.py's taps; show, dispatch-*, \
            handler and rss take a count, idle and idle-noblink a number of seconds.
            """,
        version: KeypadVersion.current)

    @Argument(help: "The measurement.")
    var mode: Mode

    @Argument(help: "Repeats, taps, cycles or seconds (each mode has its default).")
    var count: Int?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("the count must be at least 1, not \(count)") }
    }
}

let command = GTKBenchCommand.parseOrExit()
guard KeypadHost.initializeGTK() else {
    FileHandle.standardError.write(Data("keypad-gtk-bench: no display\n".utf8))
    exit(2)
}
// As the demo and a kiosk run it: with the bundled theme (keys without GTK's hover
// transitions, whose animation frames would otherwise be drawing when a tap comes).
do {
    try Theme.light.install()
} catch {
    FileHandle.standardError.write(Data("keypad-gtk-bench: theme \(error)\n".utf8))
    exit(2)
}
// Both rigs (keypad and baseline) with GTK's animations off, so a tap never waits
// behind a transition's frames and the two compare like for like.
if let settings = gtk_settings_get_default() {
    keypad_object_set_int(UnsafeMutableRawPointer(settings), "gtk-enable-animations", 0)
}

switch command.mode {
case .serveKeypad:
    GTKBenchmarks.serveTaps(baseline: false)
case .serveBaseline:
    GTKBenchmarks.serveTaps(baseline: true)
case .show:
    printSamples("show", GTKBenchmarks.showLatency(repeats: command.count ?? 50))
case .dispatchKeypad, .dispatchBaseline, .dispatchBaselinePress:
    let rig: GTKBenchmarks.DispatchRig =
        switch command.mode {
        case .dispatchBaseline: .baseline
        case .dispatchBaselinePress: .baselineOnPress
        default: .keypad
        }
    printSamples(command.mode.rawValue, GTKBenchmarks.dispatchLatency(taps: command.count ?? 2000, rig: rig))
case .handler:
    print(String(format: "handler_cpu_ms %.4f", GTKBenchmarks.handlerCPU(taps: command.count ?? 100_000)))
case .idle:
    print(String(format: "idle_cpu_percent %.3f", GTKBenchmarks.idleCPU(seconds: Double(command.count ?? 30))))
case .idleNoblink:
    let percent = GTKBenchmarks.idleCPU(seconds: Double(command.count ?? 30), caretBlinks: false)
    print(String(format: "idle_noblink_cpu_percent %.3f", percent))
case .rss:
    let sizes = GTKBenchmarks.residentSizes(cycles: command.count ?? 20)
    print("rss_without_kb \(sizes.withoutKeypad)")
    print("rss_with_kb \(sizes.withKeypad)")
    print("rss_cycles_kb \(sizes.afterCycles)")
}
