import CGTK
import KeypadCore

/// What surrounds a GtkTextView: a scrolled window that grows with the text between a
/// minimum and a maximum height (seed 002) and draws the model's background and border
/// with its rounded corners, the text's inset from that border, and the placeholder.
///
/// The view itself draws no background (the theme makes its `text` node transparent),
/// so nothing square covers the frame's corners. The placeholder is a label over the
/// frame, shown while the text is empty (UITextView has none; a notes bar wants one).
@MainActor
package final class TextViewFrame {
    /// The text's inset from the frame's border, in pixels.
    static let textInset = (horizontal: gint(12), vertical: gint(8))
    /// The outermost widget, to pack into a container.
    package let widget: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window that draws background and border.
    package let scroller: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let frameStyle = WidgetStyle(target: .textFrame)
    private let placeholderStyle = WidgetStyle(target: .placeholder)

    init(view: UnsafeMutablePointer<GtkWidget>, minimumHeight: Int, maximumHeight: Int) {
        widget = gtk_overlay_new()
        scroller = gtk_scrolled_window_new(nil, nil)
        placeholder = gtk_label_new(nil)
        let scrolled = keypad_scrolled_window(scroller)
        // EXTERNAL, not NEVER: the text's width is not asked of the window. Pango wraps words
        // and characters, but not a run of tabs, which would otherwise widen the window
        // past its monitor.
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_overlay_scrolling(scrolled, 0)
        gtk_scrolled_window_set_min_content_height(scrolled, gint(minimumHeight))
        gtk_scrolled_window_set_max_content_height(scrolled, gint(maximumHeight))
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(scroller), "keypad-growing-text")
        let textView = keypad_text_view(view)
        gtk_text_view_set_left_margin(textView, Self.textInset.horizontal)
        gtk_text_view_set_right_margin(textView, Self.textInset.horizontal)
        gtk_text_view_set_top_margin(textView, Self.textInset.vertical)
        gtk_text_view_set_bottom_margin(textView, Self.textInset.vertical)
        gtk_container_add(keypad_container(scroller), view)
        gtk_container_add(keypad_container(widget), scroller)

        gtk_style_context_add_class(gtk_widget_get_style_context(placeholder), "keypad-placeholder")
        gtk_widget_set_valign(placeholder, GTK_ALIGN_START)
        gtk_label_set_ellipsize(keypad_label(placeholder), PANGO_ELLIPSIZE_END)
        gtk_widget_set_no_show_all(placeholder, 1)
        gtk_overlay_add_overlay(keypad_overlay(widget), placeholder)
        gtk_overlay_set_overlay_pass_through(keypad_overlay(widget), placeholder, 1)
        onSignal(UnsafeMutableRawPointer(scroller), "style-updated") { [weak self] in self?.alignPlaceholder() }
    }

    /// Applies the model's font, colours, border and alignment to the frame and the
    /// placeholder (the view's own style is its binding's).
    func apply(_ appearance: TextAppearance, isEnabled: Bool) {
        frameStyle.apply(appearance, isEnabled: isEnabled, to: scroller)
        placeholderStyle.apply(appearance, isEnabled: isEnabled, to: placeholder)
        gtk_label_set_xalign(keypad_label(placeholder), Float(appearance.textAlignment.xAlign))
        alignPlaceholder()
    }

    /// Shows `text` as the placeholder, or hides it.
    func showPlaceholder(_ text: String?) {
        gtk_label_set_text(keypad_label(placeholder), text ?? "")
        gtk_widget_set_visible(placeholder, (text?.isEmpty == false) ? 1 : 0)
    }

    /// Marks the frame as editing (`keypad-editing`), for the theme's focus colour: the
    /// scrolled window never has GTK focus itself.
    func showEditing(_ isEditing: Bool) {
        let context = gtk_widget_get_style_context(scroller)
        if isEditing {
            gtk_style_context_add_class(context, "keypad-editing")
        } else {
            gtk_style_context_remove_class(context, "keypad-editing")
        }
    }

    /// Whether the placeholder is on screen, and its text.
    package var shownPlaceholder: String? {
        guard gtk_widget_get_visible(placeholder) != 0 else { return nil }
        return String(cString: gtk_label_get_text(keypad_label(placeholder)))
    }

    /// Puts the placeholder where the first line of text starts: inside the frame's
    /// border by the text inset.
    private func alignPlaceholder() {
        let context = gtk_widget_get_style_context(scroller)
        var border = GtkBorder()
        gtk_style_context_get_border(context, gtk_style_context_get_state(context), &border)
        gtk_widget_set_margin_start(placeholder, gint(border.left) + Self.textInset.horizontal)
        gtk_widget_set_margin_end(placeholder, gint(border.right) + Self.textInset.horizontal)
        gtk_widget_set_margin_top(placeholder, gint(border.top) + Self.textInset.vertical)
    }
}

extension TextAlignment {
    /// GtkTextView's justification.
    var justification: GtkJustification {
        switch self {
        case .left, .natural: GTK_JUSTIFY_LEFT
        case .center: GTK_JUSTIFY_CENTER
        case .right: GTK_JUSTIFY_RIGHT
        case .justified: GTK_JUSTIFY_FILL
        }
    }
}
