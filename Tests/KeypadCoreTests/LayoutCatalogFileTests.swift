import Foundation
import KeypadCore
import KeypadTesting
import Synchronization
import Testing

/// A file system over a real directory that counts the reads it does.
final class CountingFiles: Sendable {
    let reads = Mutex<[String]>([])

    var fileSystem: LayoutFileSystem {
        let live = LayoutFileSystem.live
        return LayoutFileSystem(
            contentsOfDirectory: live.contentsOfDirectory, stamp: live.stamp,
            read: { [self] url, limit in
                reads.withLock { $0.append(url.lastPathComponent) }
                return try live.read(url, limit)
            })
    }

    var readCount: Int { reads.withLock { $0.count } }
}

private let ownPad = #"""
    {"id": "ownPad", "keyboardTypes": ["numberPad"],
     "pages": [{"id": "p", "rows": [[{"id": "1", "insert": "1"}, {"id": "sym", "switchLayout": "numbersAndPunctuation", "label": "#+="}]]}]}
    """#

@Suite("Override files are read once, bounded, and a broken one falls back to the bundled layout")
struct LayoutCatalogFileTests {
    @Test("40 lookups read each override file once; a changed file is read again")
    func readOnce() throws {
        let folder = try layoutDirectory(with: ["ownPad.json": ownPad, "broken.json": #"{"id": 1}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = CountingFiles()
        let catalog = LayoutCatalog(overrideDirectory: folder, fileSystem: files.fileSystem)
        for index in 0..<40 {
            #expect(
                catalog.layout(for: index.isMultiple(of: 2) ? .numberPad : .decimalPad).id
                    == (index.isMultiple(of: 2) ? "ownPad" : "decimalPad"))
            #expect(try catalog.layout(id: "ownPad").id == "ownPad")
            #expect(catalog.problems.count == 1)
        }
        #expect(files.readCount == 2)
        try Data(ownPad.replacingOccurrences(of: "\"1\"", with: "\"2\"").utf8)
            .write(to: folder.appendingPathComponent("ownPad.json"))
        #expect(catalog.layout(for: .numberPad).initialPage.rows[0][0].id == "2")
        #expect(files.readCount == 3)
    }

    @Test("a file over the size limit is rejected from its size, without a read")
    func tooLargeUnread() throws {
        let big = String(repeating: " ", count: KeypadLayout.Limits.maximumFileBytes) + ownPad
        let folder = try layoutDirectory(with: ["ownPad.json": big])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = CountingFiles()
        let catalog = LayoutCatalog(overrideDirectory: folder, fileSystem: files.fileSystem)
        #expect(catalog.layout(for: .numberPad).id == "numberPad")
        #expect(catalog.problems.map(\.kind) == [.fileTooLarge])
        #expect(files.readCount == 0)
    }

    @Test("a read never takes more than one byte past the limit, even if the file grew after its size was checked")
    func boundedRead() throws {
        let limit = Mutex<Int>(0)
        let fileSystem = LayoutFileSystem(
            contentsOfDirectory: { _ in nil },
            stamp: { _ in LayoutFileSystem.Stamp(size: 10, modified: .distantPast) },
            read: { _, requested in
                limit.withLock { $0 = requested }
                return Data(count: requested)
            })
        let catalog = LayoutCatalog(overrideDirectory: URL(fileURLWithPath: "/nowhere"), fileSystem: fileSystem)
        #expect(throws: LayoutError.self) { try catalog.layout(id: "grown") }
        #expect(limit.withLock { $0 } == KeypadLayout.Limits.maximumFileBytes + 1)
    }

    @Test("a FIFO named like a layout is not read (it would block)")
    func fifo() throws {
        let folder = try layoutDirectory(with: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("numberPad.json").path
        #expect(mkfifo(path, 0o600) == 0)
        let catalog = LayoutCatalog(overrideDirectory: folder)
        #expect(catalog.layout(for: .numberPad).id == "numberPad")
        #expect(catalog.problems.map(\.kind) == [.unreadable])
        #expect(try catalog.layout(id: "numberPad").id == "numberPad")
    }

    @Test("a switch target whose override file is broken is the bundled layout of that name")
    func brokenOverrideFallsBack() throws {
        let folder = try layoutDirectory(with: ["ownPad.json": ownPad, "numbersAndPunctuation.json": #"{"id": true}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = LayoutCatalog(overrideDirectory: folder)
        #expect(try catalog.layout(id: "numbersAndPunctuation").id == "numbersAndPunctuation")
        #expect(catalog.problems.map(\.kind) == [.wrongType])
    }

    @Test("a broken override with no bundled layout of its name throws the file's own error")
    func brokenOverrideAlone() throws {
        let folder = try layoutDirectory(with: ["mine.json": #"{"id": true}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: LayoutError(
                .wrongType, fileName: "mine.json", line: 1, column: 8,
                problem: #""id" in the layout must be a string, not a boolean"#)
        ) {
            try LayoutCatalog(overrideDirectory: folder).layout(id: "mine")
        }
    }

    @Test("layout names that are paths are not looked up", arguments: ["../numberPad", "/etc/passwd", ".hidden", ""])
    func pathNames(id: String) {
        #expect(throws: LayoutError.self) { try LayoutCatalog().layout(id: id) }
    }

    @MainActor
    @Test("a switch key to a layout whose override file is broken shows the bundled one")
    func switchKeyToBrokenOverride() throws {
        let folder = try layoutDirectory(with: ["ownPad.json": ownPad, "numbersAndPunctuation.json": "{ broken"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.layoutCatalog = LayoutCatalog(overrideDirectory: folder)
        let field = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        scope.add(field)
        field.becomeFirstResponder()
        let keypad = scope.defaultKeypad(for: .numberPad)
        var changes: [Keypad.Change] = []
        keypad.addObserver { changes.append($0) }
        keypad.tapKey("sym")
        #expect(changes.first == .keyActivated("sym"))
        #expect(keypad.layout.id == "numbersAndPunctuation")
    }
}
