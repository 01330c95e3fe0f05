import Foundation

/// The model of the place where keypads appear: it knows the screen, the size of
/// each input view, and posts the keyboard notifications in the contract's order.
///
/// - Showing from hidden: willChangeFrame, willShow, didChangeFrame, didShow.
/// - Replacing with a keypad of another height, or another accessory view: the same four.
/// - Replacing with one of the same height and accessory: nothing.
/// - Hiding: willChangeFrame, willHide, didChangeFrame, didHide.
/// - Nothing to show — no input view (the scope's `defaultInputView` returned nil) and
///   no accessory view, or views of no height — is no keyboard: nothing is posted while
///   hidden, and a keypad on screen hides.
@MainActor
public final class KeyboardHost {
    /// The area keypads dock to the bottom of: the screen, or the app window when docked in it.
    public var screenBounds: CGRect
    /// How long the keypad's slide takes; carried in every notification.
    public var animationDuration: TimeInterval = 0.25
    /// The slide's timing curve; carried in every notification.
    public var animationCurve: KeyboardAnimationCurve = .easeOut
    /// The keypad's frame while shown, nil while hidden.
    public private(set) var frame: CGRect?
    /// The input view on screen, if any.
    public private(set) weak var inputView: (any InputView)?
    /// The accessory view on screen, if any.
    public private(set) weak var accessoryView: (any InputAccessoryView)?

    private let notificationCenter: NotificationCenter

    init(screenBounds: CGRect, notificationCenter: NotificationCenter) {
        self.screenBounds = screenBounds
        self.notificationCenter = notificationCenter
    }

    /// Whether a keypad is on screen.
    public var isVisible: Bool { frame != nil }

    /// The frame a keypad of `height` takes when shown: full width, at the bottom.
    public func shownFrame(height: CGFloat) -> CGRect {
        CGRect(x: screenBounds.minX, y: screenBounds.maxY - height, width: screenBounds.width, height: height)
    }

    /// The frame a keypad of `height` has while hidden: just below the bottom edge.
    public func hiddenFrame(height: CGFloat) -> CGRect {
        CGRect(x: screenBounds.minX, y: screenBounds.maxY, width: screenBounds.width, height: height)
    }

    func show(inputView: (any InputView)?, accessoryView: (any InputAccessoryView)?) {
        let height = (inputView?.preferredHeight ?? 0) + (accessoryView?.preferredHeight ?? 0)
        guard height > 0 else {
            hide()
            return
        }
        let end = shownFrame(height: height)
        let sameAccessory = accessoryView === self.accessoryView
        let begin = frame ?? hiddenFrame(height: height)
        let wasVisible = frame != nil
        self.inputView = inputView
        self.accessoryView = accessoryView
        guard !(wasVisible && begin == end && sameAccessory) else { return }
        frame = end
        post(
            begin: begin, end: end, will: Responder.keyboardWillShowNotification,
            did: Responder.keyboardDidShowNotification)
    }

    func hide() {
        guard let begin = frame else { return }
        frame = nil
        inputView = nil
        accessoryView = nil
        post(
            begin: begin, end: hiddenFrame(height: begin.height),
            will: Responder.keyboardWillHideNotification, did: Responder.keyboardDidHideNotification)
    }

    private func post(begin: CGRect, end: CGRect, will: Notification.Name, did: Notification.Name) {
        let info = KeyboardTransition(
            beginFrame: begin, endFrame: end, animationDuration: animationDuration,
            animationCurve: animationCurve
        ).userInfo
        notificationCenter.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        notificationCenter.post(name: will, object: nil, userInfo: info)
        notificationCenter.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
        notificationCenter.post(name: did, object: nil, userInfo: info)
    }
}
