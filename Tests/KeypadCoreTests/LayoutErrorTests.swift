import Foundation
import KeypadCore
import Testing

/// A valid one-page layout whose single key is `key` (raw JSON).
private func layout(key: String = #"{"id": "1", "insert": "1"}"#, extra: String = "", page: String? = nil) -> String {
    let pageJSON = page ?? #"{"id": "digits", "rows": [[\#(key)]]}"#
    return #"{"id": "pad", "keyboardTypes": ["numberPad"], \#(extra) "pages": [\#(pageJSON)]}"#
}

private func problem(_ json: String) -> String? {
    do {
        _ = try KeypadLayout.decode(Data(json.utf8), fileName: "mine.json")
        return nil
    } catch {
        return error.description
    }
}

@Suite("A malformed layout file is rejected with its name and the exact problem")
struct LayoutErrorTests {
    @Test("the fixture itself is valid")
    func valid() { #expect(problem(layout()) == nil) }

    @Test(
        "each malformed file names the file and the problem",
        arguments: [
            ("{ not json", "mine.json: invalid JSON"),
            (#"{"rows": ["#, "mine.json: invalid JSON: Unexpected end of file during JSON parse"),
            (
                "{\n  \"id\": \"pad\",\n  \"pages\": [}\n}",
                "mine.json: invalid JSON: Invalid value around character 29 (line 3, column 13)"
            ),
            (
                layout(key: #"{"id": "1", "insert": "1", "colour": "red"}"#),
                #"mine.json: unknown field "colour" in key "1""#
            ),
            (layout(extra: #""theme": "dark","#), #"mine.json: unknown field "theme" in the layout"#),
            (layout(key: #"{"id": "1", "action": "explode"}"#), #"mine.json: unknown action "explode" for key "1""#),
            (
                layout(key: #"{"id": "1"}"#),
                #"mine.json: key "1" needs exactly one of "insert", "action", "switchPage", "switchLayout""#
            ),
            (layout(key: #"{"id": "x", "action": "dismiss"}"#), #"mine.json: key "x" has no label"#),
            (
                layout(key: #"{"id": "1", "insert": "1", "width": 0}"#),
                #"mine.json: key "1" has width 0.0; widths must be positive"#
            ),
            (
                layout(key: #"{"id": "p", "switchPage": "nowhere", "label": "?"}"#),
                #"mine.json: key "p" switches to page "nowhere", which does not exist"#
            ),
            (
                layout(key: #"{"id": "1", "insert": "1"}, {"id": "1", "insert": "2"}"#),
                #"mine.json: duplicate key id "1" in page "digits""#
            ),
            (
                layout(key: #"{"id": "a", "insert": "1"}, {"id": "b", "insert": "1"}"#),
                #"mine.json: duplicate accessible name "1" in page "digits""#
            ),
            (
                layout(page: #"{"id": "digits", "rows": [[{"id": "1", "insert": "1"}], []]}"#),
                #"mine.json: row 2 of page "digits" is empty"#
            ),
            (layout(page: #"{"id": "digits", "rows": []}"#), #"mine.json: page "digits" has no rows"#),
            (#"{"id": "pad", "pages": []}"#, "mine.json: the layout has no pages"),
            (
                #"{"id": "pad", "keyboardTypes": ["hexPad"], "pages": []}"#,
                #"mine.json: unknown keyboard type "hexPad""#
            ),
            (
                layout(key: #"{"id": "1", "insert": "1", "role": "banana"}"#),
                #"mine.json: key "1" has unknown role "banana""#
            ),
        ])
    func malformed(json: String, expected: String) {
        let message = problem(json)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
    }

    @Test("a real file's error names that file")
    func fileName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("kiosk-pad.json")
        try Data(layout(key: #"{"id": "1", "action": "explode"}"#).utf8).write(to: url)
        #expect(throws: LayoutError(fileName: "kiosk-pad.json", problem: #"unknown action "explode" for key "1""#)) {
            try KeypadLayout.load(contentsOf: url)
        }
        #expect(throws: LayoutError.self) {
            try KeypadLayout.load(contentsOf: directory.appendingPathComponent("none.json"))
        }
    }
}
