import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// The chat-style input bar (seed 002): a text view docked at the bottom that grows with
/// its text and rides above the keypad.
extension GTKTests {
    @Test("the input bar grows line by line as GrowingTextHeight says, from its minimum to its maximum, then scrolls")
    func inputBarGrows() {
        let session = GTKSession()
        session.field("Amount")
        let notes = TextView()
        notes.placeholder = "Notes"
        session.window.setInputBar(notes, minimumHeight: 36, maximumHeight: 120)
        session.show()
        let growing = GrowingTextHeight(minimum: 36, maximum: 120)
        var heights: [Int] = []
        for lines in 1...9 {
            notes.text = (1...lines).map { "line \($0)" }.joined(separator: "\n")
            session.settle()
            guard let sizing = session.window.host.inputBarSizing(of: notes) else {
                Issue.record("no input bar")
                return
            }
            let expected = growing.sizing(forContentHeight: CGFloat(sizing.contentHeight))
            // Within 2 px: GTK rounds the one-line height up to its own minimum.
            #expect(abs(CGFloat(sizing.visibleHeight) - expected.height) <= 2, "\(lines) lines: \(sizing)")
            #expect(sizing.scrolls == expected.scrolls, "\(lines) lines: \(sizing)")
            heights.append(sizing.visibleHeight)
        }
        #expect(heights.first.map { $0 >= 36 && $0 < 60 } == true && heights.last == 120, "\(heights)")
        #expect(heights == heights.sorted(), "the bar never shrinks while text grows: \(heights)")
        #expect(Set(heights).count > 3, "it grows in steps, line by line: \(heights)")
        session.close()
    }

    @Test("the input bar rides above the docked keypad while it edits")
    func inputBarAboveKeypad() {
        let session = GTKSession()
        session.field("Amount")
        let notes = TextView()
        notes.accessibilityLabel = "Notes"
        session.window.setInputBar(notes)
        session.show()
        session.click(notes)
        session.settle()
        session.expectAboveKeypad(notes)
        session.close()
    }
}
