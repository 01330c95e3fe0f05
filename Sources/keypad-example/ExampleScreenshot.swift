import Foundation
import KeypadCore
import KeypadGTK

/// `--screenshot PATH`: types on the keypad of one field, waits for the slide, saves a PNG.
@MainActor
enum ExampleScreenshot {
    static func take(host: KeypadHost, typing text: String, into field: TextField, to url: URL) throws {
        MainLoop.run(seconds: 0.3)
        field.becomeFirstResponder()
        if let keypad = host.scope.keyboard.inputView as? Keypad {
            for character in text {
                let key = keypad.rows.joined().first { key in
                    key.action == .insert(String(character)) || (character == "." && key.action == .decimalSeparator)
                }
                if let key { keypad.tapKey(key.id) }
            }
        }
        MainLoop.run(seconds: host.scope.keyboard.animationDuration + 0.4)
        try host.saveScreenshot(to: url)
        host.close()
    }
}
