// swift-tools-version: 6.2
import PackageDescription

/// The headless model's benchmarks (ordo-one/benchmark), a package of their own so the
/// library's build and `make test` never fetch or build the benchmark harness.
/// Run them with `make bench` or `swift package benchmark` in this directory.
let package = Package(
    name: "KeypadBenchmarks",
    dependencies: [
        .package(name: "Keypad", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ModelTaps",
            dependencies: [
                // ModelTapFixture.swift is a link to Sources/KeypadBenchSupport's, the workload
                // keypad-bench measures too: KeypadBenchSupport is no product of the library.
                .product(name: "KeypadCore", package: "Keypad"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ModelTaps",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
