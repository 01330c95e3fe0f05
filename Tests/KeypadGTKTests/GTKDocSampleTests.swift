import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// KeypadGTK's documentation sample (the catalog's and ``KeypadHost``'s), as written there
/// (scripts/checks/check-doc-samples, run by `make lint`, finds it here), run on the example's
/// `.ui` file up to the main loop, which a test cannot enter.
@MainActor
private func documentationSample(
    url: URL, scope: ResponderScope, amount: TextField, entersMainLoop: Bool
) throws -> KeypadHost {
    let ui = try UIDefinition(contentsOf: url)
    let host = try KeypadHost(window: ui.object("window"), scope: scope)
    try host.bind(amount, toEntry: ui.object("amount"))
    try ui.pack(host.keypadWidget, into: "root")
    try host.avoidKeyboard(in: ui.object("scroller"))
    host.present()
    if entersMainLoop {
        host.run()
    }
    return host
}

extension GTKTests {
    @Test("the documentation's sample binds the entry, packs the keypad and shows it when the entry edits")
    func documentationSampleRuns() throws {
        _ = KeypadHost.initializeGTK()
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let amount = TextField(placeholder: "0.00", traits: TextInputTraits(keyboardType: .decimalPad))
        let host = try documentationSample(
            url: CheckoutSession.uiFile, scope: scope, amount: amount, entersMainLoop: false)
        #expect(MainLoop.run(until: { host.isMapped && host.isActive }))
        #expect(host.bindings.map { $0.input === amount } == [true])
        #expect(host.keypadWidget != nil)
        XInput.click(host.screenCenter(of: amount))
        #expect(MainLoop.run(until: { amount.isFirstResponder && (host.keypadAreaHeight ?? 0) > 0 }))
        #expect(scope.keyboard.inputView === scope.defaultKeypad(for: .decimalPad))
        host.close()
    }
}
