import CGTK
import Foundation
import KeypadGTK

/// `keypad-gtk-bench MODE [N]`: one GTK measurement, printed as `key value` lines for
/// scripts/bench to collect. Modes: `serve-keypad`, `serve-baseline` (for scripts/bench_taps.py), `show REPEATS`, `handler TAPS`, `idle SECONDS`, `idle-noblink SECONDS`,
/// `rss CYCLES`. Run it on a display with a window manager (scripts/with-display).
let arguments = Array(CommandLine.arguments.dropFirst())
guard KioskWindow.initializeGTK() else {
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
let count = arguments.dropFirst().first.flatMap(Int.init)

switch arguments.first {
case "serve-keypad":
    GTKBenchmarks.serveTaps(baseline: false)
case "serve-baseline":
    GTKBenchmarks.serveTaps(baseline: true)
case "show":
    printSamples("show", GTKBenchmarks.showLatency(repeats: count ?? 50))
case "dispatch-keypad", "dispatch-baseline":
    printSamples(
        arguments[0], GTKBenchmarks.dispatchLatency(taps: count ?? 2000, baseline: arguments[0] == "dispatch-baseline"))
case "handler":
    print(String(format: "handler_cpu_ms %.4f", GTKBenchmarks.handlerCPU(taps: count ?? 100_000)))
case "idle":
    print(String(format: "idle_cpu_percent %.3f", GTKBenchmarks.idleCPU(seconds: Double(count ?? 30))))
case "idle-noblink":
    print(
        String(
            format: "idle_noblink_cpu_percent %.3f",
            GTKBenchmarks.idleCPU(seconds: Double(count ?? 30), caretBlinks: false)))
case "rss":
    let sizes = GTKBenchmarks.residentSizes(cycles: count ?? 20)
    print("rss_without_kb \(sizes.withoutKeypad)")
    print("rss_with_kb \(sizes.withKeypad)")
    print("rss_cycles_kb \(sizes.afterCycles)")
default:
    FileHandle.standardError.write(
        Data("usage: keypad-gtk-bench serve-keypad|serve-baseline|show|handler|idle|idle-noblink|rss [N]\n".utf8))
    exit(2)
}
