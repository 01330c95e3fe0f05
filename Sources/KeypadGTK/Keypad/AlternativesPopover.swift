import CGTK
import Foundation
import KeypadCore

/// The long-press alternatives of a held key ("+" on the phone pad's 0), shown above
/// it as touch-sized buttons with the selected one highlighted.
///
/// The popover is not modal, so it takes neither focus nor the pointer: the finger
/// still holds the key, sliding over an alternative selects it and lifting types it.
/// Each alternative is a real button named by its label, so it shows on the
/// accessibility bus while offered and AT-SPI's press types it.
@MainActor
final class AlternativesPopover {
    private var popover: UnsafeMutablePointer<GtkWidget>?
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    private var shown: AlternativesPopup?
    /// Called with the index of an alternative a click (or AT-SPI's press) chose.
    var onChoose: ((Int) -> Void)?

    /// The labels offered now, if the popover is on screen.
    var labels: [String]? {
        guard let popover, gtk_widget_get_mapped(popover) != 0 else { return nil }
        return shown?.labels
    }

    /// The alternatives' buttons, in order (for tests and scripts).
    var alternativeButtons: [UnsafeMutablePointer<GtkWidget>] { labels == nil ? [] : buttons }

    /// Offers `popup`'s alternatives above `key`, or updates the highlighted one.
    func show(_ popup: AlternativesPopup, above key: UnsafeMutablePointer<GtkWidget>, keyHeight: Int) {
        if popup.keyID != shown?.keyID || popup.labels != shown?.labels || popover == nil {
            rebuild(popup, above: key, keyHeight: keyHeight)
        }
        shown = popup
        for (index, button) in buttons.enumerated() {
            let context = gtk_widget_get_style_context(button)
            if index == popup.selectedIndex {
                gtk_style_context_add_class(context, "keypad-alternative-selected")
            } else {
                gtk_style_context_remove_class(context, "keypad-alternative-selected")
            }
        }
        if let popover, gtk_widget_get_visible(popover) == 0 {
            gtk_widget_show_all(popover)
            gtk_popover_popup(keypad_popover(popover))
        }
    }

    /// Takes the alternatives away.
    func hide() {
        shown = nil
        if let popover, gtk_widget_get_visible(popover) != 0 { gtk_popover_popdown(keypad_popover(popover)) }
    }

    /// Destroys the popover (its key is going away).
    func destroy() {
        if let popover { gtk_widget_destroy(popover) }
        popover = nil
        buttons = []
        shown = nil
    }

    /// The alternative under the screen point (`x`, `y`), if any.
    func index(atScreenX x: Double, y: Double) -> Int? {
        buttons.firstIndex { button in
            guard let frame = WidgetGeometry.screenRect(of: button) else { return false }
            return Double(frame.minX) <= x && x < Double(frame.maxX) && Double(frame.minY) <= y
                && y < Double(frame.maxY)
        }
    }

    private func rebuild(_ popup: AlternativesPopup, above key: UnsafeMutablePointer<GtkWidget>, keyHeight: Int) {
        destroy()
        let popover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new(key)
        gtk_popover_set_modal(keypad_popover(popover), 0)
        gtk_popover_set_position(keypad_popover(popover), GTK_POS_TOP)
        gtk_style_context_add_class(gtk_widget_get_style_context(popover), "keypad-alternatives")
        let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        for (index, label) in popup.labels.enumerated() {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(label)
            gtk_widget_set_can_focus(button, 0)
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_size_request(button, gint(keyHeight), gint(keyHeight))
            let context = gtk_widget_get_style_context(button)
            gtk_style_context_add_class(context, "keypad-key")
            gtk_style_context_add_class(context, "keypad-alternative")
            Accessibility.name(button, label)
            onSignal(UnsafeMutableRawPointer(button), "clicked") { [weak self] in self?.onChoose?(index) }
            gtk_box_pack_start(keypad_box(box), button, 0, 0, 0)
            buttons.append(button)
        }
        gtk_container_add(keypad_container(popover), box)
        self.popover = popover
    }
}
