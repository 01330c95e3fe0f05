import Benchmark
import KeypadCore
import ModelTapWorkload

/// Taps on the headless model (binder → field → delegate → notifications), 1 000 per
/// iteration, from 10 to 10⁴ fields and from 10 to 10⁶ characters of text: time,
/// throughput and allocations per tap. The cost must stay flat across the sizes.
/// Beside them, the anchor: the tap's Foundation post of `textDidChangeNotification`
/// alone (same center, name, object and observer), the part of a tap no keypad code can cut.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )
    let sizes = [(10, 10), (1_000, 10), (10_000, 10), (10, 10_000), (10, 1_000_000)]
    for (fields, characters) in sizes {
        Benchmark("tap, \(fields) fields, \(characters) characters") { benchmark async in
            // The models are main-actor isolated; the harness runs benchmarks on a thread of its own.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let fixture = ModelTapFixture(fields: fields, characters: characters)
                benchmark.startMeasurement()
                fixture.tap(benchmark.scaledIterations.count)
                benchmark.stopMeasurement()
                precondition(fixture.everyTapChanged, "every tap must change the text")
            }
        }
    }
    Benchmark("post textDidChange alone, 10 fields, 10 characters") { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let fixture = ModelTapFixture(fields: 10, characters: 10)
            benchmark.startMeasurement()
            fixture.postTextDidChange(benchmark.scaledIterations.count)
            benchmark.stopMeasurement()
        }
    }
}
