import Foundation

/// One window or scene's focus: its responders in order, at most one first
/// responder, and the keyboard host where its keypads appear.
///
/// Focus changes follow DESIGN.md's order exactly. A focus change asked for
/// while another is under way (from inside a delegate call, say) is queued and
/// runs as soon as the current one has finished; such a call returns false.
@MainActor
public final class ResponderScope {
    /// Where the scope's text and keyboard notifications are posted.
    public let notificationCenter: NotificationCenter
    /// The model of the keypad area: frames and keyboard notifications.
    public let keyboard: KeyboardHost
    /// The responders in the order they were added: the order prev / next follows.
    public private(set) var responders: [Responder] = []
    /// The responder that is editing, if any.
    public private(set) var firstResponder: Responder?
    /// Supplies the input view for a responder whose `inputView` is nil, in place of
    /// the scope's shared keypad for the responder's keyboard type (``defaultKeypad(for:)``).
    public var defaultInputView: (@MainActor (Responder) -> (any InputView)?)?

    /// Where default keypads find their layouts; set an override directory to use your own files.
    public var layoutCatalog = LayoutCatalog()

    var defaultKeypads: [String: Keypad] = [:]
    var inputRegistrations: [(begin: Notification.Name, end: Notification.Name, change: Notification.Name?)] = []
    private(set) var isChangingFocus = false
    private var queuedFocusChanges: [() -> Void] = []

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - notificationCenter: where notifications go; tests pass a fresh one.
    ///   - screenBounds: the area keypads dock to the bottom of.
    public init(
        notificationCenter: NotificationCenter = .default,
        screenBounds: CGRect = CGRect(x: 0, y: 0, width: 1024, height: 768)
    ) {
        self.notificationCenter = notificationCenter
        keyboard = KeyboardHost(screenBounds: screenBounds, notificationCenter: notificationCenter)
    }

    /// Adds a responder at the end of the order; it leaves any scope it was in.
    public func add(_ responder: Responder) {
        if responder.scope === self { return }
        responder.scope?.remove(responder)
        responders.append(responder)
        responder.scope = self
    }

    /// Removes a responder; if it was editing, its editing ends by force (reason `.cancelled`).
    public func remove(_ responder: Responder) {
        guard responder.scope === self else { return }
        if firstResponder === responder {
            resignFirstResponder(responder, force: true)
        }
        responders.removeAll { $0 === responder }
        responder.scope = nil
    }

    /// Ends the current editing session.
    ///
    /// - Parameter force: when true, the delegate's `shouldEndEditing` is not asked
    ///   and the reason is `.cancelled`.
    /// - Returns: whether no responder is first afterwards.
    @discardableResult
    public func endEditing(force: Bool = false) -> Bool {
        guard let current = firstResponder else { return true }
        return resignFirstResponder(current, force: force)
    }

    /// The input view a responder gets: its own, or the default for its traits.
    public func resolvedInputView(for responder: Responder) -> (any InputView)? {
        if let own = responder.inputView { return own }
        if let provider = defaultInputView { return provider(responder) }
        return defaultKeypad(for: responder.textInputTraits.keyboardType)
    }

    // MARK: - Transitions

    func makeFirstResponder(_ next: Responder) -> Bool {
        guard next.scope === self else { return false }
        if firstResponder === next { return true }
        guard !isChangingFocus else {
            queuedFocusChanges.append { [weak next] in _ = next?.becomeFirstResponder() }
            return false
        }
        return transition {
            guard next.canBecomeFirstResponder else { return false }
            if let current = firstResponder {
                guard current.canResignFirstResponder else { return false }
                firstResponder = nil
                current.didResignFirstResponder(reason: .committed)
            }
            firstResponder = next
            keyboard.show(inputView: resolvedInputView(for: next), accessoryView: next.inputAccessoryView)
            next.didBecomeFirstResponder()
            return true
        }
    }

    @discardableResult
    func resignFirstResponder(_ responder: Responder, force: Bool) -> Bool {
        guard firstResponder === responder else { return true }
        guard !isChangingFocus else {
            queuedFocusChanges.append { [weak self, weak responder] in
                guard let self, let responder else { return }
                self.resignFirstResponder(responder, force: force)
            }
            return false
        }
        return transition {
            guard force || responder.canResignFirstResponder else { return false }
            firstResponder = nil
            keyboard.hide()
            responder.didResignFirstResponder(reason: force ? .cancelled : .committed)
            return true
        }
    }

    /// Shows the first responder's keypad again after its input or accessory view changed.
    ///
    /// A keypad or toolbar that no longer serves the input lets it go; the new ones bind at once.
    public func reloadInputViews() {
        guard let current = firstResponder else { return }
        let new = resolvedInputView(for: current)
        releaseReplacedInputViews(of: current, newInputView: new)
        keyboard.show(inputView: new, accessoryView: current.inputAccessoryView)
        bindShownInputViews(to: current)
    }

    private func transition(_ body: () -> Bool) -> Bool {
        isChangingFocus = true
        let result = body()
        isChangingFocus = false
        while !queuedFocusChanges.isEmpty, !isChangingFocus {
            queuedFocusChanges.removeFirst()()
        }
        return result
    }
}
