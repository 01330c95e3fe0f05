import Foundation
import KeypadResources

extension KeypadLayout {
    /// Loads a layout file of the app's own.
    ///
    /// - Throws: ``LayoutError`` naming the file and the problem: unreadable, invalid
    ///   JSON, an unknown field or action, an empty page or row, a duplicate id or name.
    public static func load(contentsOf url: URL) throws(LayoutError) -> KeypadLayout {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LayoutError(fileName: url.lastPathComponent, problem: "cannot be read: \(error.localizedDescription)")
        }
        return try decode(data, fileName: url.lastPathComponent)
    }

    /// Decodes a layout from JSON; `fileName` names it in errors.
    public static func decode(_ data: Data, fileName: String) throws(LayoutError) -> KeypadLayout {
        try LayoutParser(fileName: fileName).parse(data)
    }

    /// The bundled layout `id` from `Resources/layouts/<id>.json`.
    public static func bundled(id: String) throws(LayoutError) -> KeypadLayout {
        guard let url = bundledURL(id: id) else {
            throw LayoutError(fileName: "\(id).json", problem: "no bundled layout has this name")
        }
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
        KeypadResources.bundle.url(forResource: id, withExtension: "json", subdirectory: "layouts")
    }
}
