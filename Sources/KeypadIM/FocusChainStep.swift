import KeypadCore

/// The stand-in the toolbar's previous and next buttons move to: it never edits, it moves
/// GTK focus one step along the window's focus chain (as Tab and Shift-Tab do), and the
/// widget that gets focus begins editing in its turn.
@MainActor
final class FocusChainStep: TextField {
    private let direction: GtkDirection
    private let move: @MainActor (GtkDirection) -> Void

    enum GtkDirection { case backward, forward }

    init(_ direction: GtkDirection, move: @escaping @MainActor (GtkDirection) -> Void) {
        self.direction = direction
        self.move = move
        super.init()
    }

    /// Moves GTK focus one step instead of becoming first responder: the widget that gets
    /// focus begins editing in its turn.
    override func becomeFirstResponder() -> Bool {
        move(direction)
        return false
    }
}
