import Foundation

/// The on-screen keyboard of a ``ResponderScope`` (`scope.keyboard`), as a model: it knows
/// the screen and the size of each input view, and posts the keyboard notifications in
/// the contract's order.
///
/// - Showing from hidden: willChangeFrame, willShow, didChangeFrame, didShow.
/// - Replacing with a keypad of another height, or another accessory view: the same four.
/// - Replacing with one of the same height and accessory: nothing.
/// - Hiding: willChangeFrame, willHide, didChangeFrame, didHide.
/// - The screen bounds changing while shown (a rotation): willChangeFrame, didChangeFrame.
/// - The ``edge`` changing while shown: willChangeFrame, then didChangeFrame when the move
///   has arrived (``finishTransition()``), with no show or hide.
/// - Nothing to show — no input view (the scope's `defaultInputView` returned nil) and
///   no accessory view, or views of no height — is no keyboard: nothing is posted while
///   hidden, and a keypad on screen hides.
///
/// ## When the did-notifications arrive
///
/// UIKit posts the will-notifications as the keyboard starts to move and the
/// did-notifications once it has arrived, so an app that scrolls in `keyboardDidShow`
/// scrolls with the keyboard in place. This host has no animation of its own:
///
/// - While ``animatesTransitions`` is false (the default, headless) it posts all
///   four at once: willChangeFrame, willShow, didChangeFrame, didShow; the begin
///   events (`didBeginEditing`…) follow.
/// - A host that animates the keypad (the GTK adapter's slide) sets
///   ``animatesTransitions`` and calls ``finishTransition()`` when its slide ends.
///   willChangeFrame and willShow (or willHide) post at once, before the begin (or
///   end) events; didChangeFrame and didShow (or didHide) post from
///   ``finishTransition()``.
/// - A transition that starts while another is still under way (a hide during the
///   show's slide, a taller keypad during it) interrupts it, as a UIKit animation is
///   interrupted by the next one: the new transition's will-notifications post
///   first, then the interrupted one's did-notifications (its animation ended where
///   it was), and the new one's did-notifications when ``finishTransition()`` comes.
///   A hide during a show: willChangeFrame, willShow, …, willChangeFrame, willHide,
///   didChangeFrame, didShow, …, didChangeFrame, didHide.
@MainActor
public final class OnScreenKeyboard {
    /// The area keypads dock to the bottom of: the screen, or the app window when docked in it.
    ///
    /// A change while a keypad shows (a resolution change, a rotation, another monitor)
    /// moves the keypad to the bottom of the new bounds, full width, and announces its new
    /// frame as UIKit does on rotation: willChangeFrame, then didChangeFrame, at once (the
    /// keypad is placed anew, not slid), with no show or hide.
    public var screenBounds: CGRect {
        didSet { screenBoundsChanged() }
    }
    /// The edge the keypad docks to (the bottom by default). A change while a keypad shows
    /// moves it there, announced as willChangeFrame and, once it arrived, didChangeFrame.
    public var edge: KeyboardEdge = .bottom {
        didSet { if edge != oldValue { edgeChanged() } }
    }
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

    /// Whether a host animates the keypad and calls ``finishTransition()`` when a slide
    /// ends; while false, did-notifications post right after the will-notifications.
    /// Setting it false finishes a transition under way.
    public var animatesTransitions = false {
        didSet { if !animatesTransitions { finishTransition() } }
    }

    /// Whether a transition posted its will-notifications and waits for ``finishTransition()``.
    public var isTransitioning: Bool { pending != nil }

    /// Called with the views about to show, before their heights are read: a renderer that
    /// builds a view only when it first appears builds and measures it here, so the
    /// notifications carry the height it draws (and views never shown cost nothing).
    public var willShowViews: (((any InputView)?, (any InputAccessoryView)?) -> Void)?

    private let notificationCenter: NotificationCenter
    /// The transition whose did-notifications are still to come.
    private var pending: Transition?
    /// True while will-notifications post; a finish asked for meanwhile waits for them.
    private var isPostingWill = false
    private var finishRequested = false

    private struct Transition {
        var info: [AnyHashable: Any]
        /// didShow or didHide; nil for a move (didChangeFrame alone).
        var did: Notification.Name?
    }

    init(screenBounds: CGRect, notificationCenter: NotificationCenter) {
        self.screenBounds = screenBounds
        self.notificationCenter = notificationCenter
    }

    /// Whether a keypad is on screen.
    public var isVisible: Bool { frame != nil }

    /// The frame a keypad of `height` takes when shown: full width, at the ``edge``.
    public func shownFrame(height: CGFloat) -> CGRect {
        let y = edge == .top ? screenBounds.minY : screenBounds.maxY - height
        return CGRect(x: screenBounds.minX, y: y, width: screenBounds.width, height: height)
    }

    /// The frame a keypad of `height` has while hidden: just beyond the ``edge``.
    public func hiddenFrame(height: CGFloat) -> CGRect {
        let y = edge == .top ? screenBounds.minY - height : screenBounds.maxY
        return CGRect(x: screenBounds.minX, y: y, width: screenBounds.width, height: height)
    }

    func show(inputView: (any InputView)?, accessoryView: (any InputAccessoryView)?) {
        willShowViews?(inputView, accessoryView)
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

    /// Moves the keypad on screen to its new ``edge``: willChangeFrame now, didChangeFrame
    /// from ``finishTransition()``.
    private func edgeChanged() {
        guard let begin = frame else { return }
        let end = shownFrame(height: begin.height)
        frame = end
        post(begin: begin, end: end, will: nil, did: nil)
    }

    /// Moves the keypad on screen to its edge of ``screenBounds``, announcing its new frame.
    private func screenBoundsChanged() {
        guard let begin = frame else { return }
        let end = shownFrame(height: begin.height)
        guard end != begin else { return }
        frame = end
        let info = KeyboardTransition(
            beginFrame: begin, endFrame: end, animationDuration: 0, animationCurve: animationCurve
        ).userInfo
        notificationCenter.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        notificationCenter.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
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

    /// Posts the did-notifications of the transition under way (didChangeFrame, then
    /// didShow or didHide): call it when the keypad's slide has ended. Without a
    /// transition under way it does nothing; called from inside a will-notification's
    /// observer, it posts once the will-notifications are all out.
    public func finishTransition() {
        guard !isPostingWill else {
            finishRequested = pending != nil
            return
        }
        guard let transition = pending else { return }
        pending = nil
        postDid(transition)
    }

    private func post(begin: CGRect, end: CGRect, will: Notification.Name?, did: Notification.Name?) {
        let info = KeyboardTransition(
            beginFrame: begin, endFrame: end, animationDuration: animationDuration,
            animationCurve: animationCurve
        ).userInfo
        let interrupted = pending
        pending = Transition(info: info, did: did)
        isPostingWill = true
        finishRequested = false
        notificationCenter.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        if let will { notificationCenter.post(name: will, object: nil, userInfo: info) }
        if let interrupted { postDid(interrupted) }
        isPostingWill = false
        if !animatesTransitions || finishRequested { finishTransition() }
    }

    private func postDid(_ transition: Transition) {
        notificationCenter.post(
            name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: transition.info)
        if let did = transition.did { notificationCenter.post(name: did, object: nil, userInfo: transition.info) }
    }
}
