import Foundation
import KeypadCore
import Testing

@Suite("Keyboard avoidance keeps the field and its margin visible")
struct KeyboardAvoidanceTests {
    @Test(
        "scroll offsets",
        arguments: [
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
        #expect(
            KeyboardAvoidance.keypadOverlap(
                container: container, keyboardFrame: CGRect(x: 0, y: 508, width: 1024, height: 260)) == 260)
        #expect(
            KeyboardAvoidance.keypadOverlap(
                container: container, keyboardFrame: CGRect(x: 0, y: 768, width: 1024, height: 260)) == 0)
        #expect(KeyboardAvoidance.keypadOverlap(container: container, keyboardFrame: nil) == 0)
        #expect(
            KeyboardAvoidance.keypadOverlap(
                container: CGRect(x: 0, y: 0, width: 1024, height: 400),
                keyboardFrame: CGRect(x: 0, y: 508, width: 1024, height: 260)) == 0)
    }

    @Test("hiding restores the offset from before the first show, across field moves")
    func restore() {
        var state = AvoidanceState()
        let first = state.keypadShown(
            revealing: CGRect(x: 0, y: 500, width: 10, height: 40), margin: 16,
            currentOffset: 30, visibleHeight: 400, contentHeight: 1000)
        #expect(first == 156)
        let second = state.keypadShown(
            revealing: CGRect(x: 0, y: 700, width: 10, height: 40), margin: 16,
            currentOffset: first, visibleHeight: 400, contentHeight: 1000)
        #expect(second == 356)
        #expect(state.keypadHidden(currentOffset: second) == 30)
        #expect(state.originalOffset == nil)
        #expect(state.keypadHidden(currentOffset: 80) == 80)
    }

    /// A container from y 100 to 700 on a 1024 × 768 screen; the keypad's top at 468 covers its lowest 232 points.
    private static let container = CGRect(x: 0, y: 100, width: 400, height: 600)
    private static let keypad = CGRect(x: 0, y: 468, width: 1024, height: 300)

    @Test(
        "scroll offsets from screen frames",
        arguments: [
            // field's screen y, current offset, content height, keypad's end frame → expected offset
            (200.0, 0.0, 1500.0, keypad, 0.0),  // above the keypad with its margin: no move
            (440.0, 0.0, 1500.0, keypad, 28.0),  // under the keypad: bottom + margin just above its top
            (440.0, 300.0, 1500.0, keypad, 328.0),  // the same from a scrolled container
            (50.0, 300.0, 1500.0, keypad, 234.0),  // above the container: top - margin at its top
            (440.0, 0.0, 1500.0, nil, 0.0),  // no keypad: visible already
            (440.0, 0.0, 1500.0, CGRect(x: 500, y: 468, width: 524, height: 300), 0.0),  // keypad beside the container
            (640.0, 0.0, 600.0, keypad, 228.0),  // the last field scrolls past the content's end, by at most the overlap
            (440.0, 0.0, 1500.0, CGRect(x: 0, y: 50, width: 1024, height: 718), 0.0),  // keypad covers it all: no move
        ] as [(Double, Double, Double, CGRect?, Double)])
    func screenOffsets(fieldY: Double, current: Double, content: Double, keypadFrame: CGRect?, expected: Double) {
        let offset = KeyboardAvoidance.scrollOffset(
            revealing: CGRect(x: 20, y: fieldY, width: 300, height: 40), in: Self.container,
            currentOffset: CGFloat(current), contentHeight: CGFloat(content), keypadFrame: keypadFrame, margin: 16)
        #expect(Double(offset) == expected)
    }

    @Test(
        "from screen frames: showing moves the content, moving to another field keeps the first origin, hiding undoes it"
    )
    func screenRestore() {
        var state = AvoidanceState()
        let first = state.keypadShown(
            revealing: CGRect(x: 20, y: 440, width: 300, height: 40), in: Self.container, currentOffset: 30,
            contentHeight: 1500, keypadFrame: Self.keypad, margin: 16)
        #expect(first == 58)
        let second = state.keypadShown(
            revealing: CGRect(x: 20, y: 600, width: 300, height: 40), in: Self.container, currentOffset: first,
            contentHeight: 1500, keypadFrame: Self.keypad, margin: 16)
        #expect(second == 246)
        #expect(state.keypadHidden(currentOffset: second) == 30)
        #expect(state.originalOffset == nil)
    }
}
