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
        .executableTarget(
            name: "keypad-bench",
            dependencies: ["KeypadCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KeypadCoreTests",
            dependencies: ["KeypadCore", "KeypadTesting"],
            swiftSettings: strictSettings
        ),
    ]
)
