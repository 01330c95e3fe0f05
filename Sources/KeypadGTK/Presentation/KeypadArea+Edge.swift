import CGTK
import Foundation
import KeypadCore

extension KeypadArea {
    /// The keyboard's edge changed while the keypad shows (keypad-osk keeping the caret
    /// uncovered, #34): the keypad window slides out where it is, moves, and slides in at
    /// the new edge, each half of the transition's duration, never taking focus (it is the
    /// same window). The keyboard's didChangeFrame goes out when it has arrived.
    func moveIfEdgeChanged(_ transition: KeyboardTransition?) {
        let edge = scope.keyboard.edge
        guard floatingWindow != nil, scope.keyboard.isVisible, isRevealed, edge != placedEdge || movingTo != nil
        else { return }
        guard edge != placedEdge else {
            // Back to where it is before it left: it slides in again.
            movingTo = nil
            slide.setRevealed(true, duration: halfDuration(transition), curve: curve(transition))
            return
        }
        movingTo = edge
        slide.setRevealed(false, duration: halfDuration(transition), curve: curve(transition))
    }

    /// A slide ended: the first half of a move (slid out) goes on to the new edge. True when
    /// the move goes on; false when the slide was no move's.
    func continueMove() -> Bool {
        guard movingTo != nil, !isRevealed else { return false }
        movingTo = nil
        // At the keyboard's edge as it is now, which may have changed again while the keypad
        // slid out: a keypad still shown never stays hidden (#31's soak: 2 000 focus changes
        // between a high and a low field left the keypad window unmapped, the keyboard shown).
        guard let window = floatingWindow, scope.keyboard.isVisible else { return false }
        placeWindow(window)
        slide.setRevealed(
            true, duration: scope.keyboard.animationDuration / 2, curve: scope.keyboard.animationCurve)
        return true
    }

    private func halfDuration(_ transition: KeyboardTransition?) -> TimeInterval {
        (transition?.animationDuration ?? scope.keyboard.animationDuration) / 2
    }

    private func curve(_ transition: KeyboardTransition?) -> KeyboardAnimationCurve {
        transition?.animationCurve ?? scope.keyboard.animationCurve
    }
}
