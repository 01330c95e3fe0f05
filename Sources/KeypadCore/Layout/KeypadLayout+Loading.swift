import Foundation
import KeypadResources

extension KeypadLayout {
    /// Loads a layout file of the app's own.
    ///
    /// The file's size is checked before it is read: one over
    /// ``Limits/maximumFileBytes`` is rejected unread, as is anything but a regular file.
    ///
    /// - Throws: ``LayoutError`` naming the file, the place in it and the problem:
    ///   unreadable, too large, invalid JSON, a wrong type, an unknown field or
    ///   action, a value out of ``Limits``, a duplicate member, id or name.
    public static func load(contentsOf url: URL) throws(LayoutError) -> KeypadLayout {
        let files = LayoutFileSystem.live
        return try files.loadLayout(at: url, stamp: files.stamp(url))
    }

    /// Decodes a layout from JSON; `fileName` names it in errors.
    public static func decode(_ data: Data, fileName: String) throws(LayoutError) -> KeypadLayout {
        try LayoutParser(fileName: fileName).parse(data)
    }

    /// The bundled layout `id` from `Resources/layouts/<id>.json`.
    public static func bundled(id: String) throws(LayoutError) -> KeypadLayout {
        guard let url = bundledURL(id: id) else { throw LayoutError.noSuchLayout(id) }
        return try load(contentsOf: url)
    }

    /// The names of every bundled layout, sorted.
    public static func bundledIDs() -> [String] {
        guard let folder = KeypadResources.bundle.url(forResource: "layouts", withExtension: nil),
            let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.pathExtension == "json" }.map { $0.deletingPathExtension().lastPathComponent }.sorted()
    }

    static func bundledURL(id: String) -> URL? {
        guard LayoutError.isPlainName(id) else { return nil }
        return KeypadResources.bundle.url(forResource: id, withExtension: "json", subdirectory: "layouts")
    }
}

extension LayoutError {
    /// No layout file has the name `id`.
    static func noSuchLayout(_ id: String) -> LayoutError {
        LayoutError(
            .noSuchLayout, fileName: LayoutText.escaped("\(id).json", limit: 64),
            problem: "no bundled layout has this name")
    }

    /// Whether `id` can name a file of a layout directory: no path separators, no
    /// leading dot, no control characters, at most ``KeypadLayout/Limits/maximumIDLength``.
    static func isPlainName(_ id: String) -> Bool {
        !id.isEmpty && id.count <= KeypadLayout.Limits.maximumIDLength && !id.hasPrefix(".") && !id.contains("/")
            && !id.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
