import Foundation

/// What the service asks a front to do to the app's field: one client per app connection
/// (one Wayland input method serves the seat's focused app).
@MainActor
public protocol OSKClient: AnyObject {
    /// Names the client in the trace ("wayland", an app's D-Bus name); never a field's text.
    var traceName: String { get }
    /// Inserts `text` at the caret, replacing the selection.
    func commit(_ text: String)
    /// Deletes `range` (UTF-16, in the last ``OSKField/text`` the client gave): the grapheme
    /// before the caret, or the selection.
    func delete(_ range: NSRange)
    /// Deletes where the app gave no surrounding text: a BackSpace key.
    func backspace()
    /// The return key: an entry's activation, a newline in a multi-line field.
    func pressReturn()
}
