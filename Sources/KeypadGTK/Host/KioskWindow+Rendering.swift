import CGTK
import Foundation
import KeypadCore

/// What GTK computed for a widget after every CSS source (theme, app CSS, the model's
/// appearance) had its say: what the user sees, read back for tests and scripts.
public struct RenderedStyle: Equatable, Sendable {
    /// The font size the text is drawn at, in points.
    public var fontSize: Double
    /// The text colour.
    public var color: Color
    /// The background colour of the widget (for a text view, of its frame).
    public var background: Color
}

/// How a field's text fits its entry, in pixels.
public struct TextFit: Equatable, Sendable {
    /// The width of the whole text as Pango lays it out now.
    public var textWidth: Int
    /// The width of the entry's text area (without border, padding and icons).
    public var areaWidth: Int
}

extension KioskWindow {
    /// The computed font, colour and background of the input's widget.
    public func renderedStyle(of input: TextResponder) -> RenderedStyle? {
        guard let widget = widget(for: input) else { return nil }
        guard let adapter = coordinator.adapter(for: input) as? TextViewAdapter, let frame = adapter.scroller else {
            return StyleReading.style(of: widget)
        }
        // A text view draws its text in the colour and font of its default attributes
        // (GTK reads them from its `text` node); its frame draws the background.
        guard let attributes = gtk_text_view_get_default_attributes(keypad_text_view(widget)) else { return nil }
        defer { gtk_text_attributes_unref(attributes) }
        let foreground = attributes.pointee.appearance.fg_color
        let color = Color(
            red: Double(foreground.red) / 65535, green: Double(foreground.green) / 65535,
            blue: Double(foreground.blue) / 65535)
        let fontSize = StyleReading.points(attributes.pointee.font)
        return RenderedStyle(fontSize: fontSize, color: color, background: StyleReading.style(of: frame).background)
    }

    /// The computed font, colour and background of key `id` of `keypad` (nil while not built).
    public func renderedStyle(ofKey id: String, in keypad: Keypad) -> RenderedStyle? {
        area.keypadViews[ObjectIdentifier(keypad)]?.button(id: id).map(StyleReading.style(of:))
    }

    /// How the field's whole text fits its entry's text area now.
    public func textFit(of field: TextField) -> TextFit? {
        guard let entry = widget(for: field) else { return nil }
        var area = GdkRectangle()
        gtk_entry_get_text_area(keypad_entry(entry), &area)
        return TextFit(
            textWidth: TextMeasure.pixelWidth(of: gtk_entry_get_layout(keypad_entry(entry))), areaWidth: Int(area.width))
    }
}

/// Reads computed CSS values back from a widget's style context.
enum StyleReading {
    static func style(of widget: UnsafeMutablePointer<GtkWidget>) -> RenderedStyle {
        let context = gtk_widget_get_style_context(widget)
        let state = gtk_style_context_get_state(context)
        var color = GdkRGBA()
        gtk_style_context_get_color(context, state, &color)
        let font = pango_context_get_font_description(gtk_widget_get_pango_context(widget))
        return RenderedStyle(fontSize: points(font), color: Color(color), background: background(context, state))
    }

    /// The computed `background-color` of the context's node.
    static func background(_ context: UnsafeMutablePointer<GtkStyleContext>?, _ state: GtkStateFlags) -> Color {
        var value = GValue()
        gtk_style_context_get_property(context, "background-color", state, &value)
        defer { g_value_unset(&value) }
        guard let rgba = g_value_get_boxed(&value)?.assumingMemoryBound(to: GdkRGBA.self) else {
            return Color(red: 0, green: 0, blue: 0, alpha: 0)
        }
        return Color(rgba.pointee)
    }

    /// A Pango font size in points (GTK sets absolute sizes in pixels from CSS).
    static func points(_ font: OpaquePointer?) -> Double {
        guard let font else { return 0 }
        let size = Double(pango_font_description_get_size(font)) / Double(PANGO_SCALE)
        guard pango_font_description_get_size_is_absolute(font) != 0 else { return size }
        let dpi = gdk_screen_get_default().map { gdk_screen_get_resolution($0) } ?? -1
        return size * 72 / (dpi > 0 ? dpi : 96)
    }
}

extension Color {
    init(_ rgba: GdkRGBA) {
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }
}
