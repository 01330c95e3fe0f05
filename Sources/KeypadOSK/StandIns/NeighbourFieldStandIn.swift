import KeypadCore

/// The field before or after the editing one in the app's focus chain, as the model's scope
/// sees it: the scope holds the editing field between two of these, so the accessory toolbar's
/// previous and next buttons are enabled and press on them. Asked to begin editing, a stand-in
/// moves the app's focus one step along its window's focus chain instead (as Tab and Shift-Tab
/// do: keypad-osk's MoveFocus to the field's app) and refuses: the field
/// that gets focus begins editing in its turn. It never edits.
@MainActor
package final class NeighbourFieldStandIn: TextField {
    private let direction: Direction
    private let move: @MainActor (Direction) -> Void

    /// Which neighbour in the focus chain the stand-in is.
    package enum Direction: Sendable { case backward, forward }

    package init(_ direction: Direction, move: @escaping @MainActor (Direction) -> Void) {
        self.direction = direction
        self.move = move
        super.init()
    }

    /// Moves the app's focus one step instead of becoming first responder.
    package override func becomeFirstResponder() -> Bool {
        move(direction)
        return false
    }
}
