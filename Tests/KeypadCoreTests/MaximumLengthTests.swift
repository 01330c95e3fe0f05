import Foundation
import KeypadCore
import KeypadTesting
import Testing

@MainActor
@Suite("An input never holds more than its widget can: edits past the limit are refused whole")
struct MaximumLengthTests {
    private func limitedField(_ text: String, limit: Int) -> (Session, TextField) {
        let session = Session()
        let field = session.field("F")
        field.maximumUTF8Length = limit
        field.text = text
        field.becomeFirstResponder()
        _ = session.recorder.takeLines()
        return (session, field)
    }

    @Test("a paste that would pass the limit is refused as a whole, before the delegate is asked")
    func pasteRefused() {
        let (session, field) = limitedField("12", limit: 5)
        field.selectedRange = NSRange(location: 1, length: 0)
        #expect(!field.replace(field.selectedRange, withText: "abcd"))
        #expect(field.text == "12" && field.selectedRange == NSRange(location: 1, length: 0))
        #expect(session.recorder.takeLines().isEmpty)
        #expect(field.replace(field.selectedRange, withText: "abc"))
        #expect(field.text == "1abc2")
    }

    @Test("a key press at the limit is refused; replacing a selection counts what it removes")
    func keyAtLimit() {
        let (_, field) = limitedField("中中", limit: 6)
        field.insertText("7")
        #expect(field.text == "中中")
        field.selectedRange = NSRange(location: 0, length: 1)
        field.insertText("77")
        #expect(field.text == "77中")
        field.insertText("7")
        field.insertText("7")
        #expect(field.text == "777中" && field.utf16Length == 4)
    }

    @Test("a delegate's own edit keeps the limit too")
    func delegateEdit() {
        let (_, field) = limitedField("", limit: 3)
        #expect(!field.applyDelegateEdit(NSRange(location: 0, length: 0), withText: "1234"))
        #expect(field.text.isEmpty)
    }

    @Test(
        "text set from code, or a limit set on longer text, is cut at the last whole grapheme",
        arguments: [
            ("12345", 3, "123"), ("ab🇩🇪🇫🇷", 7, "ab"), ("cafe\u{301}x", 5, "caf"), ("中文", 4, "中"), ("a", 0, ""),
        ])
    func cut(text: String, limit: Int, expected: String) {
        let field = TextField()
        field.maximumUTF8Length = limit
        field.text = text
        #expect(field.text == expected && field.utf16Length == expected.utf16.count)
        let late = TextField()
        late.text = text
        late.maximumUTF8Length = limit
        #expect(late.text == expected)
    }

    @Test("a field's line breaks become spaces before the limit is checked, also ones that shrink the text")
    func normalizedFits() {
        let (_, field) = limitedField("", limit: 4)
        #expect(field.replace(field.selectedRange, withText: "a\u{2028}b\r\n"))
        #expect(field.text == "a b ")
        let fresh = TextField()
        fresh.maximumUTF8Length = 3
        fresh.text = "\u{2028}\u{2028}\u{2028}\u{2028}"
        #expect(fresh.text == "   ")
    }

    @Test("a 10 MB paste into a limited field is refused; into an unlimited one it is applied whole")
    func hugePaste() {
        let huge = String(repeating: "1234567890", count: 1_000_000)
        let (_, field) = limitedField("x", limit: 65_534)
        #expect(!field.replace(field.selectedRange, withText: huge) && field.text == "x")
        let view = TextView()
        view.replace(view.selectedRange, withText: huge)
        view.insertText("7")
        #expect(view.utf16Length == 10_000_001 && view.text.hasSuffix("907"))
    }
}
