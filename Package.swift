// swift-tools-version: 6.2
import PackageDescription

/// Every Swift target builds in Swift 6 language mode with strict concurrency.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// GTK targets: UI state is `@MainActor` by default.
let gtkSettings: [SwiftSetting] = strictSettings + [.defaultIsolation(MainActor.self)]

/// The C targets warn as the Swift ones do (`make build` turns warnings into errors).
let cWarnings: [CSetting] = [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])]

// MARK: - What ships (Sources/)

let shipping: [Target] = [
    .target(
        name: "KeypadResources",
        path: "Resources",
        // osk/: keypad-osk's systemd unit and XDG autostart entry, installed by its package.
        exclude: ["README.md", "osk"],
        resources: [
            .copy("layouts"),
            .copy("themes"),
            .copy("dbus"),
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
    .target(
        name: "KeypadTesting",
        dependencies: ["KeypadCore"],
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
        cSettings: cWarnings,
        linkerSettings: [.linkedLibrary("wayland-client")]
    ),
    // What the keypad's own window needs of X11: which root-window property changes move the work area.
    .target(
        name: "CKeypadX11",
        dependencies: ["CGTK"],
        cSettings: cWarnings
    ),
    // GTK 3 widgets GTK lacks (a GObject subclass needs C): the keypad's slide clip.
    .target(
        name: "CKeypadGTK",
        dependencies: ["CGTK"],
        cSettings: cWarnings
    ),
    .target(
        name: "KeypadGTK",
        dependencies: ["KeypadCore", "KeypadResources", "CGTK", "CKeypadGTK", "CKeypadWayland", "CKeypadX11"],
        swiftSettings: gtkSettings
    ),
    // keypad-osk's input-method-v2 and virtual-keyboard client, on GDK's Wayland connection.
    .target(
        name: "CKeypadOSKWayland",
        dependencies: ["CGTK"],
        cSettings: cWarnings,
        linkerSettings: [.linkedLibrary("wayland-client")]
    ),
    // keypad-osk on X11: another app's field's position, its keypad window kept with it, and
    // the keyboard on request's keys through XTest (#35).
    .target(
        name: "CKeypadOSKX11",
        dependencies: ["CGTK"],
        cSettings: cWarnings,
        linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xtst")]
    ),
    // keypad-osk's core (Service/), the model fields standing for another app's field and its
    // neighbours (StandIns/), its trace (Trace/), where its keypad goes (Placement/), and its
    // fronts: org.keypad.OSK1 for the thin modules (DBus/), Wayland's input-method-v2 (Wayland/),
    // X11 (X11/).
    .target(
        name: "KeypadOSK",
        dependencies: [
            "CGTK", "CKeypadWayland", "CKeypadOSKWayland", "CKeypadOSKX11", "KeypadGTK", "KeypadCore",
            "KeypadResources",
        ],
        swiftSettings: gtkSettings
    ),
    // The command-line options keypad-osk and the demo share (--theme, --locale, --layouts, --css)
    // and their default locale from the environment: one definition, one default.
    .target(
        name: "KeypadCommandLine",
        dependencies: ["KeypadGTK", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        swiftSettings: gtkSettings
    ),
    // The system keypad process: a client of the compositor's input-method-v2.
    .executableTarget(
        name: "keypad-osk",
        dependencies: [
            "KeypadOSK", "KeypadGTK", "KeypadCommandLine", "CGTK", "CKeypadWayland",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        swiftSettings: gtkSettings
    ),
]

// MARK: - Examples (Sources/): what an app developer reads and copies

let examples: [Target] = [
    // The kiosk form. Its `--screenshot` (make demo without a display) and `--soak` (make soak)
    // modes read real widgets back through the test hooks and the process readings: the demo
    // is the one program outside tests and benchmarks that links them. DemoForm.swift, the
    // part to copy, uses KeypadGTK's public API alone.
    .executableTarget(
        name: "keypad-demo",
        dependencies: [
            "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadTesting", "KeypadBenchSupport",
            "KeypadCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        swiftSettings: gtkSettings
    ),
    // An app's own .ui file with its entries bound: public API only.
    .executableTarget(
        name: "keypad-example",
        dependencies: ["KeypadGTK", "KeypadCore"],
        resources: [.copy("checkout.ui")],
        swiftSettings: gtkSettings
    ),
]

// MARK: - Test support (Tests/): never linked by the library or keypad-osk

let testSupport: [Target] = [
    // What tests and the demo's scripted modes read back from real widgets and do to them
    // (screen positions, widget text, focus, destroying a widget), with `package` access.
    .target(
        name: "KeypadGTKInspection",
        dependencies: ["KeypadGTK", "KeypadCore", "CGTK"],
        path: "Tests/KeypadGTKInspection",
        swiftSettings: gtkSettings
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
    // touchscreen device, and a change of the monitor (RandR 1.5).
    .target(
        name: "CKeypadTestDisplay",
        dependencies: ["CGTK"],
        path: "Tests/CKeypadTestDisplay",
        cSettings: cWarnings,
        linkerSettings: [.linkedLibrary("Xrandr"), .linkedLibrary("X11")]
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
        name: "KeypadOSKTests",
        dependencies: [
            "KeypadOSK", "KeypadGTK", "KeypadCore", "KeypadCommandLine", "CKeypadOSKWayland", "CKeypadTestDisplay",
        ],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "KeypadGTKTests",
        dependencies: [
            "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadTesting", "KeypadTestSupport",
            "CKeypadTestDisplay",
        ],
        swiftSettings: gtkSettings
    ),
]

// MARK: - Benchmark rigs (Benchmarks/Rigs/): make bench's GTK measurements
// (the headless model's benchmarks are a package of their own, Benchmarks/Model/)

let benchmarkRigs: [Target] = [
    // Process readings (RSS) that keypad-gtk-bench and the demo's --soak share.
    .target(
        name: "KeypadBenchSupport",
        path: "Benchmarks/Rigs/KeypadBenchSupport",
        swiftSettings: strictSettings
    ),
    .executableTarget(
        name: "keypad-gtk-bench",
        // The rigs measure plain GTK too (the baseline app), so they build GTK widgets themselves.
        dependencies: [
            "KeypadGTK", "KeypadGTKInspection", "KeypadCore", "KeypadBenchSupport", "CGTK",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Benchmarks/Rigs/keypad-gtk-bench",
        swiftSettings: gtkSettings
    ),
    // The smallest Swift GTK 3 app with Foundation, make bench's memory floor: no keypad.
    .executableTarget(
        name: "keypad-gtk-anchor",
        dependencies: ["CGTK"],
        path: "Benchmarks/Rigs/keypad-gtk-anchor",
        swiftSettings: strictSettings
    ),
]

// MARK: - Fuzzing (Fuzz/): `make fuzz`, and `make test` replays the saved crashers

let fuzzing: [Target] = [
    // Plainly built the executables replay saved inputs; built in .build-fuzz with
    // -sanitize=fuzzer they are libFuzzer binaries (scripts/checks/fuzz).
    .target(
        name: "KeypadFuzz",
        dependencies: ["KeypadCore"],
        path: "Fuzz/KeypadFuzz",
        swiftSettings: strictSettings
    ),
    .executableTarget(
        name: "keypad-fuzz-layout",
        dependencies: ["KeypadFuzz"],
        path: "Fuzz/keypad-fuzz-layout",
        swiftSettings: strictSettings
    ),
    .executableTarget(
        name: "keypad-fuzz-model",
        dependencies: ["KeypadFuzz"],
        path: "Fuzz/keypad-fuzz-model",
        swiftSettings: strictSettings
    ),
]

// MARK: - KeypadCore's tests alone (make test-arm64)

/// `KEYPAD_CORE_TESTS_ONLY=1` leaves the package with KeypadCore's tests and what they import:
/// make test-arm64 cross-builds them for arm64 (Tests/Deb/arm64_deb13.sh), where GTK's and
/// keypad-osk's test targets would cost most of the build and run nothing there.
let coreTestsOnly = Context.environment["KEYPAD_CORE_TESTS_ONLY"] == "1"
let coreTestTargets: Set<String> = [
    "KeypadResources", "KeypadCore", "KeypadTesting", "KeypadTestSupport", "KeypadCoreTests",
]
let allTargets = shipping + examples + testSupport + benchmarkRigs + fuzzing

let package = Package(
    name: "Keypad",
    defaultLocalization: "en",
    products: [
        .library(name: "KeypadCore", targets: ["KeypadCore"]),
        .library(name: "KeypadTesting", targets: ["KeypadTesting"]),
    ]
        + (coreTestsOnly
            ? []
            : [
                .library(name: "KeypadGTK", targets: ["KeypadGTK"]),
                // The system keypad process (Wayland input-method-v2; D-Bus).
                .executable(name: "keypad-osk", targets: ["keypad-osk"]),
                .executable(name: "keypad-demo", targets: ["keypad-demo"]),
                .executable(name: "keypad-example", targets: ["keypad-example"]),
                // Not products: the test hooks, the bench rigs and the fuzzers. `swift build` and
                // `swift run NAME` still build and run them.
            ]),
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: coreTestsOnly ? allTargets.filter { coreTestTargets.contains($0.name) } : allTargets
)
