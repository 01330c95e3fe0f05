import CGTK
import Foundation

/// The widget an input-method context serves, found from its client window, and what
/// the module reads of it: its kind, its text and selection, its window.
///
/// Nothing here keeps the widget alive: the session drops it when GTK unsets the client
/// window (the widget unrealized or destroyed).
@MainActor
struct ClientWidget {
    let window: OpaquePointer
    let widget: UnsafeMutablePointer<GtkWidget>

    /// The widget owning `window` (GTK stores it as the window's user data).
    init?(window: OpaquePointer) {
        var data: gpointer?
        gdk_window_get_user_data(window, &data)
        guard let data, keypad_is_widget(data) != 0 else { return nil }
        self.window = window
        widget = data.assumingMemoryBound(to: GtkWidget.self)
    }

    var isEntry: Bool { keypad_is_entry(widget) != 0 }
    var isTextView: Bool { keypad_is_text_view(widget) != 0 }
    var isSpinButton: Bool {
        g_type_check_instance_is_a(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
            gtk_spin_button_get_type()) != 0
    }

    /// Firefox's content widget: its fields live in the page, out of GTK's focus chain.
    var isMozContainer: Bool {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        guard let type = instance.pointee.g_class, let name = g_type_name(type.pointee.g_type) else { return false }
        return String(cString: name) == "MozContainer"
    }

    /// What the widget is, as the trace names it.
    var traceName: String { isEntry ? "entry" : isTextView ? "text-view" : "other" }

    /// An entry that shows bullets instead of its text.
    var hidesText: Bool { isEntry && gtk_entry_get_visibility(keypad_entry(widget)) == 0 }

    /// The window the widget sits in, if it is in one.
    var toplevel: UnsafeMutablePointer<GtkWidget>? {
        guard let top = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(top) != 0, keypad_is_window(top) != 0
        else { return nil }
        return top
    }

    /// A short name for the toolbar's title: the entry's placeholder, else the accessible name.
    var title: String? {
        if isEntry, let placeholder = gtk_entry_get_placeholder_text(keypad_entry(widget)) {
            let text = String(cString: placeholder)
            if !text.isEmpty { return text }
        }
        guard let accessible = gtk_widget_get_accessible(widget), let name = atk_object_get_name(accessible) else {
            return nil
        }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }

    // MARK: - Text and selection

    /// The longest text view text mirrored whole; past it, the paragraph around the caret.
    static let longestMirroredText: gint = 65_536

    /// The widget's text and selection (character offsets), or nil when the widget is
    /// neither an entry nor a text view (the context's surrounding text serves then).
    var textAndSelection: (text: String, selection: Range<Int>)? {
        if isEntry {
            let editable = keypad_editable(widget)
            let text = String(cString: gtk_entry_get_text(keypad_entry(widget)))
            var start: gint = 0
            var end: gint = 0
            if gtk_editable_get_selection_bounds(editable, &start, &end) == 0 {
                start = gtk_editable_get_position(editable)
                end = start
            }
            return (text, Int(min(start, end))..<Int(max(start, end)))
        }
        guard isTextView, let buffer = gtk_text_view_get_buffer(keypad_text_view(widget)),
            gtk_text_buffer_get_char_count(buffer) <= Self.longestMirroredText
        else { return nil }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return nil }
        defer { g_free(chars) }
        var first = GtkTextIter()
        var last = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer, &first, &last)
        let a = Int(gtk_text_iter_get_offset(&first))
        let b = Int(gtk_text_iter_get_offset(&last))
        return (String(cString: chars), min(a, b)..<max(a, b))
    }

    /// Whether the widget has text selected.
    var hasSelection: Bool {
        if isEntry { return gtk_editable_get_selection_bounds(keypad_editable(widget), nil, nil) != 0 }
        if isTextView, let buffer = gtk_text_view_get_buffer(keypad_text_view(widget)) {
            return gtk_text_buffer_get_has_selection(buffer) != 0
        }
        return false
    }
}
