// swift-tools-version: 6.2
import PackageDescription

/// The headless model's benchmarks (Benchmarks/Model), a package of their own so the library's
/// build and `make test` never fetch or build the benchmark harness (ordo-one/benchmark). The
/// GTK rigs beside it (Benchmarks/Rigs) belong to the root package: they use its test hooks.
/// `make bench` runs them; so does `swift package benchmark` in this directory.
/// Everything here uses the library's public API only.
let strictSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "KeypadBenchmarks",
    dependencies: [
        .package(name: "Keypad", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The model-tap workload (binder → field → delegate → notifications) that the
        // ModelTaps benchmarks time and keypad-bench runs under callgrind.
        .target(
            name: "ModelTapWorkload",
            dependencies: [.product(name: "KeypadCore", package: "Keypad")],
            swiftSettings: strictSettings
        ),
        // Instructions per tap: callgrind runs it with and without taps (scripts/benchmarks/bench).
        .executableTarget(
            name: "keypad-bench",
            dependencies: [
                "ModelTapWorkload",
                .product(name: "KeypadCore", package: "Keypad"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "ModelTaps",
            dependencies: [
                "ModelTapWorkload",
                .product(name: "KeypadCore", package: "Keypad"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ModelTaps",
            swiftSettings: strictSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
