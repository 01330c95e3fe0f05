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
        .executable(name: "keypad-fuzz-layout", targets: ["keypad-fuzz-layout"]),
        .executable(name: "keypad-fuzz-model", targets: ["keypad-fuzz-model"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
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
        .target(
            name: "KeypadGTK",
            dependencies: ["KeypadCore", "KeypadTesting", "CGTK"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-demo",
            dependencies: ["KeypadGTK", "KeypadCore"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .target(
            name: "KeypadTesting",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "keypad-gtk-bench",
            dependencies: ["KeypadGTK"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-bench",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
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
            dependencies: ["KeypadCore", "KeypadTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KeypadGTKTests",
            dependencies: ["KeypadGTK", "KeypadCore", "KeypadTesting"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
    ]
)
