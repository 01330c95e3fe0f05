import Foundation

/// How layouts are read from disk: the real file system, or a test's stand-in that
/// counts reads. Reads are bounded: a file over ``KeypadLayout/Limits/maximumFileBytes``
/// is rejected from its size alone, and no read takes more than one byte past the limit.
public struct LayoutFileSystem: Sendable {
    /// A file's identity for caching: its size and modification time.
    public struct Stamp: Equatable, Sendable {
        /// The size in bytes.
        public var size: Int
        /// The modification time.
        public var modified: Date
        /// Whether it is a regular file (not a directory, FIFO or device, which could block a read).
        public var isRegularFile: Bool

        /// Creates a stamp.
        public init(size: Int, modified: Date, isRegularFile: Bool = true) {
            self.size = size
            self.modified = modified
            self.isRegularFile = isRegularFile
        }
    }

    /// The entries of a directory, or nil if it cannot be listed.
    public var contentsOfDirectory: @Sendable (URL) -> [URL]?
    /// A file's stamp, or nil if it does not exist.
    public var stamp: @Sendable (URL) -> Stamp?
    /// Reads at most `limit` bytes of a file.
    public var read: @Sendable (_ url: URL, _ limit: Int) throws -> Data

    /// Creates a file system from its three operations.
    public init(
        contentsOfDirectory: @escaping @Sendable (URL) -> [URL]?, stamp: @escaping @Sendable (URL) -> Stamp?,
        read: @escaping @Sendable (URL, Int) throws -> Data
    ) {
        self.contentsOfDirectory = contentsOfDirectory
        self.stamp = stamp
        self.read = read
    }

    /// The real file system.
    public static let live = LayoutFileSystem(
        contentsOfDirectory: { try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) },
        stamp: { url in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
            return Stamp(
                size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                modified: attributes[.modificationDate] as? Date ?? .distantPast,
                isRegularFile: attributes[.type] as? FileAttributeType == .typeRegular)
        },
        read: { url, limit in
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.read(upToCount: limit) ?? Data()
        })

    /// Loads the layout file at `url`: checks its stamp, then reads and parses it.
    func loadLayout(at url: URL, stamp: Stamp?) throws(LayoutError) -> KeypadLayout {
        let name = url.lastPathComponent
        guard let stamp else { throw LayoutError(.unreadable, fileName: name, problem: "the file does not exist") }
        guard stamp.isRegularFile else { throw LayoutError(.unreadable, fileName: name, problem: "not a regular file") }
        let limit = KeypadLayout.Limits.maximumFileBytes
        guard stamp.size <= limit else { throw Self.tooLarge(name, size: stamp.size) }
        let data: Data
        do {
            data = try read(url, limit + 1)
        } catch {
            throw LayoutError(.unreadable, fileName: name, problem: "cannot be read: \(error.localizedDescription)")
        }
        // The file may have grown between the stamp and the read.
        guard data.count <= limit else { throw Self.tooLarge(name, size: data.count) }
        return try LayoutParser(fileName: name).parse(data)
    }

    static func tooLarge(_ name: String, size: Int) -> LayoutError {
        LayoutError(
            .fileTooLarge, fileName: name,
            problem: "the file has \(size) bytes; at most \(KeypadLayout.Limits.maximumFileBytes) are read")
    }
}

/// Parsed layout files by path, kept while their stamp (size and modification time)
/// stays the same: each file is read and parsed once, however often it is looked up.
final class LayoutFileCache: @unchecked Sendable {
    /// The most files remembered; past it the cache starts afresh.
    static let maximumEntries = 256
    private let lock = NSLock()
    private var entries: [String: (stamp: LayoutFileSystem.Stamp, result: Result<KeypadLayout, LayoutError>)] = [:]

    /// The layout of `url`, from the cache while its stamp is unchanged, else loaded anew.
    func layout(at url: URL, fileSystem: LayoutFileSystem) -> Result<KeypadLayout, LayoutError> {
        let stamp = fileSystem.stamp(url)
        let key = url.standardizedFileURL.path
        lock.lock()
        let cached = entries[key]
        lock.unlock()
        if let cached, let stamp, cached.stamp == stamp { return cached.result }
        let result = Result { () throws(LayoutError) in try fileSystem.loadLayout(at: url, stamp: stamp) }
        lock.lock()
        if entries.count >= Self.maximumEntries { entries.removeAll() }
        if let stamp { entries[key] = (stamp, result) } else { entries[key] = nil }
        lock.unlock()
        return result
    }
}
