import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// What tests and scripts read back about keys and buttons, and the clipboard they
/// set: the real allocations and accessible names in the widget tree.
extension KeypadHost {
    /// The allocated height, in pixels, of every key of `keypad` on the page shown.
    package func keyHeights(in keypad: Keypad) -> [String: Int] {
        guard let view = keypadView(of: keypad) else { return [:] }
        var heights: [String: Int] = [:]
        for key in keypad.rows.joined() {
            if let button = view.button(id: key.id) { heights[key.id] = Int(gtk_widget_get_allocated_height(button)) }
        }
        return heights
    }

    /// Whether key `id` of `keypad` looks pressed now (its button's `:active` state).
    package func keyLooksPressed(_ id: String, in keypad: Keypad) -> Bool {
        guard let button = keypadView(of: keypad)?.button(id: id) else { return false }
        return gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
    }

    /// The keys of `keypad` whose buttons would take pointer events themselves (their
    /// own input window shown) instead of leaving them to the keypad's touch surface.
    package func keysTakingThePointer(in keypad: Keypad) -> [String] {
        guard let view = keypadView(of: keypad) else { return [] }
        return keypad.rows.joined().map(\.id).filter { id in
            guard let button = view.button(id: id), let window = InputOnlyWindow.of(button) else {
                return false
            }
            return gdk_window_is_visible(window) != 0
        }
    }

    /// The accessible name of every button (keys and toolbar buttons) in the window and
    /// the keypad's own window, shown or not.
    package func buttonAccessibleNames() -> [String] {
        guard !isClosed else { return [] }
        let roots = [window, area.floatingWindow].compactMap { $0 }
        return roots.flatMap(WidgetTree.descendants(of:)).filter { keypad_is_button($0) != 0 }.map { button in
            gtk_widget_get_accessible(button).flatMap { atk_object_get_name($0) }.map { String(cString: $0) } ?? ""
        }
    }

    /// The screen centre of the first button in the window labelled `title`.
    package func screenCenter(ofButtonTitled title: String) -> ScreenPoint? {
        guard !isClosed else { return nil }
        let button = WidgetTree.descendants(of: window).first { widget in
            keypad_is_button(widget) != 0
                && gtk_button_get_label(keypad_button(widget)).map { String(cString: $0) } == title
        }
        return button.flatMap { Self.screenCenter(of: $0) }
    }

    /// The selection of `field`'s GtkEntry in characters (empty: the cursor).
    package func widgetSelection(of field: TextField) -> Range<Int>? {
        guard let entry = widget(for: field) else { return nil }
        var start: gint = 0
        var end: gint = 0
        gtk_editable_get_selection_bounds(keypad_editable(entry), &start, &end)
        return Int(min(start, end))..<Int(max(start, end))
    }

}

extension KioskWindow {
    /// Puts `text` on the clipboard (CLIPBOARD selection), as another app's copy would.
    package static func setClipboardText(_ text: String) {
        guard let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)) else { return }
        gtk_clipboard_set_text(clipboard, text, -1)
    }
}

/// Walks GTK's widget tree.
enum WidgetTree {
    /// `root` and every widget below it, parents first.
    static func descendants(of root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var result = [root]
        guard keypad_is_container(root) != 0 else { return result }
        var node = gtk_container_get_children(keypad_container(root))
        let list = node
        defer { g_list_free(list) }
        while let current = node {
            if let data = current.pointee.data {
                result += descendants(of: data.assumingMemoryBound(to: GtkWidget.self))
            }
            node = current.pointee.next
        }
        return result
    }
}
