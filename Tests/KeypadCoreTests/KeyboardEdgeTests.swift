import Foundation
import KeypadCore
import Testing

/// The keypad docks to the top edge instead of the bottom (keypad-osk keeping the caret
/// uncovered, #34): its frames say where it is, and a move while shown is willChangeFrame,
/// then didChangeFrame once the move arrived.
@MainActor
@Suite("The keyboard's edge")
struct KeyboardEdgeTests {
    private let bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)

    private func shownField(_ scope: ResponderScope) -> TextField {
        scope.keyboard.screenBounds = bounds
        let field = TextField()
        field.inputView = FixedInputView(height: 260)
        scope.add(field)
        return field
    }

    @Test("shown and hidden frames at each edge")
    func frames() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.keyboard.screenBounds = bounds
        #expect(scope.keyboard.shownFrame(height: 260) == CGRect(x: 0, y: 460, width: 1280, height: 260))
        #expect(scope.keyboard.hiddenFrame(height: 260) == CGRect(x: 0, y: 720, width: 1280, height: 260))
        scope.keyboard.edge = .top
        #expect(scope.keyboard.shownFrame(height: 260) == CGRect(x: 0, y: 0, width: 1280, height: 260))
        #expect(scope.keyboard.hiddenFrame(height: 260) == CGRect(x: 0, y: -260, width: 1280, height: 260))
    }

    @Test("a move while shown: willChangeFrame, then didChangeFrame at finishTransition; back again")
    func move() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let listener = ScreenChangeTests.Listener(scope.notificationCenter)
        let field = shownField(scope)
        scope.keyboard.animatesTransitions = true
        field.becomeFirstResponder()
        scope.keyboard.finishTransition()
        listener.notes = []
        let bottom = CGRect(x: 0, y: 460, width: 1280, height: 260)
        let top = CGRect(x: 0, y: 0, width: 1280, height: 260)
        scope.keyboard.edge = .top
        #expect(scope.keyboard.frame == top)
        #expect(listener.notes.map(\.name) == ["UIKeyboardWillChangeFrameNotification"])
        scope.keyboard.finishTransition()
        #expect(
            listener.notes.map(\.name) == [
                "UIKeyboardWillChangeFrameNotification", "UIKeyboardDidChangeFrameNotification",
            ])
        #expect(listener.notes.allSatisfy { $0.begin == bottom && $0.end == top })
        listener.notes = []
        scope.keyboard.edge = .top
        #expect(listener.notes.isEmpty)
        scope.keyboard.edge = .bottom
        scope.keyboard.finishTransition()
        #expect(listener.notes.map(\.end) == [bottom, bottom])
    }

    @Test("while hidden a change posts nothing; the next show comes in at the new edge, the hide leaves by it")
    func hidden() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let listener = ScreenChangeTests.Listener(scope.notificationCenter)
        let field = shownField(scope)
        scope.keyboard.edge = .top
        #expect(listener.notes.isEmpty)
        field.becomeFirstResponder()
        #expect(listener.notes.first?.begin == CGRect(x: 0, y: -260, width: 1280, height: 260))
        #expect(scope.keyboard.frame == CGRect(x: 0, y: 0, width: 1280, height: 260))
        listener.notes = []
        field.resignFirstResponder()
        #expect(listener.notes.last?.name == "UIKeyboardDidHideNotification")
        #expect(listener.notes.last?.end == CGRect(x: 0, y: -260, width: 1280, height: 260))
    }
}
