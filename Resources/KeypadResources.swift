import Foundation

/// The bundle that carries Keypad's data: layouts, themes and localized strings.
///
/// SwiftPM builds this folder as a target of its own so that the data stays in
/// the top-level `Resources/` folder, apart from code.
public enum KeypadResources {
    /// The bundle's folder name, as SwiftPM names it.
    public static let bundleName = "Keypad_KeypadResources.resources"

    /// The resource bundle built from `Resources/`: a copy beside one of the binaries this
    /// process has loaded when there is one, else where SwiftPM's accessor finds it.
    ///
    /// A program finds its copy beside itself either way. The input-method module is a
    /// library loaded into somebody else's program, so SwiftPM's accessor would look beside
    /// that program (`/usr/bin/python3`, say); `make install-im` puts the bundle beside the
    /// installed module instead, and this finds it there.
    public static var bundle: Bundle { besideBinary ?? Bundle.module }

    /// The first copy of the bundle found beside a file this process maps (the program,
    /// then its libraries, in the order `/proc/self/maps` lists them).
    public static var installedBundleURL: URL? {
        // Read to the end: /proc files have no size, and a one-shot read stops at a page.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var seen = Set<Substring>()
        for line in maps.split(separator: "\n") {
            // start-end perms offset device inode path: only file-backed mappings have a path.
            guard let slash = line.firstIndex(of: "/") else { continue }
            let directory = line[slash...]
            guard let end = directory.lastIndex(of: "/") else { continue }
            let folder = directory[..<end]
            guard seen.insert(folder).inserted else { continue }
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(bundleName)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    private static let besideBinary: Bundle? = installedBundleURL.flatMap(Bundle.init(url:))
}
