import Foundation

/// Runs saved fuzz inputs through a target without libFuzzer: the regression check of
/// `make test`, and a way to reproduce a crasher under a debugger.
public enum FuzzReplay {
    /// Runs `target` on every file named in `arguments`, and every file of every directory
    /// named; a broken invariant stops the process. Returns the exit status.
    @MainActor
    public static func main(arguments: [String], target: @MainActor (Data) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE|DIR...\n".utf8))
            return 2
        }
        var count = 0
        for path in arguments {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    return 1
                }
                target(data)
                count += 1
            }
        }
        print("replayed \(count) inputs")
        return 0
    }

    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { path + "/" + $0 }
    }
}
