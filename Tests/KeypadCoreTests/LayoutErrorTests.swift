import Foundation
import KeypadCore
import Testing

/// A valid one-page layout whose single key is `key` (raw JSON).
func layoutJSON(key: String = #"{"id": "1", "insert": "1"}"#, extra: String = "", page: String? = nil) -> String {
    let pageJSON = page ?? #"{"id": "digits", "rows": [[\#(key)]]}"#
    return #"{"id": "pad", "keyboardTypes": ["numberPad"], \#(extra) "pages": [\#(pageJSON)]}"#
}

/// The error decoding `json` as `mine.json` gives, if any.
func layoutError(_ json: String) -> LayoutError? {
    layoutError(Data(json.utf8))
}

func layoutError(_ data: Data) -> LayoutError? {
    do {
        _ = try KeypadLayout.decode(data, fileName: "mine.json")
        return nil
    } catch {
        return error
    }
}

@Suite("A malformed layout file is rejected with its name, the place and the exact problem")
struct LayoutErrorTests {
    @Test("the fixture itself is valid")
    func valid() { #expect(layoutError(layoutJSON()) == nil) }

    @Test(
        "each malformed file names the file, the line and column, and the problem",
        arguments: [
            ("{ not json", "mine.json:1:3: expected a member name (invalidJSON)"),
            (#"{"rows": ["#, "mine.json:1:11: unexpected end of file (invalidJSON)"),
            ("{\n  \"id\": \"pad\",\n  \"pages\": [}\n}", "mine.json:3:13: unexpected character \"}\" (invalidJSON)"),
            (
                layoutJSON(key: #"{"id": "1", "insert": "1", "colour": "red"}"#),
                #"mine.json:1:112: unknown field "colour" in key "1" (unknownField)"#
            ),
            (
                layoutJSON(extra: #""theme": "dark","#),
                #"mine.json:1:47: unknown field "theme" in the layout (unknownField)"#
            ),
            (
                layoutJSON(key: #"{"id": "1", "action": "explode"}"#),
                #"mine.json:1:107: unknown action "explode" for key "1" (unknownName)"#
            ),
            (
                layoutJSON(key: #"{"id": "1"}"#),
                #"mine.json:1:85: key "1" needs exactly one of "insert", "action", "switchPage", "switchLayout" (missingField)"#
            ),
            (
                layoutJSON(key: #"{"id": "x", "action": "dismiss"}"#),
                #"mine.json:1:85: key "x" has no label (missingField)"#
            ),
            (
                layoutJSON(key: #"{"id": "1", "insert": "1", "width": 0}"#),
                #"mine.json:1:121: "width" in key "1" is 0.0; it must be from 0.5 to 8.0 (outOfRange)"#
            ),
            (
                layoutJSON(key: #"{"id": "p", "switchPage": "nowhere", "label": "?"}"#),
                #"mine.json:1:111: key "p" switches to page "nowhere", which does not exist (missingPage)"#
            ),
            (
                layoutJSON(key: #"{"id": "1", "insert": "1"}, {"id": "1", "insert": "2"}"#),
                #"mine.json:1:113: duplicate key id "1" in page "digits" (duplicateName)"#
            ),
            (
                layoutJSON(key: #"{"id": "a", "insert": "1"}, {"id": "b", "insert": "1"}"#),
                #"mine.json:1:113: duplicate accessible name "1" in page "digits" (duplicateName)"#
            ),
            (
                layoutJSON(page: #"{"id": "digits", "rows": [[{"id": "1", "insert": "1"}], []]}"#),
                #"mine.json:1:114: row 2 of page "digits" is empty (empty)"#
            ),
            (layoutJSON(page: #"{"id": "digits", "rows": []}"#), #"mine.json:1:83: page "digits" has no rows (empty)"#),
            (#"{"id": "pad", "pages": []}"#, "mine.json:1:24: the layout has no pages (empty)"),
            (
                #"{"id": "pad", "keyboardTypes": ["hexPad"], "pages": []}"#,
                #"mine.json:1:33: unknown keyboard type "hexPad" (unknownName)"#
            ),
            (
                layoutJSON(key: #"{"id": "1", "insert": "1", "role": "banana"}"#),
                #"mine.json:1:120: key "1" has unknown role "banana" (unknownName)"#
            ),
        ])
    func malformed(json: String, expected: String) {
        #expect(layoutError(json)?.description == expected)
    }

    @Test("a real file's error names that file; a missing file is unreadable")
    func fileName() throws {
        let directory = try layoutDirectory(with: [
            "kiosk-pad.json": layoutJSON(key: #"{"id": "1", "action": "explode"}"#)
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            throws: LayoutError(
                .unknownName, fileName: "kiosk-pad.json", line: 1, column: 107,
                problem: #"unknown action "explode" for key "1""#)
        ) {
            try KeypadLayout.load(contentsOf: directory.appendingPathComponent("kiosk-pad.json"))
        }
        #expect(throws: LayoutError(.unreadable, fileName: "none.json", problem: "the file does not exist")) {
            try KeypadLayout.load(contentsOf: directory.appendingPathComponent("none.json"))
        }
    }
}
