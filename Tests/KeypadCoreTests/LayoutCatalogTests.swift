import Foundation
import KeypadCore
import Testing

@Suite("Layout lookup: the app's override, then bundled, then the built-in number pad")
struct LayoutCatalogTests {
    private let ownPad = #"""
        {"id": "ownPad", "keyboardTypes": ["numberPad"],
         "pages": [{"id": "p", "rows": [[{"id": "1", "insert": "1"}, {"id": "0", "insert": "0"}]]}]}
        """#

    @Test("an override file that serves the type wins over the bundled layout")
    func overrideWins() throws {
        let folder = try layoutDirectory(with: ["ownPad.json": ownPad])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(LayoutCatalog(overrideDirectory: folder).layout(for: .numberPad).id == "ownPad")
        #expect(try LayoutCatalog(overrideDirectory: folder).layout(id: "ownPad").id == "ownPad")
    }

    @Test("without an override the bundled layout serves the type")
    func bundled() {
        #expect(LayoutCatalog().layout(for: .decimalPad).id == "decimalPad")
        #expect(LayoutCatalog().layout(for: .asciiCapable).id == "default")
    }

    @Test("a malformed override is skipped, reported, and the bundled layout serves")
    func malformedOverride() throws {
        let folder = try layoutDirectory(with: ["broken.json": #"{"id": "broken", "keyboardTypes": ["numberPad"], "pages": 3}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = LayoutCatalog(overrideDirectory: folder)
        #expect(catalog.layout(for: .numberPad).id == "numberPad")
        #expect(catalog.problems.map(\.description) == [#"broken.json: the layout has no "pages" array"#])
    }

    @Test("an unknown name throws, naming it")
    func unknownName() {
        #expect(throws: LayoutError(fileName: "hexPad.json", problem: "no bundled layout has this name")) {
            try LayoutCatalog().layout(id: "hexPad")
        }
    }

    @Test("the built-in number pad is the last resort for a type no file serves")
    func builtIn() throws {
        let folder = try layoutDirectory(with: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let fallback = LayoutCatalog.builtInNumberPad
        #expect(fallback.initialPage.rows.joined().filter { $0.role == .digit }.count == 10)
        #expect(fallback.id == "builtInNumberPad")
    }
}
