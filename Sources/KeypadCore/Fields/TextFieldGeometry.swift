import Foundation

/// Where a text field puts its text, placeholder, clear button and overlay views.
///
/// A pure value computed from the bounds, border style and which views show, so
/// renderers and tests get the same numbers; ``TextField``'s overridable
/// `…Rect(forBounds:)` methods use it.
public struct TextFieldGeometry: Equatable, Sendable {
    /// The side of the square clear button, in points.
    public static let clearButtonSide: CGFloat = 19

    /// The field's bounds, in the renderer's units.
    public var bounds: CGRect
    /// The border, whose inset keeps the text and the clear button off the edges.
    public var borderStyle: BorderStyle
    /// The left view's size when it shows, else nil.
    public var leftViewSize: CGSize?
    /// The right view's size when it shows, else nil.
    public var rightViewSize: CGSize?
    /// Whether the clear button shows.
    public var showsClearButton: Bool

    /// Creates the geometry of a field whose shown views are given (nil sizes: not shown).
    public init(
        bounds: CGRect, borderStyle: BorderStyle, leftViewSize: CGSize?, rightViewSize: CGSize?,
        showsClearButton: Bool
    ) {
        self.bounds = bounds
        self.borderStyle = borderStyle
        self.leftViewSize = leftViewSize
        self.rightViewSize = rightViewSize
        self.showsClearButton = showsClearButton
    }

    /// The left view's frame: against the left edge, centred vertically.
    public var leftViewRect: CGRect {
        guard let size = leftViewSize else { return .zero }
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view's frame: against the right edge, centred vertically.
    public var rightViewRect: CGRect {
        guard let size = rightViewSize else { return .zero }
        return CGRect(
            x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The clear button's frame, centred vertically: just before the right view when that
    /// shows (as UIKit places it), else inside the border's inset at the right edge.
    public var clearButtonRect: CGRect {
        guard showsClearButton else { return .zero }
        let side = Self.clearButtonSide
        let maxX = rightViewSize == nil ? bounds.maxX - max(borderStyle.textInset, 4) : rightViewRect.minX
        return CGRect(x: maxX - side, y: bounds.midY - side / 2, width: side, height: side)
    }

    /// The text's frame: the bounds less the border inset and whatever shows at either edge.
    public var textRect: CGRect {
        let inset = borderStyle.textInset
        var minX = bounds.minX + inset
        var maxX = bounds.maxX - inset
        if let left = leftViewSize { minX = max(minX, bounds.minX + left.width) }
        if let right = rightViewSize { maxX = min(maxX, bounds.maxX - right.width) }
        if showsClearButton { maxX = min(maxX, clearButtonRect.minX) }
        return CGRect(x: minX, y: bounds.minY, width: max(0, maxX - minX), height: bounds.height)
    }
}

extension TextField {
    /// The geometry for `bounds` in the given editing state.
    public func geometry(forBounds bounds: CGRect, isEditing: Bool) -> TextFieldGeometry {
        TextFieldGeometry(
            bounds: bounds,
            borderStyle: appearance.borderStyle,
            leftViewSize: leftView.flatMap { leftViewMode.isVisible(isEditing: isEditing) ? $0.size : nil },
            rightViewSize: rightView.flatMap { rightViewMode.isVisible(isEditing: isEditing) ? $0.size : nil },
            showsClearButton: hasText && clearButtonMode.isVisible(isEditing: isEditing))
    }
}
