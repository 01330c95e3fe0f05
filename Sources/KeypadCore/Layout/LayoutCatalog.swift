import Foundation

/// Finds the layout for a keyboard type or a name, in this order: the app's override
/// directory, the bundled layouts, then a number pad built into the code — so a
/// keypad always appears, even with a broken install or a malformed override file.
///
/// Each file is read and parsed once and kept while its size and modification time
/// stay the same (copies of a catalog share what they have read), so looking a layout
/// up on every focus change costs a directory listing, not a parse.
public struct LayoutCatalog: Sendable {
    /// A directory of the app's own `<id>.json` layout files, searched first.
    public var overrideDirectory: URL?
    /// The directory of bundled layouts, searched second; nil means the package's own
    /// `Resources/layouts` (read once). Tests and packagers may point it elsewhere.
    public var bundledDirectory: URL?
    /// How files are listed, stamped and read.
    public var fileSystem: LayoutFileSystem
    private let cache = LayoutFileCache()

    /// The most `.json` files of a directory considered, in name order; the rest are reported.
    public static let maximumFiles = 64

    /// Creates a catalog.
    public init(overrideDirectory: URL? = nil, bundledDirectory: URL? = nil, fileSystem: LayoutFileSystem = .live) {
        self.overrideDirectory = overrideDirectory
        self.bundledDirectory = bundledDirectory
        self.fileSystem = fileSystem
    }

    /// The layout serving `type`: an override file that lists the type, else a bundled
    /// one, else the built-in number pad. Malformed files are skipped; ``problems`` lists
    /// the override directory's.
    public func layout(for type: KeyboardType) -> KeypadLayout {
        if let own = layouts(in: overrideDirectory).valid.first(where: { $0.keyboardTypes.contains(type) }) {
            return own
        }
        if let bundled = bundledLayouts.first(where: { $0.keyboardTypes.contains(type) }) { return bundled }
        return BuiltInLayouts.numberPad
    }

    /// The layout named `id`: an override file, else the bundled one — also when the
    /// override file is malformed (``problems`` reports it).
    ///
    /// - Throws: the override file's ``LayoutError`` if it is malformed and nothing is
    ///   bundled under that name, or one saying no layout has that name.
    public func layout(id: String) throws(LayoutError) -> KeypadLayout {
        guard LayoutError.isPlainName(id) else { throw LayoutError.noSuchLayout(id) }
        var overrideError: LayoutError?
        if let own = file(id: id, in: overrideDirectory) {
            switch cache.layout(at: own, fileSystem: fileSystem) {
            case .success(let layout): return layout
            case .failure(let error): overrideError = error
            }
        }
        do {
            return try bundledLayout(id: id)
        } catch {
            throw overrideError ?? error
        }
    }

    /// The malformed files in the override directory.
    public var problems: [LayoutError] { layouts(in: overrideDirectory).problems }

    /// The number pad built into the code, the last resort.
    public static var builtInNumberPad: KeypadLayout { BuiltInLayouts.numberPad }

    private func bundledLayout(id: String) throws(LayoutError) -> KeypadLayout {
        guard let bundledDirectory else { return try Self.packageLayout(id: id) }
        guard let bundled = file(id: id, in: bundledDirectory) else { throw LayoutError.noSuchLayout(id) }
        return try cache.layout(at: bundled, fileSystem: fileSystem).get()
    }

    private var bundledLayouts: [KeypadLayout] {
        guard let bundledDirectory else { return Self.packageLayouts }
        return layouts(in: bundledDirectory).valid
    }

    /// Every layout of the package's `Resources/layouts` that loads, read once.
    private static let packageLayouts: [KeypadLayout] = KeypadLayout.bundledIDs().compactMap {
        try? KeypadLayout.bundled(id: $0)
    }

    private static func packageLayout(id: String) throws(LayoutError) -> KeypadLayout {
        guard let layout = packageLayouts.first(where: { $0.id == id }) else { return try KeypadLayout.bundled(id: id) }
        return layout
    }

    /// The `<id>.json` file of `directory`, if there is one.
    private func file(id: String, in directory: URL?) -> URL? {
        guard let url = directory?.appendingPathComponent("\(id).json"), fileSystem.stamp(url) != nil else {
            return nil
        }
        return url
    }

    /// The layouts of the `.json` files of `directory` in name order, and the files that are malformed.
    private func layouts(in directory: URL?) -> (valid: [KeypadLayout], problems: [LayoutError]) {
        guard let directory, let entries = fileSystem.contentsOfDirectory(directory) else { return ([], []) }
        let files = entries.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        var valid: [KeypadLayout] = []
        var problems: [LayoutError] = []
        for file in files.prefix(Self.maximumFiles) {
            switch cache.layout(at: file, fileSystem: fileSystem) {
            case .success(let layout): valid.append(layout)
            case .failure(let error): problems.append(error)
            }
        }
        if files.count > Self.maximumFiles {
            problems.append(
                LayoutError(
                    .tooMany, fileName: LayoutText.escaped(directory.lastPathComponent, limit: 64),
                    problem: "\(files.count) layout files; only the first \(Self.maximumFiles) by name are read"))
        }
        return (valid, problems)
    }
}
