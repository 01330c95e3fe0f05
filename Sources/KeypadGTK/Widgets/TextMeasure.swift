import CGTK
import Foundation

/// Measures text with Pango.
package enum TextMeasure {
    /// The pixel width of `layout`'s text at `points`, in the font the widget draws
    /// with now (family and weight as its CSS says) but at that size.
    package static func width(of layout: OpaquePointer, atPoints points: CGFloat) -> CGFloat {
        let current =
            pango_layout_get_font_description(layout)
            ?? pango_context_get_font_description(pango_layout_get_context(layout))
        let font = current.map { pango_font_description_copy($0) } ?? pango_font_description_new()
        defer { pango_font_description_free(font) }
        pango_font_description_set_size(font, gint(points * CGFloat(PANGO_SCALE)))
        let copy = pango_layout_copy(layout)
        defer { g_object_unref(UnsafeMutableRawPointer(copy)) }
        pango_layout_set_font_description(copy, font)
        return CGFloat(pixelWidth(of: copy))
    }

    /// The pixel width of `layout` as it is.
    package static func pixelWidth(of layout: OpaquePointer?) -> Int {
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Int(width)
    }
}
