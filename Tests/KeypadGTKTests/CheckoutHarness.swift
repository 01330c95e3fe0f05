import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTesting
import Testing

/// The example's window (Sources/keypad-example/checkout.ui), bound as the example binds
/// it: two decimal pads, a number pad that takes digits only, a phone pad, a text view;
/// the voucher entry stays plain GTK.
@MainActor
final class CheckoutSession {
    /// The example's `.ui` file, found from this source file (a missing file fails the test).
    static let uiFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/keypad-example/checkout.ui").standardizedFileURL

    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let recorder: EventRecorder
    let ui: UIDefinition
    /// Weak: the window keeps its host alive, and tests check that it does.
    private(set) weak var weakHost: KeypadHost?
    private var strongHost: KeypadHost?
    let amount = TextField(placeholder: "0.00", traits: TextInputTraits(keyboardType: .decimalPad))
    let tip = TextField(placeholder: "0.00", traits: TextInputTraits(keyboardType: .decimalPad))
    let guests = TextField(placeholder: "1", traits: TextInputTraits(keyboardType: .numberPad))
    let phone = TextField(placeholder: "Phone", traits: TextInputTraits(keyboardType: .phonePad))
    let note = TextView()
    let digitsOnly = DigitsOnly()
    private(set) var bindings: [String: FieldBinding] = [:]

    var host: KeypadHost {
        guard let host = weakHost else { preconditionFailure("the host was released") }
        return host
    }

    init(placement: KeypadHost.Placement = .docked) throws {
        _ = KeypadHost.initializeGTK()
        recorder = EventRecorder(scope: scope)
        for (name, field) in [("Amount", amount), ("Tip", tip), ("Guests", guests), ("Phone", phone)] {
            field.accessibilityLabel = name
            recorder.record(field)
        }
        note.accessibilityLabel = "Note"
        recorder.record(note)
        guests.delegate = digitsOnly
        ui = try UIDefinition(contentsOf: Self.uiFile)
        let host = try KeypadHost(window: ui.object("window"), scope: scope, placement: placement)
        for (id, field) in [("amount", amount), ("tip", tip), ("guests", guests), ("phone", phone)] {
            bindings[id] = try host.bind(field, toEntry: ui.object(id))
        }
        bindings["note"] = try host.bind(note, toTextView: ui.object("note"))
        try ui.pack(host.keypadWidget, into: "root")
        try host.avoidKeyboard(in: ui.object("scroller"))
        weakHost = host
        strongHost = host
    }

    /// The widget with `id` in the `.ui` file.
    func widget(_ id: String) -> UnsafeMutableRawPointer {
        do { return try ui.object(id) } catch { preconditionFailure("\(error)") }
    }

    /// Lets go of the session's own reference to the host (the window still holds it).
    func releaseHost() { strongHost = nil }

    /// Shows the window and waits until it is mapped and active.
    func show(sourceLocation: SourceLocation = #_sourceLocation) {
        host.present()
        let ready = MainLoop.run(until: { self.host.isMapped && self.host.isActive })
        #expect(ready, "the window never became active", sourceLocation: sourceLocation)
    }

    /// Clicks `input`'s widget and waits until it edits and its keypad is fully in.
    func click(_ input: TextResponder, sourceLocation: SourceLocation = #_sourceLocation) {
        XInput.click(host.screenCenter(of: input), sourceLocation: sourceLocation)
        let editing = MainLoop.run(until: { input.isFirstResponder })
        #expect(editing, "the click did not begin editing", sourceLocation: sourceLocation)
        waitForKeypad(shown: true, sourceLocation: sourceLocation)
    }

    /// Waits until the keypad has finished sliding in (or out).
    func waitForKeypad(shown: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let done = MainLoop.run(until: {
            !self.host.isKeypadSliding && (self.host.keypadAreaHeight != nil) == shown
        })
        #expect(done, "the keypad did not finish sliding \(shown ? "in" : "out")", sourceLocation: sourceLocation)
    }

    /// Clicks the key with accessible name `name` of `keypad` and waits for `input`'s text
    /// to change.
    func clickKey(
        _ name: String, of keypad: Keypad, in input: TextResponder, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }) else {
            Issue.record("no key \(name)", sourceLocation: sourceLocation)
            return
        }
        let before = input.text
        XInput.click(host.screenCenter(ofKey: key.id, in: keypad), sourceLocation: sourceLocation)
        let typed = MainLoop.run(until: { input.text != before })
        #expect(typed, "key \(name) typed nothing", sourceLocation: sourceLocation)
    }

    /// Expects `input`'s widget to end at least `margin` pixels above the keypad on screen.
    func expectAboveKeypad(_ input: TextResponder, margin: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        KeypadGTKTests.expectAboveKeypad(input, in: host, margin: margin, sourceLocation: sourceLocation)
    }

    func close() {
        weakHost?.close()
        MainLoop.drain()
    }
}
