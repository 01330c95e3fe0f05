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
        let folder = try layoutDirectory(with: [
            "broken.json": #"{"id": "broken", "keyboardTypes": ["numberPad"], "pages": 3}"#
        ])
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

    @Test("a bundled folder's layout serves its type; a type it lacks falls back to the built-in number pad")
    func bundledFolder() throws {
        let bundled = try layoutDirectory(with: ["ownPad.json": ownPad])
        defer { try? FileManager.default.removeItem(at: bundled) }
        let catalog = LayoutCatalog(bundledDirectory: bundled)
        #expect(catalog.layout(for: .numberPad).id == "ownPad")
        #expect(catalog.layout(for: .decimalPad).id == "builtInNumberPad")
        #expect(try catalog.layout(id: "ownPad").id == "ownPad")
        #expect(throws: LayoutError(fileName: "numberPad.json", problem: "no bundled layout has this name")) {
            try catalog.layout(id: "numberPad")
        }
    }

    @Test("an override wins over the bundled folder")
    func overrideOverBundledFolder() throws {
        let bundled = try layoutDirectory(with: ["ownPad.json": ownPad])
        let override = try layoutDirectory(with: [
            "kioskPad.json": ownPad.replacingOccurrences(of: "ownPad", with: "kioskPad")
        ])
        defer {
            try? FileManager.default.removeItem(at: bundled)
            try? FileManager.default.removeItem(at: override)
        }
        let catalog = LayoutCatalog(overrideDirectory: override, bundledDirectory: bundled)
        #expect(catalog.layout(for: .numberPad).id == "kioskPad")
    }

    @Test(
        "with no usable bundled layout — an empty or broken install — every type gets the built-in number pad",
        arguments: [[:], ["numberPad.json": #"{"id": "numberPad", "keyboardTypes": ["numberPad"]}"#]])
    func builtIn(files: [String: String]) throws {
        let bundled = try layoutDirectory(with: files)
        defer { try? FileManager.default.removeItem(at: bundled) }
        let catalog = LayoutCatalog(bundledDirectory: bundled)
        for type in KeyboardType.allCases {
            #expect(catalog.layout(for: type) == LayoutCatalog.builtInNumberPad, "\(type)")
        }
        let fallback = LayoutCatalog.builtInNumberPad
        #expect(fallback.id == "builtInNumberPad" && fallback.keyboardTypes == [.numberPad])
        #expect(
            Set(fallback.initialPage.rows.joined().map(\.action))
                == Set((0...9).map { KeyAction.insert(String($0)) } + [.deleteBackward, .return]))
    }
}
