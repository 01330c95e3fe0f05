import CGTK
import Foundation
import KeypadCore

/// One widget's own CSS: font, colours and border style from a model's ``TextAppearance``.
///
/// Border styles become CSS classes (`keypad-border-none`, `-line`, `-bezel`,
/// `-rounded-rect`) that the theme styles; font and colours go into a provider
/// attached to the widget alone, so an app's own CSS at a higher priority still wins.
@MainActor
final class WidgetStyle {
    private let provider = gtk_css_provider_new()
    private var attached = false
    private var lastCSS = ""
    /// A font size that replaces the appearance's (adjustsFontSizeToFitWidth).
    var fontSizeOverride: CGFloat?

    isolated deinit {
        g_object_unref(provider)
    }

    func apply(_ appearance: TextAppearance, isEnabled: Bool, to widget: UnsafeMutablePointer<GtkWidget>) {
        let context = gtk_widget_get_style_context(widget)
        if !attached {
            gtk_style_context_add_provider(
                context, keypad_style_provider(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1)
            attached = true
        }
        for style in BorderStyle.allCases {
            gtk_style_context_remove_class(context, style.cssClass)
        }
        gtk_style_context_add_class(context, appearance.borderStyle.cssClass)
        let css = Self.css(appearance, isEnabled: isEnabled, fontSize: fontSizeOverride)
        guard css != lastCSS else { return }
        lastCSS = css
        gtk_css_provider_load_from_data(provider, css, -1, nil)
    }

    static func css(_ appearance: TextAppearance, isEnabled: Bool, fontSize: CGFloat?) -> String {
        var rules: [String] = ["font-size: \(Int(fontSize ?? appearance.font.size))pt;"]
        if let family = appearance.font.family { rules.append("font-family: \"\(family)\";") }
        if appearance.font.weight != 400 { rules.append("font-weight: \(appearance.font.weight);") }
        if let color = appearance.textColor { rules.append("color: \(color.cssValue);") }
        if let background = appearance.currentBackground(isEnabled: isEnabled) {
            rules.append("background-color: \(background.cssValue); background-image: none;")
        }
        return "* { \(rules.joined(separator: " ")) }"
    }
}

extension BorderStyle {
    /// The CSS class a theme styles for this border.
    var cssClass: String {
        switch self {
        case .none: "keypad-border-none"
        case .line: "keypad-border-line"
        case .bezel: "keypad-border-bezel"
        case .roundedRect: "keypad-border-rounded-rect"
        }
    }
}

extension TextAlignment {
    /// GtkEntry's xalign (0 left, 0.5 centre, 1 right).
    var xAlign: Double {
        switch self {
        case .left, .natural, .justified: 0
        case .center: 0.5
        case .right: 1
        }
    }
}

/// The GTK input purpose (a hint to input methods) of each keyboard type.
enum InputPurpose {
    static func of(_ type: KeyboardType) -> GtkInputPurpose {
        switch type {
        case .numberPad, .asciiCapableNumberPad: GTK_INPUT_PURPOSE_DIGITS
        case .decimalPad: GTK_INPUT_PURPOSE_NUMBER
        case .phonePad: GTK_INPUT_PURPOSE_PHONE
        case .url, .webSearch: GTK_INPUT_PURPOSE_URL
        case .emailAddress: GTK_INPUT_PURPOSE_EMAIL
        case .namePhonePad: GTK_INPUT_PURPOSE_NAME
        default: GTK_INPUT_PURPOSE_FREE_FORM
        }
    }
}

/// Measures text with Pango.
enum TextMeasure {
    /// The pixel width of `layout`'s text at `points`.
    static func width(of layout: OpaquePointer, atPoints points: CGFloat, family: String?) -> CGFloat {
        let font = pango_font_description_new()
        defer { pango_font_description_free(font) }
        if let family { pango_font_description_set_family(font, family) }
        pango_font_description_set_size(font, gint(points * CGFloat(PANGO_SCALE)))
        let copy = pango_layout_copy(layout)
        defer { g_object_unref(UnsafeMutableRawPointer(copy)) }
        pango_layout_set_font_description(copy, font)
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(copy, &width, &height)
        return CGFloat(width)
    }
}

/// Accessible names through ATK, which AT-SPI reads.
enum Accessibility {
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard let accessible = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_name(accessible, name)
    }
}
