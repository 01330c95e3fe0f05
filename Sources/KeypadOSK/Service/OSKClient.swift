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
    /// The toolbar's previous or next: the app moves focus along the field's focus chain.
    func moveFocus(forward: Bool)
    /// The toolbar's done or the dismiss key hid the keypad: the field gives up focus.
    func dismiss()
    /// Where the keypad is now, in screen coordinates; nil once it hides.
    func keypadMoved(to frame: CGRect?)
}

extension OSKClient {
    /// Nothing by default (an input method has no focus chain to move along).
    public func moveFocus(forward: Bool) {}
    /// Nothing by default: the field keeps its focus.
    public func dismiss() {}
    /// Nothing by default: the compositor places the app's window.
    public func keypadMoved(to frame: CGRect?) {}
}
