import Foundation

/// How a text input looks, as plain values that any renderer can read.
public struct TextAppearance: Hashable, Sendable {
    /// The font; nil fields fall back to the renderer's theme.
    public var font = FontDescription()
    /// The text colour; nil means the theme's foreground colour.
    public var textColor: Color?
    /// Horizontal alignment of the text.
    public var textAlignment = TextAlignment.natural
    /// The border drawn around a text field.
    public var borderStyle = BorderStyle.none
    /// When true, a text field shrinks its font, down to ``minimumFontSize``, so that all of
    /// its text fits its width.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest point size ``adjustsFontSizeToFitWidth`` may shrink to.
    public var minimumFontSize: CGFloat = 0
    /// The background colour; nil means the theme's.
    public var background: Color?
    /// The background while disabled; ignored while ``background`` is nil, as in UIKit.
    public var disabledBackground: Color?

    /// Creates the default appearance: theme font and colours, natural alignment, no border.
    public init() {}

    /// The background to draw for an input that is enabled or not.
    public func currentBackground(isEnabled: Bool) -> Color? {
        guard let background else { return nil }
        return isEnabled ? background : (disabledBackground ?? background)
    }

    /// The largest point size, between ``minimumFontSize`` and the font's size, at which
    /// `measure` says the text fits `width`.
    ///
    /// - Parameters:
    ///   - width: the width the text has to fit, in points.
    ///   - measure: the text's width at a given point size; renderers pass their own
    ///     text measurement (Pango for GTK).
    public func fittingFontSize(width: CGFloat, measure: (CGFloat) -> CGFloat) -> CGFloat {
        let full = font.size
        guard adjustsFontSizeToFitWidth, measure(full) > width else { return full }
        let floor = max(1, min(minimumFontSize, full))
        var low = floor
        var high = full
        guard measure(low) <= width else { return low }
        while high - low > 0.25 {
            let mid = (low + high) / 2
            if measure(mid) <= width { low = mid } else { high = mid }
        }
        return low
    }
}

/// A font by family, size and weight, independent of any toolkit.
public struct FontDescription: Hashable, Sendable {
    /// The family name; nil means the theme's.
    public var family: String?
    /// The size in points.
    public var size: CGFloat
    /// The weight: 400 regular, 700 bold.
    public var weight: Int

    /// Creates a font description; the defaults are the theme's family at 17 points, regular.
    public init(family: String? = nil, size: CGFloat = 17, weight: Int = 400) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}

/// An sRGB colour with alpha, each component from 0 to 1.
public struct Color: Hashable, Sendable {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from sRGB components and an opacity, each from 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour as CSS `rgba(…)`.
    public var cssValue: String {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(alpha))"
    }
}

/// Horizontal text alignment, as UIKit's `NSTextAlignment`.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right, justified
    /// Left for left-to-right scripts, right for right-to-left ones.
    case natural
}

/// The border of a text field, as UIKit's `UITextField.BorderStyle`.
public enum BorderStyle: String, Sendable, CaseIterable {
    case none, line, bezel, roundedRect

    /// The inset between the border and the text, per side, in points.
    public var textInset: CGFloat {
        switch self {
        case .none: 0
        case .line: 2
        case .bezel: 4
        case .roundedRect: 7
        }
    }
}
