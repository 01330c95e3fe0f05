import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// A scope with one editing decimal-pad field "PIN" on its own keypad of `layoutID`, recording the keypad's key events.
@MainActor
private final class Form {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let field: TextField
    let keypad: Keypad
    private(set) var keyEvents: [Keypad.Change] = []

    init(_ layoutID: String, secure: Bool) throws {
        field = TextField(traits: TextInputTraits(keyboardType: .decimalPad, isSecureTextEntry: secure))
        field.locale = Locale(identifier: "en_US")
        field.accessibilityLabel = "PIN"
        keypad = Keypad(layout: try #require(bundledLayout(layoutID)), notificationCenter: scope.notificationCenter)
        field.inputView = keypad
        scope.add(field)
        keypad.addObserver { [unowned self] change in
            switch change {
            case .keyActivated, .keyRejected: keyEvents.append(change)
            default: break
            }
        }
        field.becomeFirstResponder()
    }
}

@MainActor
@Suite("A keypad serving a secure input tells nobody what it types")
struct KeypadSecureTests {
    @Test("digits, the separator and a refused second separator carry the concealed id; delete keeps its own")
    func concealedIDs() throws {
        let form = try Form("decimalPad", secure: true)
        for name in ["1", "Decimal separator", "5", "Decimal separator", "Delete"] { form.keypad.tap(name) }
        #expect(form.field.text == "1.")
        #expect(form.keyEvents == [
            .keyActivated("•"), .keyActivated("•"), .keyActivated("•"), .keyRejected("•"), .keyActivated("delete"),
        ])
    }

    @Test("a long-press alternative typed into a secure input carries the concealed id")
    func concealedAlternative() throws {
        let form = try Form("phonePad", secure: true)
        form.keypad.press("0", at: .zero)
        form.keypad.advance(to: .seconds(1))
        form.keypad.release("0", at: .seconds(1))
        #expect(form.field.text == "+" && form.keyEvents == [.keyActivated("•")])
    }

    @Test("a plain input's key events carry the keys' ids")
    func plainIDs() throws {
        let form = try Form("decimalPad", secure: false)
        for name in ["1", "Decimal separator", "Decimal separator"] { form.keypad.tap(name) }
        #expect(form.keyEvents == [.keyActivated("1"), .keyActivated("decimalSeparator"), .keyRejected("decimalSeparator")])
    }

    @Test("the recorder's trace of a secure session shows no digit")
    func trace() throws {
        let form = try Form("numberPad", secure: true)
        let recorder = EventRecorder(scope: form.scope)
        recorder.record(form.keypad, name: "pad")
        for name in ["4", "2", "Delete"] { form.keypad.tap(name) }
        #expect(recorder.takeLines() == [
            "pad •", "PIN textDidChange", "pad •", "PIN textDidChange", "pad Delete", "PIN textDidChange",
        ])
    }
}
