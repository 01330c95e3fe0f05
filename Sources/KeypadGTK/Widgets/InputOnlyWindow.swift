import CGTK

/// The input-only GdkWindows widgets such as GtkButton and GtkEventBox make for their
/// pointer events.
package enum InputOnlyWindow {
    /// The child of `widget`'s parent window whose user data is `widget` (nil while it
    /// is not realized, or for a widget that makes none).
    package static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard let parent = gtk_widget_get_window(widget) else { return nil }
        var child = gdk_window_peek_children(parent)
        while let node = child {
            if let candidate = node.pointee.data {
                var owner: gpointer?
                gdk_window_get_user_data(OpaquePointer(candidate), &owner)
                if owner == UnsafeMutableRawPointer(widget) { return OpaquePointer(candidate) }
            }
            child = node.pointee.next
        }
        return nil
    }
}
