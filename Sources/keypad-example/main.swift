// keypad-example: a GTK window from a .ui file, with keypads on its entries.
//
// This is the code an app developer copies. The window, its grid of labelled entries,
// the text view and the Pay button come from checkout.ui; the lines marked "keypad"
// are all it takes to give the entries their keypads.
import Foundation
import KeypadCore
import KeypadGTK

@MainActor
func runExample() throws {
    // Optional: the bundled look for keys, toolbar and fields (GTK's own look otherwise).
    try Theme.light.install()

    // The models: one per entry the keypad serves, with the keyboard each wants.
    let scope = ResponderScope()
    let amount = TextField(
        placeholder: "0.00", traits: TextInputTraits(keyboardType: .decimalPad, returnKeyType: .next))
    let tip = TextField(placeholder: "0.00", traits: TextInputTraits(keyboardType: .decimalPad, returnKeyType: .next))
    let guests = TextField(placeholder: "1", traits: TextInputTraits(keyboardType: .numberPad, returnKeyType: .next))
    let phone = TextField(
        placeholder: "+1 555 0100", traits: TextInputTraits(keyboardType: .phonePad, returnKeyType: .done))
    let note = TextView()
    // A currency sign before the amounts and a unit after the head count, drawn in the entries.
    let dollars = OverlayView(size: CGSize(width: 12, height: 16), text: "$", accessibleName: "US dollars")
    for field in [amount, tip] { (field.leftView, field.leftViewMode) = (dollars, .always) }
    guests.rightView = OverlayView(size: CGSize(width: 48, height: 16), text: "people", accessibleName: "people")
    guests.rightViewMode = .always
    amount.clearButtonMode = .whileEditing

    // Only what each keypad types (a typed or pasted letter is refused); the app keeps
    // its delegates alive, as in UIKit (`delegate` is weak).
    let validation = ValidatingTextFieldDelegate(rules: [AllowedCharactersRule()])
    let toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter)
    for field in [amount, tip, guests, phone] { field.delegate = validation }
    for input in [amount, tip, guests, phone] as [TextResponder] + [note] { input.inputAccessoryView = toolbar }

    // The window, as drawn in checkout.ui.
    guard let file = Bundle.module.url(forResource: "checkout", withExtension: "ui") else {
        throw ExampleError(description: "checkout.ui is missing from the example's bundle")
    }
    let ui = try UIDefinition(contentsOf: file)

    // keypad: a host for the window, one line per entry, the panel, and avoidance.
    let host = try KeypadHost(window: ui.object("window"), scope: scope)
    try host.bind(amount, toEntry: ui.object("amount"))
    try host.bind(tip, toEntry: ui.object("tip"))
    try host.bind(guests, toEntry: ui.object("guests"))
    try host.bind(phone, toEntry: ui.object("phone"))
    try host.bind(note, toTextView: ui.object("note"))
    try ui.pack(host.keypadWidget, into: "root")
    try host.avoidKeyboard(in: ui.object("scroller"))

    try ui.onClicked("pay") {
        _ = scope.firstResponder?.resignFirstResponder()
        let total = (Decimal(string: amount.text) ?? 0) + (Decimal(string: tip.text) ?? 0)
        try? ui.setLabel("status", text: "Paid \(total) for \(guests.text.isEmpty ? "1" : guests.text) guest(s)")
    }
    host.present()

    if let index = CommandLine.arguments.firstIndex(of: "--screenshot"), index + 1 < CommandLine.arguments.count {
        let url = URL(fileURLWithPath: CommandLine.arguments[index + 1])
        try ExampleScreenshot.take(host: host, typing: "42.50", into: amount, to: url)
        print("keypad-example: screenshot saved to \(url.path)")
    } else {
        host.run()
    }
    withExtendedLifetime(validation) {}
}

struct ExampleError: Error, CustomStringConvertible {
    var description: String
}

guard KeypadHost.initializeGTK() else {
    FileHandle.standardError.write(
        Data("keypad-example: cannot open a display (set DISPLAY, or use `make example`)\n".utf8))
    exit(2)
}
do {
    try MainActor.assumeIsolated { try runExample() }
} catch {
    FileHandle.standardError.write(Data("keypad-example: \(error)\n".utf8))
    exit(1)
}
