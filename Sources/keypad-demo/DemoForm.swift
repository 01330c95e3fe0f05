import Foundation
import KeypadCore
import KeypadGTK

/// The kiosk form: PIN, amount, phone and a notes bar, with the prev / next / done toolbar.
///
/// The part of the demo to copy: it uses KeypadCore's and KeypadGTK's public API alone.
/// The trace (DemoTrace.swift), `--screenshot` and `--soak` are built around it.
@MainActor
final class DemoForm {
    let scope: ResponderScope
    let pin = TextField(placeholder: "PIN")
    let amount = TextField(placeholder: "Amount")
    let phone = TextField(placeholder: "Phone")
    let notes = TextView()
    /// Held here: the notes view holds its delegate weakly.
    private let notesDelegate = NotesDelegate()
    let toolbar: AccessoryToolbar
    let pinPad: Keypad
    let window: KioskWindow

    init(options: DemoOptions, scope: ResponderScope) {
        self.scope = scope
        scope.defaultKeypadLocale = options.customization.locale
        toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter, locale: options.customization.locale)
        if let directory = options.customization.layoutsDirectory {
            scope.layoutCatalog = LayoutCatalog(overrideDirectory: directory)
            for problem in scope.layoutCatalog.problems {
                FileHandle.standardError.write(Data("keypad-demo: layout \(problem); using the bundled one\n".utf8))
            }
        }
        pinPad = Keypad(
            layout: scope.layoutCatalog.layout(for: .numberPad), notificationCenter: scope.notificationCenter,
            locale: options.customization.locale)
        pinPad.scramblesDigitsForSecureInput = options.scramble

        pin.accessibilityLabel = "PIN"
        pin.traits = TextInputTraits(keyboardType: .numberPad, returnKeyType: .next, isSecureTextEntry: true)
        pin.inputView = pinPad
        amount.accessibilityLabel = "Amount"
        amount.traits = TextInputTraits(keyboardType: .decimalPad, returnKeyType: .next)
        amount.locale = options.customization.locale
        amount.clearButtonMode = .whileEditing
        amount.appearance.adjustsFontSizeToFitWidth = true
        amount.appearance.minimumFontSize = 9
        amount.appearance.textAlignment = .right
        phone.accessibilityLabel = "Phone"
        phone.traits = TextInputTraits(keyboardType: .phonePad, returnKeyType: .next, textContentType: .telephoneNumber)
        notes.accessibilityLabel = "Notes"
        notes.placeholder = "Notes"
        notes.traits = TextInputTraits(keyboardType: .default, returnKeyType: .done)
        notes.delegate = notesDelegate
        for input in [pin, amount, phone] as [TextResponder] + [notes] {
            input.inputAccessoryView = toolbar
            input.appearance.borderStyle = .roundedRect
        }

        window = KioskWindow(title: "Keypad kiosk", scope: scope, placement: options.placement)
        window.addField(pin, label: "PIN")
        window.addField(amount, label: "Amount")
        window.addField(phone, label: "Phone")
        window.setInputBar(notes)
    }
}
