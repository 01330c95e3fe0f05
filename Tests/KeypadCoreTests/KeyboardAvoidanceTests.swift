import Foundation
import KeypadCore
import Testing

@Suite("Keyboard avoidance keeps the field and its margin visible")
struct KeyboardAvoidanceTests {
    @Test("scroll offsets", arguments: [
        // target y, height, current offset, visible height, content height → expected offset
        (100.0, 40.0, 0.0, 400.0, 1000.0, 0.0),  // already visible: no move
        (500.0, 40.0, 0.0, 400.0, 1000.0, 156.0),  // below the visible area: bottom + margin aligned
        (50.0, 40.0, 200.0, 400.0, 1000.0, 34.0),  // above the visible area: top - margin aligned
        (100.0, 600.0, 0.0, 400.0, 1000.0, 84.0),  // taller than the viewport: its top wins
        (980.0, 20.0, 0.0, 400.0, 1000.0, 600.0),  // never past the end of the content
        (5.0, 20.0, 100.0, 400.0, 1000.0, 0.0),  // never above the top
    ])
    func offsets(y: Double, height: Double, current: Double, visible: Double, content: Double, expected: Double) {
        let offset = KeyboardAvoidance.scrollOffset(
            revealing: CGRect(x: 0, y: y, width: 100, height: height), margin: 16, currentOffset: current,
            visibleHeight: visible, contentHeight: content)
        #expect(Double(offset) == expected)
    }

    @Test("the keypad's overlap with a container")
    func overlap() {
        let container = CGRect(x: 0, y: 0, width: 1024, height: 768)
        #expect(KeyboardAvoidance.keypadOverlap(container: container, keyboardFrame: CGRect(x: 0, y: 508, width: 1024, height: 260)) == 260)
        #expect(KeyboardAvoidance.keypadOverlap(container: container, keyboardFrame: CGRect(x: 0, y: 768, width: 1024, height: 260)) == 0)
        #expect(KeyboardAvoidance.keypadOverlap(container: container, keyboardFrame: nil) == 0)
        #expect(KeyboardAvoidance.keypadOverlap(container: CGRect(x: 0, y: 0, width: 1024, height: 400), keyboardFrame: CGRect(x: 0, y: 508, width: 1024, height: 260)) == 0)
    }

    @Test("hiding restores the offset from before the first show, across field moves")
    func restore() {
        var state = AvoidanceState()
        let first = state.keypadShown(revealing: CGRect(x: 0, y: 500, width: 10, height: 40), margin: 16,
                                      currentOffset: 30, visibleHeight: 400, contentHeight: 1000)
        #expect(first == 156)
        let second = state.keypadShown(revealing: CGRect(x: 0, y: 700, width: 10, height: 40), margin: 16,
                                       currentOffset: first, visibleHeight: 400, contentHeight: 1000)
        #expect(second == 356)
        #expect(state.keypadHidden(currentOffset: second) == 30)
        #expect(state.originalOffset == nil)
        #expect(state.keypadHidden(currentOffset: 80) == 80)
    }
}
