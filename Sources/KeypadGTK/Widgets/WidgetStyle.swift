import CGTK
import Foundation
import KeypadCore

/// One widget's own CSS: font, colours and border style from a model's `TextAppearance`.
///
/// Border styles become CSS classes (`keypad-border-none`, `-line`, `-bezel`,
/// `-rounded-rect`) that the theme styles; font and colours go into a provider
/// attached to the widget alone at `StylePriority/model`, above the theme and the
/// app's CSS (see ``Theme``). Only what the appearance sets is written, so the rest
/// still comes from them.
@MainActor
final class WidgetStyle {
    private let provider = gtk_css_provider_new()
    private let target: StyleTarget
    private var attached = false
    private var lastCSS = ""
    /// A font size that replaces the appearance's (adjustsFontSizeToFitWidth).
    var fontSizeOverride: CGFloat?
    /// More CSS for the widget alone, after the appearance's (room for edge views).
    var extraCSS = ""

    init(target: StyleTarget) {
        self.target = target
    }

    isolated deinit {
        g_object_unref(provider)
    }

    func apply(_ appearance: TextAppearance, isEnabled: Bool, to widget: UnsafeMutablePointer<GtkWidget>) {
        let context = gtk_widget_get_style_context(widget)
        if !attached {
            gtk_style_context_add_provider(context, keypad_style_provider(provider), StylePriority.model)
            attached = true
        }
        if target.takesBorder {
            for style in BorderStyle.allCases {
                gtk_style_context_remove_class(context, style.cssClass)
            }
            gtk_style_context_add_class(context, appearance.borderStyle.cssClass)
        }
        let css = Self.css(appearance, isEnabled: isEnabled, fontSize: fontSizeOverride, target: target) + extraCSS
        guard css != lastCSS else { return }
        lastCSS = css
        gtk_css_provider_load_from_data(provider, css, -1, nil)
    }

    /// Takes this style's provider and border class off `widget` (the widget goes back
    /// to the theme's and the app's CSS alone).
    func detach(from widget: UnsafeMutablePointer<GtkWidget>) {
        let context = gtk_widget_get_style_context(widget)
        if attached { gtk_style_context_remove_provider(context, keypad_style_provider(provider)) }
        attached = false
        lastCSS = ""
        if target.takesBorder {
            for style in BorderStyle.allCases { gtk_style_context_remove_class(context, style.cssClass) }
        }
    }

    /// The widget's CSS: one rule per selector of `target`, with the properties it takes.
    static func css(_ appearance: TextAppearance, isEnabled: Bool, fontSize: CGFloat?, target: StyleTarget) -> String {
        var rules: [String: [String]] = [:]
        if let selector = target.font {
            let size = fontSize ?? appearance.font.size
            rules[selector, default: []].append("font-size: \(String(format: "%.2f", Double(size)))pt;")
            if let family = appearance.font.family {
                rules[selector, default: []].append("font-family: \"\(family)\";")
            }
            if appearance.font.weight != 400 {
                rules[selector, default: []].append("font-weight: \(appearance.font.weight);")
            }
            if appearance.adjustsFontSizeToFitWidth {
                // A fitted size applies at once: GTK themes animate `all` properties, and a
                // font shrinking over 200 ms overflows and scrolls the entry meanwhile.
                rules[selector, default: []].append(
                    "transition-property: color, background-color, border-color, box-shadow, outline-color;")
            }
        }
        if let selector = target.color, let color = appearance.textColor {
            rules[selector, default: []].append("color: \(color.cssValue);")
        }
        if let selector = target.background, let background = appearance.currentBackground(isEnabled: isEnabled) {
            rules[selector, default: []].append("background-color: \(background.cssValue); background-image: none;")
        }
        return rules.keys.sorted().map { "\($0) { \(rules[$0, default: []].joined(separator: " ")) }" }
            .joined(separator: "\n")
    }
}

/// Which CSS nodes of a widget take which part of a `TextAppearance`.
///
/// The selectors name nodes, never `*`: a widget's provider also reaches its own
/// subnodes, and an entry's `selection` must keep its own background.
struct StyleTarget: Sendable {
    /// The selector of the nodes that take the font, if any.
    var font: String?
    /// The selector of the nodes that take the text colour, if any.
    var color: String?
    /// The selector of the node that takes the background, if any.
    var background: String?
    /// Whether the widget carries the border style's class.
    var takesBorder: Bool

    /// A GtkEntry: everything on its `entry` node.
    static let entry = StyleTarget(font: "entry", color: "entry", background: "entry", takesBorder: true)
    /// A GtkTextView: the font on the view (its Pango context), the colour also on its
    /// `text` node (where GTK themes set it); its ``TextViewFrame`` draws background and border.
    static let textView = StyleTarget(
        font: "textview", color: "textview, textview text", background: nil, takesBorder: false)
    /// The scrolled window of a ``TextViewFrame``: background and border, so both follow
    /// its rounded corners.
    static let textFrame = StyleTarget(font: nil, color: nil, background: "scrolledwindow", takesBorder: true)
    /// A text view's placeholder label: the view's font; its colour comes from the theme.
    static let placeholder = StyleTarget(font: "label", color: nil, background: nil, takesBorder: false)
}
