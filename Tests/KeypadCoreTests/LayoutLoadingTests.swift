import Foundation
import KeypadCore
import Testing

@Suite("Bundled layouts load and cover every keyboard type")
struct LayoutLoadingTests {
    @Test("every bundled layout loads", arguments: KeypadLayout.bundledIDs())
    func loads(id: String) throws {
        let layout = try KeypadLayout.bundled(id: id)
        #expect(layout.id == id)
        #expect(!layout.pages.isEmpty)
    }

    @Test("every keyboard type is served by exactly one bundled layout", arguments: KeyboardType.allCases)
    func coverage(type: KeyboardType) throws {
        let serving = try KeypadLayout.bundledIDs().map { id throws in try KeypadLayout.bundled(id: id) }
            .filter { $0.keyboardTypes.contains(type) }
        #expect(serving.count == 1, "\(type) is served by \(serving.map(\.id))")
    }

    @Test("the number pad has digits 0–9, delete and return, and nothing else")
    func numberPad() throws {
        let keys = try KeypadLayout.bundled(id: "numberPad").initialPage.rows.joined()
        #expect(
            Set(keys.map(\.action)) == Set((0...9).map { KeyAction.insert(String($0)) } + [.deleteBackward, .return]))
        #expect(keys.filter { $0.role == .digit }.count == 10)
    }

    @Test("the decimal pad has exactly one decimal separator key")
    func decimalPad() throws {
        let keys = try KeypadLayout.bundled(id: "decimalPad").initialPage.rows.joined()
        #expect(keys.filter { $0.action == .decimalSeparator }.count == 1)
        #expect(keys.first { $0.action == .decimalSeparator }?.accessibleName == "Decimal separator")
    }

    @Test("the phone pad has * and #, and + as the long press of 0")
    func phonePad() throws {
        let keys = try KeypadLayout.bundled(id: "phonePad").initialPage.rows.joined()
        #expect(keys.contains { $0.action == .insert("*") } && keys.contains { $0.action == .insert("#") })
        #expect(keys.first { $0.action == .insert("0") }?.alternatives == [.insert("+")])
    }

    @Test(
        "the URL and e-mail layouts stress their keys",
        arguments: [
            ("url", [".", "/", ".com"]), ("emailAddress", ["@", "."]), ("twitter", ["@", "#"]),
        ])
    func stressedKeys(id: String, inserts: [String]) throws {
        let keys = try KeypadLayout.bundled(id: id).initialPage.rows.joined()
        for text in inserts { #expect(keys.contains { $0.action == .insert(text) }, "\(id) lacks \(text)") }
    }

    @Test("numbersAndPunctuation opens on its symbols page; page switches reach every page")
    func pages() throws {
        let layout = try KeypadLayout.bundled(id: "numbersAndPunctuation")
        #expect(layout.initialPage.id == "symbols")
        let targets = Set(
            layout.pages.flatMap { $0.rows.joined() }.compactMap { key -> String? in
                if case .switchPage(let page) = key.action { page } else { nil }
            })
        #expect(targets == Set(layout.pages.map(\.id)))
    }

    @Test("symbol keys are named by themselves; delete and the separator by their function")
    func accessibleNames() throws {
        let keys = try KeypadLayout.bundled(id: "phonePad").initialPage.rows.joined()
        #expect(keys.first { $0.action == .insert("#") }?.accessibleName == "#")
        #expect(keys.first { $0.action == .deleteBackward }?.accessibleName == "Delete")
    }
}
