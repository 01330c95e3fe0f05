import Foundation

/// Finds the layout for a keyboard type or a name, in this order: the app's override
/// directory, the bundled layouts, then a number pad built into the code — so a
/// keypad always appears, even with a broken install or a malformed override file.
public struct LayoutCatalog: Sendable {
    /// A directory of the app's own `<id>.json` layout files, searched first.
    public var overrideDirectory: URL?

    /// Creates a catalog.
    public init(overrideDirectory: URL? = nil) {
        self.overrideDirectory = overrideDirectory
    }

    /// The layout serving `type`: an override file that lists the type, else the bundled
    /// one, else the built-in number pad. Malformed files are skipped and listed in ``problems``.
    public func layout(for type: KeyboardType) -> KeypadLayout {
        if let own = overrideLayouts().valid.first(where: { $0.keyboardTypes.contains(type) }) { return own }
        if let bundled = Self.bundledLayouts.first(where: { $0.keyboardTypes.contains(type) }) { return bundled }
        return BuiltInLayouts.numberPad
    }

    /// The layout named `id`: an override file, else the bundled one.
    ///
    /// - Throws: the override file's ``LayoutError`` if it is malformed, or one saying no
    ///   layout has that name.
    public func layout(id: String) throws(LayoutError) -> KeypadLayout {
        if let directory = overrideDirectory {
            let url = directory.appendingPathComponent("\(id).json")
            if FileManager.default.fileExists(atPath: url.path) { return try KeypadLayout.load(contentsOf: url) }
        }
        return try KeypadLayout.bundled(id: id)
    }

    /// The malformed files in the override directory.
    public var problems: [LayoutError] { overrideLayouts().problems }

    private func overrideLayouts() -> (valid: [KeypadLayout], problems: [LayoutError]) {
        guard let directory = overrideDirectory,
            let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return ([], []) }
        var valid: [KeypadLayout] = []
        var problems: [LayoutError] = []
        for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.path < $1.path }) {
            do {
                valid.append(try KeypadLayout.load(contentsOf: file))
            } catch {
                problems.append(error)
            }
        }
        return (valid, problems)
    }

    /// The number pad built into the code, the last resort.
    public static var builtInNumberPad: KeypadLayout { BuiltInLayouts.numberPad }

    /// Every bundled layout that loads, read once.
    static let bundledLayouts: [KeypadLayout] = KeypadLayout.bundledIDs().compactMap { try? KeypadLayout.bundled(id: $0) }
}
