import Foundation
import KeypadCore
import Testing

/// Hostile layout files (issue #13): each is rejected by name, at its place, in one short line.
@Suite("Layout files are bounded and typed")
struct LayoutBoundsTests {
    @Test(
        "key widths a renderer cannot draw are rejected",
        arguments: ["1e308", "1e10", "1e7", "100000", "1000", "8.5", "0.1", "-1"])
    func widths(width: String) {
        let error = layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "width": \#(width)}"#))
        #expect(error?.kind == .outOfRange && error?.line == 1 && error?.column == 121, "\(String(describing: error))")
    }

    @Test("a number too large for a Double is out of range, not infinity")
    func hugeNumber() {
        #expect(layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "width": 1e999}"#))?.kind == .outOfRange)
    }

    @Test("row heights outside 24...160 points are rejected", arguments: ["1e308", "0", "10000"])
    func rowHeights(height: String) {
        #expect(layoutError(layoutJSON(extra: #""rowHeight": \#(height),"#))?.kind == .outOfRange)
    }

    @Test("a row wider than 16 plain keys is rejected")
    func rowWidth() {
        let keys = (1...3).map { #"{"id": "k\#($0)", "insert": "\#($0)", "width": 6}"# }.joined(separator: ", ")
        #expect(layoutError(layoutJSON(key: keys))?.kind == .outOfRange)
    }

    @Test(
        "a boolean is not a number, nor a number a string",
        arguments: [
            layoutJSON(key: #"{"id": "1", "insert": "1", "width": true}"#),
            layoutJSON(extra: #""rowHeight": true,"#),
            layoutJSON(key: #"{"id": "1", "insert": 1}"#),
            layoutJSON(key: #"{"id": "1", "insert": "1", "alternatives": [true]}"#),
            layoutJSON(extra: #""comment": 7,"#),
        ])
    func types(json: String) {
        #expect(layoutError(json)?.kind == .wrongType)
    }

    @Test("`true` for a width names the place and the type")
    func booleanWidth() {
        #expect(
            layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "width": true}"#))?.description
                == #"mine.json:1:121: "width" in key "1" must be a number, not a boolean (wrongType)"#)
    }

    @Test("a member given twice is rejected where it appears the second time")
    func duplicateMember() {
        let error = layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "insert": "2"}"#))
        #expect(error?.kind == .duplicateMember && error?.column == 112, "\(String(describing: error))")
    }

    @Test(
        "control characters (NUL, ESC, newline, DEL) in any string are rejected",
        arguments: [#"\u0000"#, #"\u001b"#, #"\n"#, #"\u007f"#, #"\u0085"#])
    func controlCharacters(escape: String) {
        #expect(layoutError(layoutJSON(key: #"{"id": "1", "insert": "1\#(escape)"}"#))?.kind == .controlCharacter)
        #expect(
            layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "alternatives": ["\#(escape)"]}"#))?.kind
                == .controlCharacter)
        #expect(layoutError(layoutJSON(key: #"{"id": "1\#(escape)", "insert": "1"}"#))?.kind == .controlCharacter)
    }

    @Test("labels, ids and inserted text have length limits")
    func lengths() {
        let long = String(repeating: "x", count: 100_000)
        #expect(layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "label": "\#(long)"}"#))?.kind == .tooLong)
        #expect(layoutError(layoutJSON(key: #"{"id": "1", "insert": "\#(long)"}"#))?.kind == .tooLong)
        #expect(layoutError(layoutJSON(key: #"{"id": "\#(long)", "insert": "1"}"#))?.kind == .tooLong)
        #expect(
            layoutError(
                layoutJSON(key: #"{"id": "1", "insert": "1", "label": "\#(String(repeating: "y", count: 17))"}"#))?
                .kind == .tooLong)
    }

    @Test("pages, rows, keys and alternatives have count limits")
    func counts() {
        let key = #"{"id": "1", "insert": "1"}"#
        let page = { (id: Int) in #"{"id": "p\#(id)", "rows": [[\#(key)]]}"# }
        #expect(
            layoutError(#"{"id": "pad", "pages": [\#((1...9).map(page).joined(separator: ","))]}"#)?.kind == .tooMany)
        let rows = Array(repeating: "[\(key)]", count: 9).joined(separator: ",")
        #expect(layoutError(layoutJSON(page: #"{"id": "p", "rows": [\#(rows)]}"#))?.kind == .tooMany)
        let keys = (1...17).map { #"{"id": "k\#($0)", "insert": "\#($0)", "width": 0.5}"# }.joined(separator: ",")
        #expect(layoutError(layoutJSON(key: keys))?.kind == .tooMany)
        let alternatives = (1...17).map { "\"\($0)\"" }.joined(separator: ",")
        #expect(
            layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "alternatives": [\#(alternatives)]}"#))?.kind
                == .tooMany)
    }

    @Test("a file of a million keys is rejected from its size alone")
    func millionKeys() {
        let keys = Array(repeating: #"{"id": "1", "insert": "1"}"#, count: 1_000_000).joined(separator: ",")
        #expect(layoutError(layoutJSON(key: keys))?.kind == .fileTooLarge)
    }

    @Test("deep nesting is rejected, not recursed into")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(layoutError(#"{"id": "pad", "pages": \#(deep)"#)?.kind == .tooDeep)
    }

    @Test("a field name with ESC and a newline cannot forge a second line")
    func escapedName() throws {
        let error = try #require(layoutError(layoutJSON(extra: "\"x\\u001b[2K\\nkeypad-demo: layout forged\": 1,")))
        #expect(error.kind == .unknownField)
        #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"))
        #expect(error.description.contains(#"\u{1B}[2K\nkeypad-demo"#))
    }

    @Test("a one-megabyte key id gives a short message")
    func longID() throws {
        let id = String(repeating: "k", count: 1_000_000)
        let error = try #require(layoutError(layoutJSON(key: #"{"id": "1", "insert": "1"}, {"id": "\#(id)"}"#)))
        #expect(error.kind == .fileTooLarge)
        let id50k = String(repeating: "\u{1B}", count: 50_000)
        let escaped = try #require(layoutError(layoutJSON(key: #"{"id": "1", "insert": "1", "role": "\#(id50k)"}"#)))
        #expect(escaped.description.count <= LayoutError.maximumDescriptionLength + 1)
        #expect(!escaped.description.contains("\u{1B}"))
    }

    @Test("an unknown field's long name is cut short in the message")
    func longFieldName() throws {
        let name = String(repeating: "n", count: 200_000)
        let error = try #require(layoutError(layoutJSON(extra: #""\#(name)": 1,"#)))
        #expect(error.kind == .unknownField && error.description.count < 120, "\(error.description.count)")
    }

    @Test("every bundled layout keeps the limits")
    func bundledKeepLimits() throws {
        for id in KeypadLayout.bundledIDs() { _ = try KeypadLayout.bundled(id: id) }
    }
}
