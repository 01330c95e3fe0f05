import Foundation

/// Finds the layout for a keyboard type or a name, in this order: the app's override
/// directory, the bundled layouts, then a number pad built into the code — so a
/// keypad always appears, even with a broken install or a malformed override file.
public struct LayoutCatalog: Sendable {
    /// A directory of the app's own `<id>.json` layout files, searched first.
    public var overrideDirectory: URL?
    /// The directory of bundled layouts, searched second; nil means the package's own
    /// `Resources/layouts` (read once). Tests and packagers may point it elsewhere.
    public var bundledDirectory: URL?

    /// Creates a catalog.
    public init(overrideDirectory: URL? = nil, bundledDirectory: URL? = nil) {
        self.overrideDirectory = overrideDirectory
        self.bundledDirectory = bundledDirectory
    }

    /// The layout serving `type`: an override file that lists the type, else a bundled
    /// one, else the built-in number pad. Malformed files are skipped; ``problems`` lists
    /// the override directory's.
    public func layout(for type: KeyboardType) -> KeypadLayout {
        if let own = Self.layouts(in: overrideDirectory).valid.first(where: { $0.keyboardTypes.contains(type) }) {
            return own
        }
        if let bundled = bundledLayouts.first(where: { $0.keyboardTypes.contains(type) }) { return bundled }
        return BuiltInLayouts.numberPad
    }

    /// The layout named `id`: an override file, else the bundled one.
    ///
    /// - Throws: the file's ``LayoutError`` if it is malformed, or one saying no layout
    ///   has that name.
    public func layout(id: String) throws(LayoutError) -> KeypadLayout {
        if let own = Self.file(id: id, in: overrideDirectory) { return try KeypadLayout.load(contentsOf: own) }
        guard let bundledDirectory else { return try KeypadLayout.bundled(id: id) }
        guard let bundled = Self.file(id: id, in: bundledDirectory) else {
            throw LayoutError(fileName: "\(id).json", problem: "no bundled layout has this name")
        }
        return try KeypadLayout.load(contentsOf: bundled)
    }

    /// The malformed files in the override directory.
    public var problems: [LayoutError] { Self.layouts(in: overrideDirectory).problems }

    /// The number pad built into the code, the last resort.
    public static var builtInNumberPad: KeypadLayout { BuiltInLayouts.numberPad }

    private var bundledLayouts: [KeypadLayout] {
        guard let bundledDirectory else { return Self.packageLayouts }
        return Self.layouts(in: bundledDirectory).valid
    }

    /// Every layout of the package's `Resources/layouts` that loads, read once.
    private static let packageLayouts: [KeypadLayout] = KeypadLayout.bundledIDs().compactMap {
        try? KeypadLayout.bundled(id: $0)
    }

    /// The `<id>.json` file of `directory`, if there is one.
    private static func file(id: String, in directory: URL?) -> URL? {
        guard let url = directory?.appendingPathComponent("\(id).json"),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// The layouts of the `.json` files of `directory` in name order, and the files that are malformed.
    private static func layouts(in directory: URL?) -> (valid: [KeypadLayout], problems: [LayoutError]) {
        guard let directory,
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
}
