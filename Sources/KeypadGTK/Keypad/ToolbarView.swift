import CGTK
import Foundation
import KeypadCore

/// Draws an `AccessoryToolbar`: previous / next buttons, the title, and done.
@MainActor
final class ToolbarView {
    let toolbar: AccessoryToolbar
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var previous: UnsafeMutablePointer<GtkWidget>?
    private var next: UnsafeMutablePointer<GtkWidget>?
    private var title: UnsafeMutablePointer<GtkWidget>?
    private var observation: ObservationToken?
    /// The toolbar's height before its CSS padding and borders.
    static let height = 52

    init(toolbar: AccessoryToolbar) {
        self.toolbar = toolbar
        let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        widget = box
        g_object_ref_sink(UnsafeMutableRawPointer(box))
        gtk_widget_set_size_request(box, -1, gint(Self.height))
        gtk_style_context_add_class(gtk_widget_get_style_context(box), "keypad-toolbar")
        previous = button("‹", name: toolbar.previousButtonName) { [weak toolbar] in toolbar?.goPrevious() }
        next = button("›", name: toolbar.nextButtonName) { [weak toolbar] in toolbar?.goNext() }
        let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        title = label
        gtk_widget_set_hexpand(label, 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "keypad-toolbar-title")
        let done = button("✓", name: toolbar.doneButtonName) { [weak toolbar] in toolbar?.done() }
        for child in [previous, next, label, done].compactMap({ $0 }) {
            gtk_box_pack_start(keypad_box(box), child, child == label ? 1 : 0, child == label ? 1 : 0, 0)
        }
        // Measured as shown (GTK gives hidden widgets no height), CSS padding and borders included.
        gtk_widget_show_all(box)
        var minimum: gint = 0
        var natural: gint = 0
        gtk_widget_get_preferred_height(box, &minimum, &natural)
        toolbar.preferredHeight = CGFloat(max(minimum, natural))
        observation = toolbar.addObserver { [weak self] _ in self?.refresh() }
        // Destroyed with its window (the keypad's own window closes with the app's): its
        // buttons are gone, so stop drawing into them.
        onSignal(UnsafeMutableRawPointer(box), "destroy") { [weak self] in self?.destroyed() }
        refresh()
    }

    private func destroyed() {
        if let observation { toolbar.removeObserver(observation) }
        observation = nil
        previous = nil
        next = nil
        title = nil
    }

    isolated deinit {
        if let observation { toolbar.removeObserver(observation) }
        if let widget { g_object_unref(UnsafeMutableRawPointer(widget)) }
    }

    private func button(_ label: String, name: String, action: @escaping () -> Void) -> UnsafeMutablePointer<GtkWidget>
    {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(label)
        gtk_widget_set_can_focus(button, 0)
        gtk_widget_set_focus_on_click(button, 0)
        gtk_widget_set_size_request(button, 64, -1)
        gtk_style_context_add_class(gtk_widget_get_style_context(button), "keypad-toolbar-button")
        Accessibility.name(button, name)
        onSignal(UnsafeMutableRawPointer(button), "clicked") { action() }
        return button
    }

    func refresh() {
        if let previous { gtk_widget_set_sensitive(previous, toolbar.canGoPrevious ? 1 : 0) }
        if let next { gtk_widget_set_sensitive(next, toolbar.canGoNext ? 1 : 0) }
        if let title { gtk_label_set_text(keypad_label(title), toolbar.title ?? "") }
    }
}
