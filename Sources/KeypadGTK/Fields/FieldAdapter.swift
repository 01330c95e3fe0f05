import CGTK
import KeypadCore

/// What the focus coordinator needs of a field's adapter.
package protocol FieldAdapter: AnyObject {
    /// The model the widget mirrors.
    var responder: TextResponder { get }
    /// The widget that takes GTK focus; nil once destroyed.
    var focusWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Gives the widget back to plain GTK and the model out of the scope.
    func unbind()
}

extension FieldAdapter {
    /// The outermost widget the binding made or was given, to pack into a container.
    var outerWidget: UnsafeMutablePointer<GtkWidget>? {
        (self as? TextViewAdapter)?.frame?.widget ?? focusWidget
    }

    /// Whether the widget holds GTK focus within its window.
    var hasGTKFocus: Bool {
        guard let widget = focusWidget else { return false }
        return gtk_widget_is_focus(widget) != 0
    }

    /// Gives the widget GTK focus (no-op when destroyed).
    func grabFocus() {
        guard let widget = focusWidget, gtk_widget_is_focus(widget) == 0 else { return }
        gtk_widget_grab_focus(widget)
    }
}
