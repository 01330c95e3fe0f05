import Foundation
import KeypadCore
import Testing

/// The screen changes under a keypad on screen (a rotation, a resolution change): the
/// keypad moves to the bottom of the new bounds and says so as UIKit does on rotation.
@MainActor
@Suite("Screen changes while the keypad shows")
struct ScreenChangeTests {
    /// Every keyboard notification's name and end frame, in order.
    @MainActor
    final class Listener {
        var notes: [(name: String, begin: CGRect, end: CGRect)] = []
        private var tokens: [any NSObjectProtocol] = []

        init(_ center: NotificationCenter) {
            for name in [
                Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillShowNotification,
                Responder.keyboardDidChangeFrameNotification, Responder.keyboardDidShowNotification,
                Responder.keyboardWillHideNotification, Responder.keyboardDidHideNotification,
            ] {
                tokens.append(
                    center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                        nonisolated(unsafe) let note = note
                        MainActor.assumeIsolated {
                            guard let transition = KeyboardTransition(notification: note) else { return }
                            self?.notes.append(
                                (note.name.rawValue, transition.beginFrame, transition.endFrame))
                        }
                    })
            }
        }
    }

    @Test(
        "a keypad on screen moves to the bottom of new bounds with willChangeFrame and didChangeFrame only",
        arguments: [
            // Rotation to portrait, a smaller resolution, a monitor to the right, a panel at the bottom.
            (CGRect(x: 0, y: 0, width: 768, height: 1024), CGRect(x: 0, y: 764, width: 768, height: 260)),
            (CGRect(x: 0, y: 0, width: 800, height: 600), CGRect(x: 0, y: 340, width: 800, height: 260)),
            (CGRect(x: 1024, y: 0, width: 1920, height: 1080), CGRect(x: 1024, y: 820, width: 1920, height: 260)),
            (CGRect(x: 0, y: 0, width: 1024, height: 720), CGRect(x: 0, y: 460, width: 1024, height: 260)),
        ])
    func moves(to bounds: CGRect, expected: CGRect) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let listener = Listener(scope.notificationCenter)
        let field = TextField()
        field.inputView = FixedInputView(height: 260)
        scope.add(field)
        field.becomeFirstResponder()
        listener.notes = []
        let before = scope.keyboard.frame
        scope.keyboard.screenBounds = bounds
        #expect(scope.keyboard.frame == expected)
        #expect(
            listener.notes.map(\.name) == [
                "UIKeyboardWillChangeFrameNotification", "UIKeyboardDidChangeFrameNotification",
            ])
        #expect(listener.notes.allSatisfy { $0.begin == before && $0.end == expected })
    }

    @Test(
        "new bounds post nothing while the keypad is hidden, or when the keypad's frame stays; the next show uses them")
    func quiet() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let listener = Listener(scope.notificationCenter)
        let field = TextField()
        field.inputView = FixedInputView(height: 260)
        scope.add(field)
        scope.keyboard.screenBounds = CGRect(x: 0, y: 0, width: 768, height: 1024)
        #expect(listener.notes.isEmpty)
        field.becomeFirstResponder()
        #expect(scope.keyboard.frame == CGRect(x: 0, y: 764, width: 768, height: 260))
        listener.notes = []
        scope.keyboard.screenBounds = CGRect(x: 0, y: 0, width: 768, height: 1024)
        #expect(listener.notes.isEmpty)
    }
}
