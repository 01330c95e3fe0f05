import Foundation
import KeypadCore
import KeypadTesting
import Testing

/// Removes its field from the field's scope as soon as the field begins editing.
@MainActor
private final class RemovingOnBegin: TextFieldDelegate {
    func textFieldDidBeginEditing(_ textField: TextField) {
        textField.scope?.remove(textField)
    }
}

/// The keyboard frames, hidden and shown, of an input view `height` high on the default scope.
private func frames(_ height: CGFloat) -> (hidden: String, shown: String) {
    let side = Int(height)
    return ("(0,768,1024,\(side))", "(0,\(768 - side),1024,\(side))")
}

@MainActor
@Suite("Removing a responder ends its editing and lets its keypad go, even mid focus change")
struct RemovalTests {
    /// A number-pad field on the scope's default keypad, recorded.
    private func pinField(_ session: Session, delegate: (any TextFieldDelegate)? = nil) -> (TextField, Keypad) {
        let pin = session.field(
            "PIN", keypadHeight: nil, delegate: delegate,
            traits: TextInputTraits(keyboardType: .numberPad))
        return (pin, session.scope.defaultKeypad(for: .numberPad))
    }

    /// The whole sequence of a field that begins editing and is removed at once.
    private func beginThenRemoved(_ keypad: Keypad) -> [String] {
        let (hidden, shown) = frames(keypad.preferredHeight)
        return ["PIN shouldBeginEditing -> true"] + Session.show(from: hidden, to: shown) + Session.begin("PIN")
            + Session.hide(from: shown, to: hidden) + Session.end("PIN", reason: "cancelled")
    }

    private func expectGone(_ pin: TextField, _ keypad: Keypad, _ session: Session) {
        #expect(pin.scope == nil && !pin.isEditing && session.scope.firstResponder == nil)
        #expect(session.scope.responders.isEmpty && !session.scope.keyboard.isVisible)
        #expect(keypad.boundInput == nil)
        keypad.tap("7")
        #expect(pin.text.isEmpty)
        #expect(!pin.becomeFirstResponder())
    }

    @Test("removed from inside a textDidBeginEditing observer: editing ends, cancelled, and the keypad unbinds")
    func removedFromBeginNotification() {
        let session = Session()
        let (pin, keypad) = pinField(session)
        let center = session.scope.notificationCenter
        let scope = session.scope
        let token = center.addObserver(forName: TextField.textDidBeginEditingNotification, object: nil, queue: nil) {
            note in
            nonisolated(unsafe) let object = note.object
            MainActor.assumeIsolated {
                if let field = object as? TextField { scope.remove(field) }
            }
        }
        defer { center.removeObserver(token) }
        #expect(!pin.becomeFirstResponder())
        #expect(session.recorder.takeLines() == beginThenRemoved(keypad))
        expectGone(pin, keypad, session)
    }

    @Test("removed from inside didBeginEditing: editing ends, cancelled, and the keypad unbinds")
    func removedFromDidBegin() {
        let session = Session()
        let (pin, keypad) = pinField(session, delegate: RemovingOnBegin())
        #expect(!pin.becomeFirstResponder())
        #expect(session.recorder.takeLines() == beginThenRemoved(keypad))
        expectGone(pin, keypad, session)
    }

    @Test("moved to another scope from inside didBeginEditing: it ends editing in the old scope first")
    func movedFromDidBegin() {
        let session = Session()
        let other = ResponderScope(notificationCenter: session.scope.notificationCenter)
        let mover = MovingOnBegin(to: other)
        let (pin, keypad) = pinField(session, delegate: mover)
        #expect(!pin.becomeFirstResponder())
        #expect(session.recorder.takeLines() == beginThenRemoved(keypad))
        #expect(pin.scope === other && other.responders.count == 1 && session.scope.responders.isEmpty)
        #expect(session.scope.firstResponder == nil && keypad.boundInput == nil)
    }
}

/// Moves its field to another scope as soon as the field begins editing.
@MainActor
private final class MovingOnBegin: TextFieldDelegate {
    let destination: ResponderScope
    init(to destination: ResponderScope) { self.destination = destination }
    func textFieldDidBeginEditing(_ textField: TextField) {
        destination.add(textField)
    }
}
