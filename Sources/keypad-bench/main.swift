import ArgumentParser
import Foundation
import KeypadCore

/// `keypad-bench`: headless model benchmarks; prints a Markdown table to stdout.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keypad-bench",
        abstract: "Headless model throughput: key taps through binder, field, delegate and notifications.",
        discussion: "Prints a Markdown table (fields, characters, taps, taps/s, ns per tap) to stdout.",
        version: KeypadVersion.current)

    @Argument(help: "Taps per configuration.")
    var taps = 200_000

    func validate() throws {
        guard taps >= 10 else { throw ValidationError("taps must be at least 10, not \(taps)") }
    }
}

@MainActor
func runBenchmarks(taps: Int) {
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

let taps = BenchCommand.parseOrExit().taps
MainActor.assumeIsolated { runBenchmarks(taps: taps) }
