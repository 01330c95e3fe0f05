import Foundation
import KeypadGTK

/// `keypad-gtk-bench MODE [N]`: one GTK measurement, printed as `key value` lines for
/// scripts/bench to collect. Modes: `serve-keypad`, `serve-baseline` (for scripts/bench_taps.py), `show REPEATS`, `idle SECONDS`,
/// `rss with|without`. Run it on a display with a window manager (scripts/with-display).
let arguments = Array(CommandLine.arguments.dropFirst())
guard KioskWindow.initializeGTK() else {
    FileHandle.standardError.write(Data("keypad-gtk-bench: no display\n".utf8))
    exit(2)
}
let count = arguments.dropFirst().first.flatMap(Int.init)

switch arguments.first {
case "serve-keypad":
    GTKBenchmarks.serveTaps(baseline: false)
case "serve-baseline":
    GTKBenchmarks.serveTaps(baseline: true)
case "show":
    let result = GTKBenchmarks.showLatency(repeats: count ?? 50)
    print(String(format: "show_median %.3f", result.median))
    print(String(format: "show_p95 %.3f", result.p95))
    print("show_count \(result.count)")
case "idle":
    print(String(format: "idle_cpu_percent %.3f", GTKBenchmarks.idleCPU(seconds: Double(count ?? 30))))
case "rss":
    let showing = arguments.dropFirst().first == "with"
    print("rss_\(showing ? "with" : "without")_kb \(GTKBenchmarks.residentSize(showingKeypad: showing))")
default:
    FileHandle.standardError.write(Data("usage: keypad-gtk-bench serve-keypad|serve-baseline|show|idle|rss [N|with|without]\n".utf8))
    exit(2)
}
