import Foundation
import KeypadCore
import Testing

private let red = Color(red: 1, green: 0, blue: 0)
private let grey = Color(red: 0.5, green: 0.5, blue: 0.5)

/// A text that is 10 points wide per point of font size.
private func measure(_ points: CGFloat) -> CGFloat { points * 10 }

@Suite("Appearance helpers: the background to draw and the font size that fits")
struct AppearanceTests {
    @Test(
        "the background per enabled state",
        arguments: [
            (nil, nil, true, nil),
            (nil, nil, false, nil),
            (nil, grey, false, nil),  // ignored while there is no background, as in UIKit
            (red, nil, true, red),
            (red, nil, false, red),
            (red, grey, true, red),
            (red, grey, false, grey),
        ] as [(Color?, Color?, Bool, Color?)])
    func background(background: Color?, disabled: Color?, isEnabled: Bool, expected: Color?) {
        var appearance = TextAppearance()
        appearance.background = background
        appearance.disabledBackground = disabled
        #expect(appearance.currentBackground(isEnabled: isEnabled) == expected)
    }

    @Test(
        "the font size: full when it fits or when shrinking is off, the floor when even that does not fit",
        arguments: [
            (false, 5, 100, 17),  // shrinking off: 170 wide, still 17
            (true, 5, 200, 17),  // fits at full size
            (true, 5, 170, 17),  // fits exactly
            (true, 8, 50, 8),  // 80 wide at the floor: the floor anyway
            (true, 0, 5, 1),  // a floor of 0 is 1 point
            (true, 20, 100, 17),  // a floor above the font size is the font size
        ] as [(Bool, CGFloat, CGFloat, CGFloat)])
    func fontSizeBounds(adjusts: Bool, minimum: CGFloat, width: CGFloat, expected: CGFloat) {
        var appearance = TextAppearance()
        appearance.adjustsFontSizeToFitWidth = adjusts
        appearance.minimumFontSize = minimum
        #expect(appearance.fittingFontSize(width: width, measure: measure) == expected)
    }

    @Test(
        "the font size between the floor and the full size is the largest that fits, within a quarter point",
        arguments: [(100, 10), (123, 12.3), (95, 9.5)] as [(CGFloat, CGFloat)])
    func fontSizeSearch(width: CGFloat, exact: CGFloat) {
        var appearance = TextAppearance()
        appearance.adjustsFontSizeToFitWidth = true
        appearance.minimumFontSize = 5
        let size = appearance.fittingFontSize(width: width, measure: measure)
        #expect(measure(size) <= width)
        #expect(size > exact - 0.25 && size <= exact)
    }

    @Test(
        "border insets per style",
        arguments: [
            (BorderStyle.none, 0), (.line, 2), (.bezel, 4), (.roundedRect, 7),
        ] as [(BorderStyle, CGFloat)])
    func insets(style: BorderStyle, inset: CGFloat) {
        #expect(style.textInset == inset)
    }

    @Test(
        "colours as CSS, clamped to 0…255",
        arguments: [
            (Color(red: 1, green: 0, blue: 0), "rgba(255,0,0,1.0)"),
            (Color(red: 0.5, green: 0.25, blue: 2, alpha: 0.5), "rgba(128,64,255,0.5)"),
            (Color(red: -1, green: 0, blue: 0, alpha: 0), "rgba(0,0,0,0.0)"),
        ])
    func css(color: Color, expected: String) {
        #expect(color.cssValue == expected)
    }
}
