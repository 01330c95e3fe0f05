import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// What GTK computed for a widget after every CSS source (theme, app CSS, the model's
/// appearance) had its say: what the user sees, read back for tests and scripts.
package struct RenderedStyle: Equatable, Sendable {
    /// The font size the text is drawn at, in points.
    package var fontSize: Double
    /// The text colour.
    package var color: Color
    /// The background colour of the widget (for a text view, of its frame).
    package var background: Color
}

/// A rectangle in pixels.
package struct PixelRect: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
}

/// How a field's text fits its entry, in pixels.
package struct TextFit: Equatable, Sendable {
    /// The width of the whole text as Pango lays it out now.
    package var textWidth: Int
    /// The width of the entry's text area (without border, padding and icons).
    package var areaWidth: Int
}

extension KeypadHost {
    /// The computed font, colour and background of the input's widget.
    package func renderedStyle(of input: TextResponder) -> RenderedStyle? {
        guard let widget = widget(for: input) else { return nil }
        guard let adapter = coordinator.adapter(for: input) as? TextViewAdapter, let frame = adapter.frame?.scroller
        else {
            return StyleReading.style(of: widget)
        }
        // The frame draws a text view's background.
        var style = StyleReading.style(of: widget)
        style.background = StyleReading.style(of: frame).background
        return style
    }

    /// The computed font, colour and background of key `id` of `keypad` (nil while not built).
    package func renderedStyle(ofKey id: String, in keypad: Keypad) -> RenderedStyle? {
        keypadView(of: keypad)?.button(id: id).map(StyleReading.style(of:))
    }

    /// How the field's whole text fits its entry's text area now.
    package func textFit(of field: TextField) -> TextFit? {
        guard let entry = widget(for: field) else { return nil }
        var area = GdkRectangle()
        gtk_entry_get_text_area(keypad_entry(entry), &area)
        return TextFit(
            textWidth: TextMeasure.pixelWidth(of: gtk_entry_get_layout(keypad_entry(entry))), areaWidth: Int(area.width)
        )
    }
}

extension KeypadHost {
    /// The placeholder the text view shows now, or nil when none is on screen.
    package func shownPlaceholder(of textView: TextView) -> String? {
        (coordinator.adapter(for: textView) as? TextViewAdapter)?.frame?.shownPlaceholder
    }

    /// The first character's cell, in pixels from the top left corner of the text view's
    /// frame (outside its border).
    package func firstCharacterRect(of textView: TextView) -> PixelRect? {
        guard let adapter = coordinator.adapter(for: textView) as? TextViewAdapter, let view = adapter.view,
            let frame = adapter.frame?.scroller, let buffer = gtk_text_view_get_buffer(keypad_text_view(view))
        else { return nil }
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        var cell = GdkRectangle()
        gtk_text_view_get_iter_location(keypad_text_view(view), &start, &cell)
        var x: gint = 0
        var y: gint = 0
        gtk_text_view_buffer_to_window_coords(keypad_text_view(view), GTK_TEXT_WINDOW_WIDGET, cell.x, cell.y, &x, &y)
        var frameX: gint = 0
        var frameY: gint = 0
        guard gtk_widget_translate_coordinates(view, frame, x, y, &frameX, &frameY) != 0 else { return nil }
        return PixelRect(x: Int(frameX), y: Int(frameY), width: Int(cell.width), height: Int(cell.height))
    }

    /// The colour on screen at (`x`, `y`) pixels from the top left corner of the input's
    /// outer widget (an entry, or a text view's frame).
    package func renderedPixel(of input: TextResponder, x: Int, y: Int) -> Color? {
        let adapter = coordinator.adapter(for: input)
        guard let widget = (adapter as? TextViewAdapter)?.frame?.scroller ?? adapter?.focusWidget,
            let gdkWindow = gtk_widget_get_window(window)
        else { return nil }
        var windowX: gint = 0
        var windowY: gint = 0
        guard gtk_widget_translate_coordinates(widget, window, gint(x), gint(y), &windowX, &windowY) != 0,
            let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, windowX, windowY, 1, 1)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return nil }
        return Color(red: Double(pixels[0]) / 255, green: Double(pixels[1]) / 255, blue: Double(pixels[2]) / 255)
    }
}

/// What an entry shows beside its text, at one end.
package struct EdgeStrip: Equatable, Sendable {
    /// The entry's accessible description (the visible views' accessible names).
    package var description: String
    /// The strip between the entry's edge and its text area, on the screen.
    package var frame: CGRect
    /// The clear button's area on the screen (end strip only, while it shows).
    package var clearFrame: CGRect?
    /// How many of the strip's pixels on screen are dark (text or icon ink on a light field).
    package var darkPixels: Int
}

extension KeypadHost {
    /// What the start (`end` false) or end strip of `field`'s entry shows on screen now.
    package func edgeStrip(of field: TextField, end: Bool) -> EdgeStrip? {
        guard let entry = widget(for: field), let origin = WidgetGeometry.screenRect(of: entry),
            let gdkWindow = gtk_widget_get_window(window), let accessible = gtk_widget_get_accessible(entry)
        else { return nil }
        var text = GdkRectangle()
        gtk_entry_get_text_area(keypad_entry(entry), &text)
        let width = gtk_widget_get_allocated_width(entry)
        let height = gtk_widget_get_allocated_height(entry)
        let stripX = end ? text.x + text.width : 0
        let stripWidth = end ? width - stripX : text.x
        let description = atk_object_get_description(accessible).map { String(cString: $0) } ?? ""
        var icon = GdkRectangle()
        gtk_entry_get_icon_area(keypad_entry(entry), GTK_ENTRY_ICON_SECONDARY, &icon)
        let clearFrame =
            end && icon.width > 0
            ? CGRect(
                x: origin.minX + CGFloat(icon.x), y: origin.minY + CGFloat(icon.y), width: CGFloat(icon.width),
                height: CGFloat(icon.height))
            : nil
        let frame = CGRect(
            x: origin.minX + CGFloat(stripX), y: origin.minY, width: CGFloat(stripWidth), height: CGFloat(height))
        var x: gint = 0
        var y: gint = 0
        guard stripWidth > 0, gtk_widget_translate_coordinates(entry, window, stripX, 0, &x, &y) != 0,
            let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, x, y, stripWidth, height),
            let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { return EdgeStrip(description: description, frame: frame, clearFrame: clearFrame, darkPixels: 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        var dark = 0
        for row in 0..<Int(height) {
            for column in 0..<Int(stripWidth) {
                let pixel = pixels + row * stride + column * channels
                if Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) < 3 * 128 { dark += 1 }
            }
        }
        return EdgeStrip(description: description, frame: frame, clearFrame: clearFrame, darkPixels: dark)
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
