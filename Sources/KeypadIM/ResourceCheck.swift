import Foundation

/// Whether the module's data (layouts, strings, CSS) can be found before anything reads it.
///
/// KeypadResources finds its bundle the way SwiftPM generates it: beside the program
/// (for a host app, beside `/usr/bin/python3` or the like), else in the build folder the
/// module was built in — and stops the process when neither exists. A module installed
/// with `make install-im` whose checkout was removed would take its host app down at the
/// first focus-in, so the module looks first and, finding nothing, logs one line and
/// shows no keypad.
enum ResourceCheck {
    static let bundleName = "Keypad_KeypadResources.resources"

    /// The places SwiftPM's accessor looks, in its order.
    static var candidates: [URL] {
        // Sources/KeypadIM/ResourceCheck.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        #if DEBUG
            let configuration = "debug"
        #else
            let configuration = "release"
        #endif
        return [
            Bundle.main.bundleURL.appendingPathComponent(bundleName),
            root.appendingPathComponent(".build/\(configuration)/\(bundleName)"),
        ]
    }

    /// Whether one of the ``candidates`` exists; logs one line when none does.
    static func resourcesAvailable() -> Bool {
        let places = candidates
        if places.contains(where: { FileManager.default.fileExists(atPath: $0.path) }) { return true }
        Log.warning("no keypad: \(bundleName) is in none of \(places.map(\.path)) (rebuild the module: make build)")
        return false
    }
}
