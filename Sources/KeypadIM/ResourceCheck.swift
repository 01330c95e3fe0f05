import Foundation
import KeypadResources

/// Whether the module's data (layouts, strings, CSS) can be found before anything reads it.
///
/// KeypadResources finds its bundle beside the module's own library (where `make install-im`
/// puts it), else the way SwiftPM generates it: beside the program (for a host app, beside
/// `/usr/bin/python3` or the like), else in the build folder the module was built in — and
/// SwiftPM's accessor stops the process when none exists. A module copied somewhere without
/// its bundle would take its host app down at the first focus-in, so the module looks first
/// and, finding nothing, logs one line and shows no keypad.
enum ResourceCheck {
    static let bundleName = KeypadResources.bundleName

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
        let installed = KeypadResources.installedBundleURL.map { [$0] } ?? []
        return installed + [
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
