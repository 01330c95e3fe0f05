import CGTK
import KeypadCore

/// One GTK widget bound to one model input: a `GtkEntry` to a `TextField` or a
/// `GtkTextView` to a `TextView`, made by ``KeypadHost/bind(_:toEntry:)`` or
/// ``KeypadHost/bind(_:toTextView:)``.
///
/// The model is the source of truth. Typing, paste and cut in the widget become edits
/// of the model, which asks its delegate; a refused edit leaves the widget's text and
/// selection as they were. Changes the model makes reach the widget as the one small
/// edit that differs, and a selection GTK already shows keeps its direction.
///
/// The binding holds a reference to the widget. It ends by itself when the widget is
/// destroyed; ``unbind()`` ends it on demand. Either way every signal handler it
/// connected is disconnected, the model's CSS is taken off the widget and the model
/// leaves the host's scope (its editing ends): the widget behaves as plain GTK again.
@MainActor
public final class FieldBinding {
    let adapter: any FieldAdapter

    init(adapter: any FieldAdapter) {
        self.adapter = adapter
    }

    /// The model input the widget mirrors.
    public var input: TextResponder { adapter.responder }

    /// Whether the widget is still bound (false after ``unbind()`` or its destruction).
    public var isBound: Bool { adapter.focusWidget != nil }

    /// The bound widget (a `GtkEntry *` or `GtkTextView *`), nil once unbound.
    public var widget: UnsafeMutableRawPointer? { adapter.focusWidget.map { UnsafeMutableRawPointer($0) } }

    /// The outermost widget of the binding, to pack: for ``KeypadHost/makeGrowingTextView(for:minimumHeight:maximumHeight:)``
    /// the frame around the text view, otherwise ``widget``.
    public var outerWidget: UnsafeMutableRawPointer? { adapter.outerWidget.map { UnsafeMutableRawPointer($0) } }

    /// Gives the widget back to plain GTK: disconnects every handler, removes the
    /// model's CSS, drops the reference and takes the model out of the scope.
    /// The widget keeps the text it shows. Calling it again does nothing.
    public func unbind() {
        adapter.unbind()
    }
}
