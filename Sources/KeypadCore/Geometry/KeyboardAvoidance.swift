import Foundation

/// Keeps the editing field visible above the keypad: pure functions on frames, so
/// every renderer and every test gets the same numbers.
public enum KeyboardAvoidance {
    /// How much of `container` (in the keypad's coordinates) the keypad covers from below.
    public static func keypadOverlap(container: CGRect, keyboardFrame: CGRect?) -> CGFloat {
        guard let keyboardFrame, keyboardFrame.intersects(container) else { return 0 }
        return max(0, container.maxY - keyboardFrame.minY)
    }

    /// The vertical scroll offset that shows `target` plus `margin` above and below it
    /// in a viewport of `visibleHeight`, moving as little as possible from `currentOffset`.
    ///
    /// - Parameters:
    ///   - target: the field's frame in the scrolled content's coordinates.
    ///   - margin: the space kept above and below the field.
    ///   - currentOffset: the vertical scroll offset now.
    ///   - visibleHeight: the height of the part of the viewport not covered by the keypad.
    ///   - contentHeight: the content's height; the offset stays within it.
    /// - Returns: `currentOffset` when the field is already visible; the field's top
    ///   wins when it is taller than the viewport.
    public static func scrollOffset(
        revealing target: CGRect, margin: CGFloat, currentOffset: CGFloat, visibleHeight: CGFloat,
        contentHeight: CGFloat
    ) -> CGFloat {
        guard visibleHeight > 0 else { return currentOffset }
        var offset = currentOffset
        if target.maxY + margin > offset + visibleHeight { offset = target.maxY + margin - visibleHeight }
        if target.minY - margin < offset { offset = target.minY - margin }
        let maximum = max(0, contentHeight - visibleHeight)
        return min(max(offset, 0), maximum)
    }

    /// The vertical scroll offset that keeps the field plus `margin` visible above the
    /// keypad, from frames in one coordinate space — the screen's, as keyboard
    /// notifications carry the keypad's end frame.
    ///
    /// The part of the container the keypad covers from below counts as hidden. The
    /// answer may scroll the content up to that overlap past its end, so that the last
    /// field can clear the keypad: give the container a bottom inset of
    /// ``keypadOverlap(container:keyboardFrame:)`` while the keypad shows, as UIKit's
    /// `contentInset` does.
    ///
    /// - Parameters:
    ///   - fieldFrame: the field's frame now, scrolled by `currentOffset`.
    ///   - containerFrame: the scroll container's visible frame (its viewport).
    ///   - currentOffset: the container's vertical scroll offset now.
    ///   - contentHeight: the height of the scrolled content.
    ///   - keypadFrame: the keypad's end frame; nil while it is hidden.
    ///   - margin: the space kept above and below the field.
    /// - Returns: `currentOffset` when the field is already visible or the keypad covers
    ///   the whole container; the field's top wins when it is taller than what is visible.
    public static func scrollOffset(
        revealing fieldFrame: CGRect, in containerFrame: CGRect, currentOffset: CGFloat, contentHeight: CGFloat,
        keypadFrame: CGRect?, margin: CGFloat
    ) -> CGFloat {
        let overlap = keypadOverlap(container: containerFrame, keyboardFrame: keypadFrame)
        let target = fieldFrame.offsetBy(dx: 0, dy: currentOffset - containerFrame.minY)
        return scrollOffset(
            revealing: target, margin: margin, currentOffset: currentOffset,
            visibleHeight: containerFrame.height - overlap, contentHeight: contentHeight)
    }
}

/// Remembers where content was scrolled before the keypad came, so hiding it puts
/// the content back; moves from field to field while shown keep the first origin.
public struct AvoidanceState: Equatable, Sendable {
    /// The offset before the keypad showed, while it is shown.
    public private(set) var originalOffset: CGFloat?

    /// Creates a state for a keypad that is not shown.
    public init() {}

    /// The keypad shows (or changes): returns the offset revealing `target`.
    public mutating func keypadShown(
        revealing target: CGRect, margin: CGFloat, currentOffset: CGFloat, visibleHeight: CGFloat,
        contentHeight: CGFloat
    ) -> CGFloat {
        if originalOffset == nil { originalOffset = currentOffset }
        return KeyboardAvoidance.scrollOffset(
            revealing: target, margin: margin, currentOffset: currentOffset, visibleHeight: visibleHeight,
            contentHeight: contentHeight)
    }

    /// The keypad shows (or changes), with frames in screen coordinates: returns the offset
    /// from ``KeyboardAvoidance/scrollOffset(revealing:in:currentOffset:contentHeight:keypadFrame:margin:)``.
    public mutating func keypadShown(
        revealing fieldFrame: CGRect, in containerFrame: CGRect, currentOffset: CGFloat, contentHeight: CGFloat,
        keypadFrame: CGRect?, margin: CGFloat
    ) -> CGFloat {
        if originalOffset == nil { originalOffset = currentOffset }
        return KeyboardAvoidance.scrollOffset(
            revealing: fieldFrame, in: containerFrame, currentOffset: currentOffset, contentHeight: contentHeight,
            keypadFrame: keypadFrame, margin: margin)
    }

    /// The keypad hides: returns the offset to restore (or `currentOffset` if it never showed).
    public mutating func keypadHidden(currentOffset: CGFloat) -> CGFloat {
        defer { originalOffset = nil }
        return originalOffset ?? currentOffset
    }
}
