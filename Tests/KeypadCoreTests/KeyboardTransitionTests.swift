import Foundation
import KeypadCore
import KeypadTestSupport
import KeypadTesting
import Testing

/// A keyboard line of the recorder: `keyboard willShow (0,768,1024,260)->(0,508,1024,260)`.
private func keyboard(_ name: String, _ begin: String, _ end: String) -> String {
    "keyboard \(name) \(begin)->\(end)"
}

@MainActor
@Suite("did-notifications arrive when the keypad has arrived: at once headless, at finishTransition() when animated")
struct KeyboardTransitionTests {
    /// A session whose keyboard host animates, as the GTK adapter's does.
    private func animatedSession() -> Session {
        let session = Session()
        session.scope.keyboard.animatesTransitions = true
        return session
    }

    @Test("headless (the default): all four notifications, then the begin events")
    func headless() {
        let session = Session()
        let a = session.field("A")
        a.becomeFirstResponder()
        expectTrace(
            session.recorder,
            ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A"))
        #expect(!session.scope.keyboard.isTransitioning)
    }

    @Test("animated show: will-notifications, the begin events, and didChangeFrame, didShow at finishTransition()")
    func animatedShow() {
        let session = animatedSession()
        let a = session.field("A")
        a.becomeFirstResponder()
        expectTrace(
            session.recorder,
            [
                "A shouldBeginEditing -> true", keyboard("willChangeFrame", hidden260, shown260),
                keyboard("willShow", hidden260, shown260),
            ] + Session.begin("A"))
        #expect(session.scope.keyboard.isTransitioning)
        session.scope.keyboard.finishTransition()
        expectTrace(
            session.recorder,
            [keyboard("didChangeFrame", hidden260, shown260), keyboard("didShow", hidden260, shown260)])
        session.scope.keyboard.finishTransition()
        expectTrace(session.recorder, [])
    }

    @Test("animated hide: willChangeFrame, willHide, the end events; didChangeFrame, didHide when the slide ends")
    func animatedHide() {
        let session = animatedSession()
        let a = session.field("A")
        a.becomeFirstResponder()
        session.scope.keyboard.finishTransition()
        _ = session.recorder.takeLines()
        a.resignFirstResponder()
        session.scope.keyboard.finishTransition()
        expectTrace(
            session.recorder,
            [
                "A shouldEndEditing -> true", keyboard("willChangeFrame", shown260, hidden260),
                keyboard("willHide", shown260, hidden260),
            ] + Session.end("A") + [
                keyboard("didChangeFrame", shown260, hidden260), keyboard("didHide", shown260, hidden260),
            ])
    }

    @Test("a hide during the show's slide: the hide's will-notifications, then the show's did, then the hide's")
    func interruptedShow() {
        let session = animatedSession()
        let a = session.field("A")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        a.resignFirstResponder()
        expectTrace(
            session.recorder,
            [
                "A shouldEndEditing -> true", keyboard("willChangeFrame", shown260, hidden260),
                keyboard("willHide", shown260, hidden260), keyboard("didChangeFrame", hidden260, shown260),
                keyboard("didShow", hidden260, shown260),
            ] + Session.end("A"))
        session.scope.keyboard.finishTransition()
        expectTrace(
            session.recorder,
            [keyboard("didChangeFrame", shown260, hidden260), keyboard("didHide", shown260, hidden260)])
    }

    @Test("a taller keypad during the show's slide: the new show interrupts the first one the same way")
    func interruptedByResize() {
        let session = animatedSession()
        let a = session.field("A")
        let b = session.field("B", keypadHeight: 300)
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        b.becomeFirstResponder()
        session.scope.keyboard.finishTransition()
        expectTrace(
            session.recorder,
            ["B shouldBeginEditing -> true", "A shouldEndEditing -> true"] + Session.end("A") + [
                keyboard("willChangeFrame", shown260, shown300), keyboard("willShow", shown260, shown300),
                keyboard("didChangeFrame", hidden260, shown260), keyboard("didShow", hidden260, shown260),
            ] + Session.begin("B") + [
                keyboard("didChangeFrame", shown260, shown300), keyboard("didShow", shown260, shown300),
            ])
    }

    @Test("finishTransition() called by a will-notification's observer posts once the will-notifications are out")
    func finishFromWillObserver() {
        let session = animatedSession()
        let center = session.scope.notificationCenter
        let keyboardHost = session.scope.keyboard
        let token = center.addObserver(forName: Responder.keyboardWillChangeFrameNotification, object: nil, queue: nil)
        { _ in MainActor.assumeIsolated { keyboardHost.finishTransition() } }
        defer { center.removeObserver(token) }
        let a = session.field("A")
        a.becomeFirstResponder()
        expectTrace(
            session.recorder,
            ["A shouldBeginEditing -> true"] + Session.show(from: hidden260, to: shown260) + Session.begin("A"))
    }

    @Test("turning animation off finishes a transition under way")
    func switchingOff() {
        let session = animatedSession()
        let a = session.field("A")
        a.becomeFirstResponder()
        _ = session.recorder.takeLines()
        session.scope.keyboard.animatesTransitions = false
        expectTrace(
            session.recorder,
            [keyboard("didChangeFrame", hidden260, shown260), keyboard("didShow", hidden260, shown260)])
    }
}
