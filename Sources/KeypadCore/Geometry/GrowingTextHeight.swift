import Foundation

/// The height of a text view that grows with its content between a minimum and a
/// maximum, and scrolls once the content is taller than the maximum (seed 002's chat
/// input bar). A pure value: renderers measure the content and apply the answer.
///
/// ```swift
/// let growing = GrowingTextHeight(minimum: 37, maximum: 100)
/// let short = growing.sizing(forContentHeight: 60)  // height 60, no scrolling
/// let long = growing.sizing(forContentHeight: 240)  // height 100, scrolls
/// ```
public struct GrowingTextHeight: Equatable, Sendable {
    /// The height of an empty or one-line view.
    public private(set) var minimum: CGFloat
    /// The height beyond which the view stops growing and scrolls.
    public private(set) var maximum: CGFloat

    /// What the view does for one content height.
    public struct Sizing: Equatable, Sendable {
        /// The view's height.
        public var height: CGFloat
        /// Whether the content is taller than the view, so the view scrolls.
        public var scrolls: Bool

        /// Creates a sizing.
        public init(height: CGFloat, scrolls: Bool) {
            self.height = height
            self.scrolls = scrolls
        }
    }

    /// Creates the model; a negative minimum counts as zero and a maximum below the
    /// minimum is raised to it.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = max(0, minimum)
        self.maximum = max(self.minimum, maximum)
    }

    /// The view's height and whether it scrolls, for content `contentHeight` tall (the
    /// text's laid-out height); a negative or not-a-number height counts as empty.
    public func sizing(forContentHeight contentHeight: CGFloat) -> Sizing {
        let content = contentHeight.isNaN ? 0 : contentHeight
        return Sizing(height: min(max(content, minimum), maximum), scrolls: content > maximum)
    }
}
