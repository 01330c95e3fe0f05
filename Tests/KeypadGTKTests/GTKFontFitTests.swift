import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

private let fortyDigits = String(repeating: "1234567890", count: 4)

/// adjustsFontSizeToFitWidth on a real entry: the whole text in the text area, never
/// below minimumFontSize, refitted when the entry changes size.
extension GTKTests {
    /// A shown session with one amount field that fits its text, editing, with a clear button.
    private func fittingAmount(minimumFontSize: CGFloat) -> (GTKSession, TextField) {
        let session = GTKSession()
        let amount = session.field("Amount", type: .decimalPad)
        amount.clearButtonMode = .whileEditing
        amount.appearance.textAlignment = .right
        amount.appearance.adjustsFontSizeToFitWidth = true
        amount.appearance.minimumFontSize = minimumFontSize
        session.show()
        session.click(amount)
        return (session, amount)
    }

    @Test("a 40-digit amount shrinks its font until the whole text fits the text area, icons excluded")
    func longAmountFits() throws {
        let (session, amount) = fittingAmount(minimumFontSize: 6)
        try Theme.light.install()
        defer { Theme.uninstall() }
        XInput.type(fortyDigits)
        session.settle()
        #expect(amount.text == fortyDigits)
        let fit = try #require(session.window.host.textFit(of: amount))
        let size = try #require(session.window.host.renderedStyle(of: amount)?.fontSize)
        #expect(fit.textWidth <= fit.areaWidth, "text \(fit.textWidth) px in a \(fit.areaWidth) px area at \(size) pt")
        #expect(size < 17 && size >= 6, "font \(size) pt")

        // A narrower window: the entry is reallocated and the font refitted.
        XInput.run(["getactivewindow", "windowsize", "320", "720"])
        session.settle()
        let narrower = try #require(session.window.host.textFit(of: amount))
        let smaller = try #require(session.window.host.renderedStyle(of: amount)?.fontSize)
        #expect(narrower.areaWidth < fit.areaWidth, "the window did not shrink")
        #expect(smaller < size && smaller >= 6, "font \(smaller) pt after \(size) pt")
        #expect(narrower.textWidth <= narrower.areaWidth, "text \(narrower.textWidth) px in \(narrower.areaWidth) px")

        // Back to a short text: the full size again.
        amount.text = "12"
        session.settle()
        #expect(abs((session.window.host.renderedStyle(of: amount)?.fontSize ?? 0) - 17) < 0.5)
        session.close()
    }

    @Test("the font never shrinks below minimumFontSize, even when the text then overflows")
    func fontFloor() throws {
        let (session, amount) = fittingAmount(minimumFontSize: 14)
        XInput.type(fortyDigits + fortyDigits)
        session.settle()
        let fit = try #require(session.window.host.textFit(of: amount))
        let size = try #require(session.window.host.renderedStyle(of: amount)?.fontSize)
        #expect(abs(size - 14) < 0.5, "font \(size) pt")
        #expect(fit.textWidth > fit.areaWidth, "80 digits at 14 pt should overflow, text \(fit.textWidth) px")
        session.close()
    }
}
