import Foundation
import KeypadCore
import KeypadGTK

/// Keeps keypad-osk's keypad off the caret (#34): it takes what the fronts learn of the
/// caret (``CaretClue``) and the keypad's height, and docks the keyboard to the edge
/// ``KeypadEdgePolicy`` gives (the keypad window slides there, ``KeypadArea``). Writes
/// `edge bottom|top X,Y,W,H` to the trace each time the keypad arrives somewhere.
@MainActor
final class KeypadPlacer {
    private let scope: ResponderScope
    let position: KeypadPosition
    /// The caret as last learnt.
    private(set) var clue = CaretClue.unknown
    /// The keypad's height as last shown (0 before it first shows).
    private(set) var keypadHeight = 0
    /// Called with the keypad's new height (the Wayland probe follows it).
    var keypadHeightChanged: ((Int) -> Void)?
    private var tokens: [any NSObjectProtocol] = []
    private var decisionPending = false

    init(scope: ResponderScope, position: KeypadPosition) {
        self.scope = scope
        self.position = position
        if position == .top { scope.keyboard.edge = .top }
        let center = scope.notificationCenter
        tokens.append(
            observeOnMainActor(Responder.keyboardWillChangeFrameNotification, on: center) { [weak self] note in
                guard let self, let frame = KeyboardTransition(notification: note)?.endFrame else { return }
                let height = Int(frame.height)
                guard height > 0, height != self.keypadHeight else { return }
                self.keypadHeight = height
                self.keypadHeightChanged?(height)
                self.decideSoon()
            })
        // Every arrival (a show, a move, a new height) ends with one didChangeFrame; a new field
        // whose keypad stays where it is moves nothing, and is written as it begins.
        tokens.append(
            observeOnMainActor(Responder.keyboardDidChangeFrameNotification, on: center) { [weak self] note in
                self?.traceEdge(KeyboardTransition(notification: note)?.endFrame)
            })
        tokens.append(
            observeOnMainActor(TextField.textDidBeginEditingNotification, on: center) { [weak self] _ in
                guard let self, !self.scope.keyboard.isTransitioning else { return }
                self.traceEdge(self.scope.keyboard.frame)
            })
    }

    isolated deinit {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
    }

    /// `edge bottom|top X,Y,W,H`: where the keypad arrived on screen, `frame` (a transition cut
    /// short by a move arrived where it was going, and says so).
    private func traceEdge(_ frame: CGRect?) {
        // A hide's frame, beyond the edge, posted as the next show interrupts it, is no arrival.
        let bounds = scope.keyboard.screenBounds
        guard let frame, scope.keyboard.isVisible, frame.minY >= bounds.minY, frame.maxY <= bounds.maxY else { return }
        let edge: KeyboardEdge = abs(frame.minY - bounds.minY) < abs(frame.maxY - bounds.maxY) ? .top : .bottom
        IMTrace.write(
            "edge \(edge.rawValue) \(Int(frame.minX)),\(Int(frame.minY)),\(Int(frame.width)),\(Int(frame.height))")
    }

    /// The caret moved, or was learnt anew: the keypad moves if it covers it.
    func caretMoved(_ clue: CaretClue) {
        self.clue = clue
        decide()
    }

    /// A field is about to take the keypad, `height` pixels tall (measured before it shows,
    /// ``OSKStage/expectKeypad(for:)``): the probe takes that height at once, and a hidden
    /// keypad's edge is decided by it, so the first keypad after start shows where it belongs
    /// instead of showing at the bottom and moving once its height is known (#34). A keypad on
    /// screen goes by its notifications, as before.
    func expect(keypadHeight height: Int) {
        guard height > 0 else { return }
        keypadHeightChanged?(height)
        guard !scope.keyboard.isVisible, height != keypadHeight else { return }
        keypadHeight = height
        decide()
    }

    /// The field whose caret it was is gone (focus left it; the keyboard on request shows,
    /// for an app that tells no caret): the keypad goes by no caret.
    func forgetCaret() {
        caretMoved(.unknown)
    }

    /// Decides once the notification under way is out (a move is not started from inside one).
    private func decideSoon() {
        guard !decisionPending else { return }
        decisionPending = true
        MainLoop.soon { [weak self] in
            guard let self else { return }
            self.decisionPending = false
            self.decide()
        }
    }

    private func decide() {
        let keyboard = scope.keyboard
        let edge = KeypadEdgePolicy.edge(
            for: clue, keypadHeight: keypadHeight, position: position, current: keyboard.edge)
        if edge != keyboard.edge { keyboard.edge = edge }
    }
}
