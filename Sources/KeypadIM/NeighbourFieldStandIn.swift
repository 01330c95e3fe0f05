import KeypadCore

/// The field before or after the editing one in GTK's focus chain, as the model's scope sees
/// it: the scope holds the editing field between two of these, so the accessory toolbar's
/// previous and next buttons are enabled and press on them. Asked to begin editing, a stand-in
/// moves GTK focus one step along the window's focus chain instead (as Tab and Shift-Tab do)
/// and refuses: the widget that gets GTK focus begins editing in its turn. It never edits.
@MainActor
final class NeighbourFieldStandIn: TextField {
    private let direction: Direction
    private let move: @MainActor (Direction) -> Void

    /// Which neighbour in the focus chain the stand-in is.
    enum Direction { case backward, forward }

    init(_ direction: Direction, move: @escaping @MainActor (Direction) -> Void) {
        self.direction = direction
        self.move = move
        super.init()
    }

    /// Moves GTK focus one step instead of becoming first responder.
    override func becomeFirstResponder() -> Bool {
        move(direction)
        return false
    }
}
