import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

let red = Color(red: 1, green: 0, blue: 0)
let yellow = Color(red: 1, green: 1, blue: 0)
private let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
private let blue = Color(red: 0, green: 0, blue: 1)
private let green = Color(red: 0, green: 0.5, blue: 0)
/// dark.css's field text and background (`.keypad-kiosk entry`).
private let darkThemeText = Color(red: 0xf2 / 255, green: 0xf2 / 255, blue: 0xf7 / 255)
private let darkThemeField = Color(red: 0x2c / 255, green: 0x2c / 255, blue: 0x2e / 255)

/// Whether two colours are the same to within one step of 8 bits.
func sameColor(_ a: Color?, _ b: Color) -> Bool {
    guard let a else { return false }
    return [a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha].allSatisfy { abs($0) <= 1.0 / 255 }
}

/// The model's appearance against the bundled themes and the app's own CSS.
extension GTKTests {
    @Test("a field's font, text colour and background win over the theme's field rules", arguments: Theme.allCases)
    func appearanceBeatsTheme(theme: Theme) throws {
        let session = GTKSession()
        try theme.install()
        defer { Theme.uninstall() }
        let styled = session.field("Styled")
        styled.appearance.font.size = 30
        styled.appearance.textColor = red
        styled.appearance.background = yellow
        styled.appearance.disabledBackground = grey
        let plain = session.field("Plain")
        session.show()
        let style = session.window.host.renderedStyle(of: styled)
        #expect(abs((style?.fontSize ?? 0) - 30) < 0.5, "font \(String(describing: style?.fontSize)) pt")
        #expect(sameColor(style?.color, red), "colour \(String(describing: style?.color))")
        #expect(sameColor(style?.background, yellow), "background \(String(describing: style?.background))")
        #expect(
            abs((session.window.host.renderedStyle(of: plain)?.fontSize ?? 0) - 17) < 0.5, "the model's default size")
        styled.isEnabled = false
        session.wait(seconds: 0.5)  // elapsed time is the subject: past the GTK theme's 200 ms colour transition
        let disabled = session.window.host.renderedStyle(of: styled)
        #expect(
            sameColor(disabled?.background, grey), "disabled background \(String(describing: disabled?.background))")
        #expect(sameColor(disabled?.color, red))
        session.close()
    }

    @Test("what the appearance leaves nil comes from the theme")
    func themeFillsTheRest() throws {
        let session = GTKSession()
        try Theme.dark.install()
        defer { Theme.uninstall() }
        let plain = session.field("Plain")
        session.show()
        let style = session.window.host.renderedStyle(of: plain)
        #expect(sameColor(style?.color, darkThemeText), "colour \(String(describing: style?.color))")
        #expect(sameColor(style?.background, darkThemeField), "background \(String(describing: style?.background))")
        session.close()
    }

    @Test("the app's CSS overrides the theme; a field's appearance overrides the app's CSS")
    func appCSSBetweenThemeAndModel() throws {
        let css = FileManager.default.temporaryDirectory.appendingPathComponent("keypad-app-\(getpid()).css")
        try "entry { color: rgb(0,0,255); background-color: rgb(0,128,0); }".write(
            to: css, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: css) }
        let session = GTKSession()
        try Theme.dark.install()
        try Theme.installOverride(url: css)
        defer {
            Theme.uninstallOverride()
            Theme.uninstall()
        }
        let plain = session.field("Plain")
        let styled = session.field("Styled")
        styled.appearance.textColor = red
        session.show()
        let plainStyle = session.window.host.renderedStyle(of: plain)
        #expect(sameColor(plainStyle?.color, blue), "colour \(String(describing: plainStyle?.color))")
        #expect(sameColor(plainStyle?.background, green), "background \(String(describing: plainStyle?.background))")
        let styledStyle = session.window.host.renderedStyle(of: styled)
        #expect(sameColor(styledStyle?.color, red), "colour \(String(describing: styledStyle?.color))")
        #expect(sameColor(styledStyle?.background, green), "background \(String(describing: styledStyle?.background))")
        session.close()
    }
}

/// The background of keypad.css's digit keys in each look.
private let lightKey = Color(red: 1, green: 1, blue: 1)
private let darkKey = Color(red: 0x63 / 255, green: 0x63 / 255, blue: 0x66 / 255)

extension GTKTests {
    @Test("the keypad takes the look of the editing field's keyboardAppearance; .default follows the installed theme")
    func keypadFollowsAppearance() throws {
        let session = GTKSession()
        try Theme.light.install()
        defer { Theme.uninstall() }
        let dark = session.field("Dark")
        dark.traits.keyboardAppearance = .dark
        let plain = session.field("Plain")
        let light = session.field("Light")
        light.traits.keyboardAppearance = .light
        session.show()
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        func digitBackground() -> Color? { session.window.host.renderedStyle(ofKey: "1", in: keypad)?.background }

        session.click(dark)
        #expect(sameColor(digitBackground(), darkKey), "dark field: \(String(describing: digitBackground()))")
        session.click(plain)  // the same keypad: no keyboard notification on this move
        #expect(sameColor(digitBackground(), lightKey), "default under light: \(String(describing: digitBackground()))")

        try Theme.dark.install()
        session.click(light)
        #expect(sameColor(digitBackground(), lightKey), "light field: \(String(describing: digitBackground()))")
        session.click(plain)
        #expect(sameColor(digitBackground(), darkKey), "default under dark: \(String(describing: digitBackground()))")
        session.close()
    }
}
