import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// keypad-osk's trace, for tests and integrators: with `KEYPAD_IM_TRACE=FILE` keypad-osk
/// appends one line per event to FILE. It names purposes, layouts, keys and counts, never a
/// field's text, and a key typing into a secure field is traced as ``Keypad/concealedKeyID``.
///
///     dbus focus-in :1.42 purpose=8 hints=0        a thin module's field got focus (org.keypad.OSK1)
///     dbus focus-out :1.42                         and lost it
///     dbus vanished :1.42                          that app left the session bus
///     focus-in purpose=8 hints=0 widget=wayland    a field got focus through the compositor (input-method-v2)
///     focus-out
///     purpose purpose=2 hints=0                    a focused field's purpose or hints changed
///     shown numberPad numbers                      a keypad settled on screen: its layout and page,
///     key 7 7 10,500,80,60                         then each key: id, accessible name, rectangle
///     button Done 950,450,64,40                    and each enabled toolbar button: accessible name, rectangle
///     edge bottom 0,430,1280,290                   where the keypad arrived
///     caret below probe=20                         where the compositor put the caret probe (Wayland)
///     hidden                                       the keypad slid out
///     tap 7                                        a key acted (• in a secure field)
///     commit 1                                     characters committed to the app
///     delete 1                                     characters deleted before the cursor
///     key-event BackSpace                          a key sent to the app (BackSpace, Return)
///     move-focus next                              the toolbar's previous or next, sent to the app
///     dismiss                                      the keypad ended editing (done, the dismiss key)
///     keyboard on request                          the keyboard on request shows (#35)
///     typed 3 of 3                                 keys it typed through the virtual keyboard or XTest
///
/// Tests find the keypad's keys this way where AT-SPI cannot see them (from inside a browser).
@MainActor
package enum IMTrace {
    /// The trace file, opened for appending at the first line (C stdio).
    private static let file: UnsafeMutablePointer<FILE>? = {
        guard let path = getenv("KEYPAD_IM_TRACE"), path.pointee != 0 else { return nil }
        guard let handle = fopen(path, "a") else {
            Log.warning("cannot write the trace to \(String(cString: path))")
            return nil
        }
        setvbuf(handle, nil, _IOLBF, 0)
        return handle
    }()

    /// Whether tracing is on (a trace line is only built then).
    package static var isOn: Bool { file != nil }

    package static func write(_ line: @autoclosure () -> String) {
        guard let file else { return }
        fputs(line() + "\n", file)
        fflush(file)
    }

    /// The `shown` line of `keypad` and a `key` line for each key of its page on screen;
    /// false (and nothing written) while GTK has not laid every button out yet.
    @discardableResult
    package static func writeKeys(of keypad: Keypad, view: KeypadView) -> Bool {
        guard isOn else { return true }
        var lines = ["shown \(keypad.layout.id) \(keypad.currentPageID)"]
        var keyButtons = Set<UnsafeMutablePointer<GtkWidget>>()
        for key in keypad.rows.joined() {
            guard let button = view.button(id: key.id) else { continue }
            guard let frame = screenFrame(of: button) else { return false }
            keyButtons.insert(button)
            let name = key.accessibleName.replacingOccurrences(of: "\n", with: " ")
            lines.append("key \(key.id) \(name) \(frame.x),\(frame.y),\(frame.width),\(frame.height)")
        }
        // The toolbar's buttons (previous, next, done), by accessible name.
        if let widget = view.widget, let window = gtk_widget_get_toplevel(widget) {
            for button in buttons(in: window) where !keyButtons.contains(button) && gtk_widget_is_sensitive(button) != 0
            {
                guard let frame = screenFrame(of: button) else { return false }
                guard let accessible = gtk_widget_get_accessible(button), let name = atk_object_get_name(accessible)
                else { continue }
                lines.append("button \(String(cString: name)) \(frame.x),\(frame.y),\(frame.width),\(frame.height)")
            }
        }
        write(lines.joined(separator: "\n"))
        return true
    }

    /// The mapped buttons in `root`'s widget tree.
    private static func buttons(in root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        guard gtk_widget_get_mapped(root) != 0 else { return [] }
        if keypad_is_button(root) != 0 { return [root] }
        guard keypad_is_container(root) != 0, let children = gtk_container_get_children(keypad_container(root))
        else { return [] }
        defer { g_list_free(children) }
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var node: UnsafeMutablePointer<GList>? = children
        while let current = node {
            if let data = current.pointee.data { result += buttons(in: data.assumingMemoryBound(to: GtkWidget.self)) }
            node = current.pointee.next
        }
        return result
    }

    /// The widget's rectangle on the screen, once it is mapped and laid out.
    private static func screenFrame(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard gtk_widget_get_mapped(widget) != 0, gtk_widget_get_allocated_width(widget) > 1,
            let rect = WidgetGeometry.screenRect(of: widget)
        else { return nil }
        return GdkRectangle(
            x: gint(rect.origin.x), y: gint(rect.origin.y), width: gint(rect.size.width),
            height: gint(rect.size.height))
    }
}
