import Foundation
import KeypadCore
import KeypadGTK

/// `--screenshot`: types an amount on the keypad, waits for the slide, saves a PNG, exits.
@MainActor
enum DemoScreenshot {
    static func take(form: DemoForm, to url: URL) {
        KioskWindow.pump(seconds: 0.5)
        form.amount.becomeFirstResponder()
        let keypad = form.scope.defaultKeypad(for: .decimalPad)
        for name in ["1", "2", "5", "Decimal separator", "5", "0"] {
            if let key = keypad.rows.joined().first(where: { $0.accessibleName == name }) { keypad.tapKey(key.id) }
        }
        KioskWindow.pump(seconds: form.scope.keyboard.animationDuration + 0.4)
        do {
            try form.window.saveScreenshot(to: url)
            print("keypad-demo: screenshot saved to \(url.path)")
        } catch {
            FileHandle.standardError.write(Data("keypad-demo: screenshot \(error)\n".utf8))
            exit(1)
        }
        form.window.close()
    }
}
