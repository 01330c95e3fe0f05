import CGTK
import KeypadCore

/// Draws a text field's left and right views (a currency sign, a unit, an icon) inside
/// its GtkEntry, which has icon slots but no room for text.
///
/// The views sit in the entry's own padding, widened by the view's width: the left view
/// before the text, the right view after everything else, so a clear button (the
/// entry's end icon) shows just before it, as in UIKit. They are painted after GTK draws
/// the entry, text in the entry's font and colour, icons from the icon theme, and named
/// for assistive technology in the entry's accessible description.
@MainActor
final class EntryOverlays {
    /// Space between a view and the text, in pixels.
    static let spacing: gint = 4
    /// Icon size, in pixels.
    static let iconSize: gint = 16
    private let entry: UnsafeMutablePointer<GtkWidget>
    /// The padding the theme and the app's CSS give the entry, before any view widens it.
    private let basePadding: GtkBorder
    private var left: OverlayView?
    private var right: OverlayView?

    init(entry: UnsafeMutablePointer<GtkWidget>) {
        self.entry = entry
        let context = gtk_widget_get_style_context(entry)
        var padding = GtkBorder()
        gtk_style_context_get_padding(context, gtk_style_context_get_state(context), &padding)
        basePadding = padding
    }

    /// Shows `left` and `right` (nil: none); returns the CSS that makes room for them.
    func show(left: OverlayView?, right: OverlayView?) -> String {
        self.left = left
        self.right = right
        let names = [left, right].compactMap { $0?.accessibleName }
        if let accessible = gtk_widget_get_accessible(entry) {
            atk_object_set_description(accessible, names.joined(separator: ", "))
        }
        gtk_widget_queue_draw(entry)
        guard left != nil || right != nil else { return "" }
        let start = gint(basePadding.left) + (left.map { width(of: $0) + Self.spacing } ?? 0)
        let end = gint(basePadding.right) + (right.map { width(of: $0) + Self.spacing } ?? 0)
        return " entry { padding-left: \(start)px; padding-right: \(end)px; }"
    }

    /// Paints the views into the entry's padding (the entry's `draw`, after GTK's).
    func draw(_ cairo: OpaquePointer) {
        guard left != nil || right != nil else { return }
        let context = gtk_widget_get_style_context(entry)
        let state = gtk_style_context_get_state(context)
        var border = GtkBorder()
        gtk_style_context_get_border(context, state, &border)
        let width = gtk_widget_get_allocated_width(entry)
        let height = gtk_widget_get_allocated_height(entry)
        if let left { paint(left, at: gint(border.left) + gint(basePadding.left), height: height, cairo) }
        if let right {
            paint(
                right, at: width - gint(border.right) - gint(basePadding.right) - self.width(of: right), height: height,
                cairo)
        }
    }

    private func width(of view: OverlayView) -> gint {
        if let text = view.text { return textSize(text).width }
        return view.iconName == nil ? 0 : Self.iconSize
    }

    private func textSize(_ text: String) -> (width: gint, height: gint) {
        guard let layout = gtk_widget_create_pango_layout(entry, text) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (width, height)
    }

    /// Paints `view` with its left edge at `x`, centred in the entry's `height`.
    private func paint(_ view: OverlayView, at x: gint, height: gint, _ cairo: OpaquePointer) {
        if let text = view.text, let layout = gtk_widget_create_pango_layout(entry, text) {
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let size = textSize(text)
            let context = gtk_widget_get_style_context(entry)
            var color = GdkRGBA()
            gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cairo, Double(x), Double(height - size.height) / 2)
            pango_cairo_show_layout(cairo, layout)
        } else if let name = view.iconName,
            let icon = gtk_icon_theme_load_icon(
                gtk_icon_theme_get_default(), name, Self.iconSize, GTK_ICON_LOOKUP_FORCE_SIZE, nil)
        {
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            gdk_cairo_set_source_pixbuf(cairo, icon, Double(x), Double(height - Self.iconSize) / 2)
            cairo_paint(cairo)
        }
    }
}
