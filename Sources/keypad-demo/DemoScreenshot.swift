import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// `--screenshot`: types an amount on the keypad, waits for the slide, saves a PNG, exits.
@MainActor
enum DemoScreenshot {
    /// The keys tapped, by what they do: accessible names and labels change with the
    /// locale (and ids with the layout file), actions do not.
    static let amountKeys: [KeyAction] = [
        .insert("1"), .insert("2"), .insert("5"), .decimalSeparator, .insert("5"), .insert("0"),
    ]

    static func take(form: DemoForm, to url: URL) {
        MainLoop.run(seconds: 0.5)
        form.amount.becomeFirstResponder()
        let keypad = form.scope.defaultKeypad(for: .decimalPad)
        for action in amountKeys {
            if let key = keypad.rows.joined().first(where: { $0.action == action }) { keypad.tapKey(key.id) }
        }
        MainLoop.run(seconds: form.scope.keyboard.animationDuration + 0.4)
        do {
            try form.window.host.saveScreenshot(to: url)
            print("keypad-demo: screenshot saved to \(url.path)")
        } catch {
            FileHandle.standardError.write(Data("keypad-demo: screenshot \(error)\n".utf8))
            exit(1)
        }
        form.window.host.close()
    }
}
