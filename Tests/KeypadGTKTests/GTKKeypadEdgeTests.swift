import CGTK
import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

extension GTKTests {
    /// The keyboard's edge moving while the keypad shows (#34, keypad-osk keeping the caret
    /// uncovered): the keypad window slides out, moves to the other edge of the work area and
    /// slides in, and didChangeFrame comes once it arrived there; the field keeps editing.
    /// (A slide started from the end of the previous one once never ran: its frames stopped.)
    @Test("the keypad window moves to the top of the work area and back, didChangeFrame once it is there")
    func keypadWindowMovesBetweenEdges() throws {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        var arrivals: [CGRect] = []
        let token = session.scope.notificationCenter.addObserver(
            forName: Responder.keyboardDidChangeFrameNotification, object: nil, queue: nil
        ) { note in
            nonisolated(unsafe) let note = note
            MainActor.assumeIsolated {
                if let end = KeyboardTransition(notification: note)?.endFrame { arrivals.append(end) }
            }
        }
        defer { session.scope.notificationCenter.removeObserver(token) }
        session.show()
        session.click(amount)
        #expect(MainLoop.run(until: { arrivals.count == 1 }), "the keypad did not arrive")
        let bounds = session.scope.keyboard.screenBounds
        let bottom = try #require(session.window.host.keypadWindowScreenRect)
        #expect(bottom.maxY == bounds.maxY && arrivals.last == bottom, "\(bottom) in \(bounds)")
        for (edge, expectedY) in [(KeyboardEdge.top, bounds.minY), (.bottom, bounds.maxY - bottom.height)] {
            let count = arrivals.count
            session.scope.keyboard.edge = edge
            #expect(arrivals.count == count, "didChangeFrame before the keypad moved")
            #expect(
                MainLoop.run(until: {
                    arrivals.count > count && session.window.host.keypadWindowScreenRect?.minY == expectedY
                }),
                "the keypad did not arrive at the \(edge): \(arrivals), \(String(describing: session.window.host.keypadWindowScreenRect))"
            )
            #expect(arrivals.last == CGRect(x: bounds.minX, y: expectedY, width: bounds.width, height: bottom.height))
            #expect(amount.isFirstResponder && session.scope.keyboard.isVisible)
        }
        session.close()
    }

    /// The edge moving back while the keypad slides out to move (a field high, then a field
    /// low, then high again, in a burst of focus changes): the keypad slides in at the edge the
    /// keyboard has when it is out. It once stayed hidden, the keyboard shown (#31's soak).
    @Test("the keypad window comes back when the edge moves back while it slides out")
    func keypadWindowComesBackWhenTheEdgeMovesBack() throws {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        var arrivals = 0
        let token = session.scope.notificationCenter.addObserver(
            forName: Responder.keyboardDidChangeFrameNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { arrivals += 1 } }
        defer { session.scope.notificationCenter.removeObserver(token) }
        session.show()
        session.click(amount)
        #expect(MainLoop.run(until: { arrivals == 1 }), "the keypad did not arrive")
        let bottom = try #require(session.window.host.keypadWindowScreenRect)
        session.scope.keyboard.edge = .top
        session.scope.keyboard.edge = .bottom
        let window = try #require(session.window.host.area.floatingWindow)
        // The move back interrupts the move to the top (its didChangeFrame); the slide's end
        // brings one more.
        #expect(
            MainLoop.run(until: { arrivals == 3 && !session.window.host.area.isSliding }),
            "the keypad did not arrive after the edge moved back")
        #expect(gtk_widget_get_mapped(window) != 0, "the keypad window stayed hidden")
        #expect(session.window.host.keypadWindowScreenRect == bottom)
        #expect(amount.isFirstResponder && session.scope.keyboard.isVisible)
        session.close()
    }
}
