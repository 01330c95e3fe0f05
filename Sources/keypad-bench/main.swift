import Foundation
import KeypadCore

/// `keypad-bench`: headless model benchmarks; prints a Markdown table to stdout.
///
/// Usage: `keypad-bench [taps]` (default 200 000 taps per configuration).
@MainActor
func runBenchmarks() {
    let taps = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000
    print("| fields | characters | taps | taps/s | ns per tap |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    _ = ModelThroughput.measure(fields: 10, characters: 10, taps: taps / 10)  // warm-up
    let configurations = [(10, 10), (1_000, 10), (10_000, 10), (10, 10_000), (10, 1_000_000)]
    for (fields, characters) in configurations {
        let result = ModelThroughput.measure(fields: fields, characters: characters, taps: taps)
        print(
            "| \(fields) | \(characters) | \(taps) | \(Int(result.tapsPerSecond)) | "
                + String(format: "%.0f", result.nanosecondsPerTap) + " |")
    }
}

MainActor.assumeIsolated { runBenchmarks() }
