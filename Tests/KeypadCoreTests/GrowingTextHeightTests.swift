import Foundation
import KeypadCore
import Testing

@Suite("A growing text view grows with its content between its minimum and maximum, then scrolls")
struct GrowingTextHeightTests {
    @Test(
        "heights for content heights, 37 to 100 as in seed 002",
        arguments: [
            // content height → height, scrolls
            (0.0, 37.0, false),  // empty: the minimum
            (20.0, 37.0, false),  // one short line: the minimum
            (37.0, 37.0, false),  // exactly the minimum
            (60.0, 60.0, false),  // between: follows the content
            (99.5, 99.5, false),
            (100.0, 100.0, false),  // exactly the maximum: fits, no scrolling
            (100.5, 100.0, true),  // past the maximum: stops growing and scrolls
            (400.0, 100.0, true),
            (-5.0, 37.0, false),  // a nonsense height counts as empty
            (Double.nan, 37.0, false),
            (Double.infinity, 100.0, true),
        ])
    func sizing(content: Double, height: Double, scrolls: Bool) {
        let growing = GrowingTextHeight(minimum: 37, maximum: 100)
        #expect(growing.sizing(forContentHeight: CGFloat(content)) == .init(height: CGFloat(height), scrolls: scrolls))
    }

    @Test(
        "a maximum below the minimum is raised to it; a negative minimum counts as zero",
        arguments: [
            // minimum, maximum → stored minimum, maximum
            (50.0, 30.0, 50.0, 50.0),
            (-10.0, 30.0, 0.0, 30.0),
            (-10.0, -20.0, 0.0, 0.0),
        ])
    func bounds(minimum: Double, maximum: Double, storedMinimum: Double, storedMaximum: Double) {
        let growing = GrowingTextHeight(minimum: CGFloat(minimum), maximum: CGFloat(maximum))
        #expect(growing.minimum == CGFloat(storedMinimum) && growing.maximum == CGFloat(storedMaximum))
    }

    @Test("with equal bounds the height is fixed and only taller content scrolls")
    func fixed() {
        let growing = GrowingTextHeight(minimum: 44, maximum: 44)
        #expect(growing.sizing(forContentHeight: 10) == .init(height: 44, scrolls: false))
        #expect(growing.sizing(forContentHeight: 44) == .init(height: 44, scrolls: false))
        #expect(growing.sizing(forContentHeight: 45) == .init(height: 44, scrolls: true))
    }
}
