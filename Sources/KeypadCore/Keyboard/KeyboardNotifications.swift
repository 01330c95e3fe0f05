import Foundation

extension Responder {
    /// Posted before the keypad's frame changes (showing, hiding or resizing).
    nonisolated public static let keyboardWillChangeFrameNotification =
        Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after the keypad's frame changed.
    nonisolated public static let keyboardDidChangeFrameNotification =
        Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// Posted before the keypad appears, or before a keypad of another size replaces it.
    nonisolated public static let keyboardWillShowNotification =
        Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after the keypad appeared or changed size.
    nonisolated public static let keyboardDidShowNotification =
        Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keypad goes away.
    nonisolated public static let keyboardWillHideNotification =
        Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after the keypad went away.
    nonisolated public static let keyboardDidHideNotification =
        Notification.Name("UIKeyboardDidHideNotification")

    /// userInfo key: the keypad's frame before the change (`CGRect`).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// userInfo key: the keypad's frame after the change (`CGRect`).
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// userInfo key: the animation's duration in seconds (`Double`).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// userInfo key: the animation curve (`Int`, a ``KeyboardAnimationCurve`` raw value).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// userInfo key: whether the keypad belongs to this process (`Bool`).
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// The timing curve of the keypad's slide, numbered as UIKit's `UIView.AnimationCurve`.
public enum KeyboardAnimationCurve: Int, Sendable, CaseIterable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3
    /// The keyboard's own curve (UIKit's undocumented 7): a fast start and a long, soft landing.
    case keyboard = 7
}

/// The typed content of a keyboard notification's userInfo.
public struct KeyboardTransition: Equatable, Sendable {
    /// The keypad's frame before the change; below the screen when it was hidden.
    public var beginFrame: CGRect
    /// The keypad's frame after the change; below the screen when it hides.
    public var endFrame: CGRect
    /// How long the slide takes, in seconds.
    public var animationDuration: TimeInterval
    /// The slide's timing curve.
    public var animationCurve: KeyboardAnimationCurve
    /// Whether the keypad belongs to this process (always true here).
    public var isLocal: Bool

    /// Creates a transition.
    public init(
        beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
        animationCurve: KeyboardAnimationCurve, isLocal: Bool = true
    ) {
        self.beginFrame = beginFrame
        self.endFrame = endFrame
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// Reads a transition from a keyboard notification; nil when its userInfo lacks a key.
    public init?(notification: Notification) {
        guard let info = notification.userInfo,
            let begin = info[Responder.keyboardFrameBeginUserInfoKey] as? CGRect,
            let end = info[Responder.keyboardFrameEndUserInfoKey] as? CGRect,
            let duration = info[Responder.keyboardAnimationDurationUserInfoKey] as? Double,
            let curveValue = info[Responder.keyboardAnimationCurveUserInfoKey] as? Int,
            let curve = KeyboardAnimationCurve(rawValue: curveValue),
            let isLocal = info[Responder.keyboardIsLocalUserInfoKey] as? Bool
        else { return nil }
        self.init(
            beginFrame: begin, endFrame: end, animationDuration: duration, animationCurve: curve,
            isLocal: isLocal)
    }

    /// The userInfo dictionary a keyboard notification carries, under UIKit's string keys.
    public var userInfo: [AnyHashable: Any] {
        [
            Responder.keyboardFrameBeginUserInfoKey: beginFrame,
            Responder.keyboardFrameEndUserInfoKey: endFrame,
            Responder.keyboardAnimationDurationUserInfoKey: animationDuration,
            Responder.keyboardAnimationCurveUserInfoKey: animationCurve.rawValue,
            Responder.keyboardIsLocalUserInfoKey: isLocal,
        ]
    }
}
