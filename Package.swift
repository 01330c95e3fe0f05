// swift-tools-version: 6.2
import PackageDescription

/// Every target builds in Swift 6 language mode with strict concurrency.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Keypad",
    defaultLocalization: "en",
    products: [
        .library(name: "KeypadCore", targets: ["KeypadCore"]),
        .library(name: "KeypadTesting", targets: ["KeypadTesting"]),
        .library(name: "KeypadGTK", targets: ["KeypadGTK"]),
        .executable(name: "keypad-demo", targets: ["keypad-demo"]),
        .executable(name: "keypad-example", targets: ["keypad-example"]),
        // The GTK 3 input-method module (GTK_IM_MODULE=keypad): libKeypadIM.so.
        .library(name: "KeypadIM", type: .dynamic, targets: ["KeypadIM"]),
        // Not products: KeypadGTKInspection (test hooks), KeypadBenchSupport, the bench, anchor
        // and fuzz executables. `swift build` and `swift run NAME` still build and run them.
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: [
        .target(
            name: "KeypadResources",
            path: "Resources",
            exclude: ["README.md"],
            resources: [
                .copy("layouts"),
                .copy("themes"),
                .process("en.lproj"),
                .process("zh-Hans.lproj"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KeypadCore",
            dependencies: ["KeypadResources"],
            swiftSettings: strictSettings
        ),
        .systemLibrary(
            name: "CGTK",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // GDK's backend, the Wayland registry and gtk-layer-shell (loaded on demand) for the
        // keypad's own window on Wayland.
        .target(
            name: "CKeypadWayland",
            dependencies: ["CGTK"],
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),
        .target(
            name: "KeypadGTK",
            dependencies: ["KeypadCore", "KeypadResources", "CGTK", "CKeypadWayland"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        // What tests and the demo's scripted modes read back from real widgets and do to them
        // (screen positions, widget text, focus, destroying a widget): test hooks kept out of
        // KeypadGTK, so no app and no host of the IM module links them.
        .target(
            name: "KeypadGTKInspection",
            dependencies: ["KeypadGTK", "KeypadCore", "CGTK"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        // The IM module's GObject type and GTK's four module entry points; the rest is Swift.
        .target(
            name: "CKeypadIM",
            dependencies: ["CGTK"],
            // x11_focus.c calls Xlib (GTK's own dependency) for apps that give no widget.
            linkerSettings: [.linkedLibrary("X11")]
        ),
        .target(
            name: "KeypadIM",
            dependencies: ["CKeypadIM", "CGTK", "KeypadGTK", "KeypadCore", "KeypadResources"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-demo",
            dependencies: [
                "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadTesting", "KeypadBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-example",
            dependencies: ["KeypadGTK", "KeypadCore"],
            resources: [.copy("checkout.ui")],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .target(
            name: "KeypadTesting",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
        ),
        // The model-tap workload and process readings that keypad-bench, the ModelTaps
        // benchmarks, keypad-gtk-bench and the demo's --soak share: no library's API.
        .target(
            name: "KeypadBenchSupport",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "keypad-gtk-bench",
            // The rigs measure plain GTK too (the baseline app), so this target alone
            // outside KeypadGTK builds GTK widgets itself.
            dependencies: [
                "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadBenchSupport", "CGTK",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        // The smallest Swift GTK 3 app with Foundation, make bench's memory floor: no keypad,
        // no KeypadGTK, so it alone besides the rigs above builds GTK widgets itself.
        .executableTarget(
            name: "keypad-gtk-anchor",
            dependencies: ["CGTK"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "keypad-bench",
            dependencies: [
                "KeypadCore", "KeypadBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Assertions the test targets share (trace comparisons with a line diff).
        .target(
            name: "KeypadTestSupport",
            dependencies: [
                "KeypadCore", "KeypadTesting",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                // Lets CustomDump's failures reach Swift Testing (without it they only print).
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            path: "Tests/KeypadTestSupport",
            swiftSettings: strictSettings
        ),
        // Test hooks in C for what XTest cannot do under Xvfb: touch events from a
        // touchscreen device, and a change of the monitor (RandR 1.5). Tests only.
        .target(
            name: "CKeypadTestDisplay",
            dependencies: ["CGTK"],
            path: "Tests/CKeypadTestDisplay",
            linkerSettings: [.linkedLibrary("Xrandr"), .linkedLibrary("X11")]
        ),
        // Fuzz targets (`make fuzz`): plainly built they replay saved inputs; built in
        // .build-fuzz with -sanitize=fuzzer they are libFuzzer binaries.
        .target(
            name: "KeypadFuzz",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "keypad-fuzz-layout",
            dependencies: ["KeypadFuzz"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "keypad-fuzz-model",
            dependencies: ["KeypadFuzz"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KeypadCoreTests",
            dependencies: [
                "KeypadCore", "KeypadTesting", "KeypadTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KeypadIMTests",
            dependencies: ["KeypadIM", "KeypadCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KeypadGTKTests",
            dependencies: [
                "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadTesting", "KeypadTestSupport",
                "CKeypadTestDisplay",
            ],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
    ]
)
