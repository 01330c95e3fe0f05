import CGTK
import Foundation

/// A GtkBuilder `.ui` file loaded, with its objects looked up by id: what an app needs
/// to build its window from a file and hand the widgets to a ``KeypadHost`` without
/// importing GTK's C headers.
///
/// The pointers it returns are the builder's objects (`GtkWidget *` and the like);
/// windows live on after the definition is released, as GTK's own toplevels do.
@MainActor
public final class UIDefinition {
    /// The largest `.ui` file loaded, in bytes.
    public static let maximumFileSize = 4 << 20
    private let builder: UnsafeMutablePointer<GtkBuilder>
    private let name: String

    /// Loads the `.ui` file at `url`.
    /// - Throws: ``WidgetError`` naming the file (and GTK's line) when it cannot be read
    ///   or parsed, or is larger than ``maximumFileSize``.
    public init(contentsOf url: URL) throws(WidgetError) {
        name = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw WidgetError("\(name): cannot read the file") }
        guard size <= Self.maximumFileSize else {
            throw WidgetError("\(name): \(size) bytes, more than the \(Self.maximumFileSize) a .ui file may have")
        }
        builder = gtk_builder_new()
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_file(builder, url.path, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not loaded"
            if let error { g_error_free(error) }
            g_object_unref(UnsafeMutableRawPointer(builder))
            throw WidgetError("\(name): \(message)")
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(builder))
    }

    /// The object with `id` in the file.
    /// - Throws: ``WidgetError`` when the file has no object with that id.
    public func object(_ id: String) throws(WidgetError) -> UnsafeMutableRawPointer {
        guard let object = gtk_builder_get_object(builder, id) else {
            throw WidgetError("\(name): no object with id \"\(id)\"")
        }
        return UnsafeMutableRawPointer(object)
    }

    /// Packs `widget` (a `GtkWidget *`, e.g. ``KeypadHost/keypadWidget``) at the end of
    /// the container with `id`: a `GtkBox` gets it without expanding, any other
    /// container by `gtk_container_add`. A nil widget is ignored.
    /// - Throws: ``WidgetError`` when `id` is not a container or `widget` not a widget.
    public func pack(_ widget: UnsafeMutableRawPointer?, into id: String) throws(WidgetError) {
        guard let widget else { return }
        let child = try WidgetError.check(widget, is: "GtkWidget", keypad_is_widget)
        let container = try WidgetError.check(object(id), is: "GtkContainer", keypad_is_container)
        if keypad_is_box(container) != 0 {
            gtk_box_pack_start(keypad_box(container), child, 0, 0, 0)
        } else {
            gtk_container_add(keypad_container(container), child)
        }
    }

    /// Runs `handler` each time the button with `id` is clicked.
    /// - Throws: ``WidgetError`` when `id` is not a `GtkButton`.
    public func onClicked(_ id: String, _ handler: @escaping @MainActor () -> Void) throws(WidgetError) {
        let button = try WidgetError.check(object(id), is: "GtkButton", keypad_is_button)
        onSignal(UnsafeMutableRawPointer(button), "clicked", handler)
    }

    /// Sets the text of the `GtkLabel` with `id`.
    /// - Throws: ``WidgetError`` when `id` is not a `GtkLabel`.
    public func setLabel(_ id: String, text: String) throws(WidgetError) {
        let label = try WidgetError.check(object(id), is: "GtkLabel", keypad_is_label)
        gtk_label_set_text(keypad_label(label), text)
    }
}
