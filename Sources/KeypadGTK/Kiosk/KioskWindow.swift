import CGTK
import Foundation
import KeypadCore

/// A kiosk form window: rows of labelled fields and any other widgets in a scrolling
/// column, an optional input bar docked at the bottom (a growing text view), and the
/// keypad below them.
///
/// Built from the public parts an app would use itself: a ``KeypadHost`` for the window,
/// ``KeypadHost/bind(_:toEntry:)`` for each field, ``KeypadHost/makeGrowingTextView(for:minimumHeight:maximumHeight:)``
/// for the input bar and ``KeypadHost/avoidKeyboard(in:insetting:)`` for the column, so the
/// editing field stays visible as the keypad slides in, and the column scrolls back when
/// it hides.
@MainActor
public final class KioskWindow {
    /// Where the keypad appears.
    public typealias Placement = KeypadHost.Placement

    /// The host that binds the fields and shows the keypad: initialize GTK, present, run
    /// and close the window through it, as an app does with a window of its own.
    public let host: KeypadHost
    private let form: UnsafeMutablePointer<GtkWidget>
    private let bottomBar: UnsafeMutablePointer<GtkWidget>
    private var rows: gint = 0

    /// Creates the window (hidden until its host's ``KeypadHost/present(fullscreen:)``).
    public init(
        title: String, scope: ResponderScope, placement: Placement = .docked, width: Int = 540, height: Int = 720
    ) {
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(keypad_window(window), title)
        gtk_window_set_default_size(keypad_window(window), gint(width), gint(height))
        gtk_style_context_add_class(gtk_widget_get_style_context(window), "keypad-kiosk")
        do {
            host = try KeypadHost(window: UnsafeMutableRawPointer(window), scope: scope, placement: placement)
        } catch {
            preconditionFailure("gtk_window_new made no GtkWindow: \(error)")
        }
        form = gtk_grid_new()
        gtk_grid_set_row_spacing(keypad_grid(form), 12)
        gtk_grid_set_column_spacing(keypad_grid(form), 12)
        for set in [
            gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top,
            gtk_widget_set_margin_bottom,
        ] {
            set(form, 16)
        }
        let scroller: UnsafeMutablePointer<GtkWidget> = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(keypad_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_overlay_scrolling(keypad_scrolled_window(scroller), 0)
        // Tab moves between the fields, never onto the form's scroller itself.
        gtk_widget_set_can_focus(scroller, 0)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_container_add(keypad_container(scroller), form)
        bottomBar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        // The form and the input bar, inset together above a separate keypad window.
        let content: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(keypad_box(content), scroller, 1, 1, 0)
        gtk_box_pack_start(keypad_box(content), bottomBar, 0, 0, 0)
        let column: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(keypad_box(column), content, 1, 1, 0)
        if let docked = host.keypadWidget?.assumingMemoryBound(to: GtkWidget.self) {
            gtk_box_pack_start(keypad_box(column), docked, 0, 0, 0)
        }
        gtk_container_add(keypad_container(window), column)
        try? host.avoidKeyboard(in: UnsafeMutableRawPointer(scroller), insetting: UnsafeMutableRawPointer(content))
    }

    // MARK: - Building the form

    /// Adds a labelled single-line field; its model joins the scope in this order.
    public func addField(_ field: TextField, label: String) {
        guard !host.isClosed else { return }
        let caption = addRow(gtk_label_new(label))
        gtk_widget_set_halign(caption, GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(caption), "keypad-caption")
        let entry = addRow(gtk_entry_new())
        gtk_widget_set_hexpand(entry, 1)
        // The caption labels the entry for assistive technology (label-for / labelled-by).
        gtk_label_set_mnemonic_widget(keypad_label(caption), entry)
        _ = try? host.bind(field, toEntry: UnsafeMutableRawPointer(entry))
    }

    /// Adds a heading row (a label with the `keypad-heading` class).
    public func addHeading(_ text: String) {
        guard !host.isClosed else { return }
        let label = addRow(gtk_label_new(text))
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "keypad-heading")
    }

    /// Adds a row of buttons titled `titles`; a click calls `action` with the title.
    public func addButtons(_ titles: [String], action: @escaping @MainActor (String) -> Void) {
        guard !host.isClosed else { return }
        let row = addRow(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
        for title in titles {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(title)
            onSignal(UnsafeMutableRawPointer(button), "clicked") { action(title) }
            gtk_box_pack_start(keypad_box(row), button, 1, 1, 0)
        }
    }

    /// Adds any widget (a `GtkWidget *` the app made) as a full-width row of the form.
    /// - Throws: ``WidgetError`` when `widget` is not a GtkWidget.
    public func addWidget(_ widget: UnsafeMutableRawPointer) throws(WidgetError) {
        guard !host.isClosed else { return }
        addRow(try WidgetError.check(widget, is: "GtkWidget", keypad_is_widget))
    }

    @discardableResult
    private func addRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        gtk_grid_attach(keypad_grid(form), widget, 0, rows, 1, 1)
        rows += 1
        return widget
    }

    /// Docks a growing text view at the bottom, above the keypad (a chat-style input
    /// bar): it rides up with the keypad and grows line by line up to `maximumHeight`.
    public func setInputBar(_ textView: TextView, minimumHeight: Int = 36, maximumHeight: Int = 120) {
        guard !host.isClosed else { return }
        let binding = host.makeGrowingTextView(
            for: textView, minimumHeight: minimumHeight, maximumHeight: maximumHeight)
        guard let frame = binding.outerWidget?.assumingMemoryBound(to: GtkWidget.self) else { return }
        gtk_widget_set_margin_start(frame, 16)
        gtk_widget_set_margin_end(frame, 16)
        gtk_widget_set_margin_bottom(frame, 8)
        gtk_box_pack_start(keypad_box(bottomBar), frame, 1, 1, 0)
    }
}
