import Foundation
import KeypadCore
import KeypadTesting

/// `keypad-bench FIELDS CHARACTERS TAPS`: taps the headless model (``ModelTapFixture``)
/// `TAPS` times and exits — no clock and no statistics. scripts/bench runs it under
/// callgrind twice (with no taps and with TAPS taps) and divides the difference in
/// instructions by TAPS: instructions per tap, stable on a loaded machine. Time and
/// allocations per tap come from the ModelTaps benchmarks (Benchmarks/).
@MainActor
func run() -> Int32 {
    let numbers = CommandLine.arguments.dropFirst().compactMap { Int($0) }
    guard numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else {
        FileHandle.standardError.write(Data("usage: keypad-bench FIELDS CHARACTERS TAPS\n".utf8))
        return 2
    }
    let fixture = ModelTapFixture(fields: numbers[0], characters: numbers[1])
    fixture.tap(numbers[2])
    guard fixture.everyTapChanged else {
        FileHandle.standardError.write(Data("keypad-bench: a tap did not change the text\n".utf8))
        return 1
    }
    return 0
}

exit(MainActor.assumeIsolated { run() })
