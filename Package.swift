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
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")
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
            dependencies: ["KeypadCore", "KeypadResources", "CGTK"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-demo",
            dependencies: ["KeypadGTK", "KeypadCore", "KeypadTesting"],
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
        .executableTarget(
            name: "keypad-gtk-bench",
            // The rigs measure plain GTK too (the baseline app), so this target alone
            // outside KeypadGTK builds GTK widgets itself.
            dependencies: ["KeypadGTK", "KeypadCore", "KeypadTesting", "CGTK"],
            swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "keypad-bench",
            dependencies: ["KeypadCore", "KeypadTesting"],
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
