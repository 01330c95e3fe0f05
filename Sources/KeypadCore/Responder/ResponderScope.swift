import Foundation

/// One window or scene's focus: its responders in order, at most one first
/// responder, and the keyboard host where its keypads appear.
///
/// Focus changes follow DESIGN.md's order exactly. A focus change asked for
/// while another is under way (from inside a delegate call, say) is queued and
/// runs as soon as the current one has finished; such a call returns false. A
/// call that starts a change answers only after the changes it queued have run,
/// so its answer is the truth afterwards (a field disabled in its own
/// `didBeginEditing` answers false).
@MainActor
public final class ResponderScope {
    /// Where the scope's text and keyboard notifications are posted.
    public let notificationCenter: NotificationCenter
    /// The model of the keypad area: frames and keyboard notifications.
    public let keyboard: OnScreenKeyboard
    /// The responders in the order they were added: the order prev / next follows.
    public private(set) var responders: [Responder] = []
    /// The responder that is editing, if any.
    public private(set) var firstResponder: Responder?
    /// Supplies the input view for a responder whose `inputView` is nil, in place of
    /// the scope's shared keypad for the responder's keyboard type (``defaultKeypad(for:)``).
    public var defaultInputView: (@MainActor (Responder) -> (any InputView)?)?

    /// Where default keypads find their layouts; set an override directory to use your own files.
    public var layoutCatalog = LayoutCatalog()

    /// The locale default keypads label their keys in (the decimal key, the return key's
    /// title); nil leaves each its own, `Locale.current` when it is made. Default keypads
    /// made later are made in it, and those made so far take it now.
    public var defaultKeypadLocale: Locale? {
        didSet {
            guard let defaultKeypadLocale else { return }
            for keypad in defaultKeypads.values where keypad.locale != defaultKeypadLocale {
                keypad.locale = defaultKeypadLocale
            }
        }
    }

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
        keyboard = OnScreenKeyboard(screenBounds: screenBounds, notificationCenter: notificationCenter)
    }

    /// Adds a responder at the end of the order; it leaves any scope it was in.
    ///
    /// If that scope is in the middle of a focus change, the move waits until the
    /// change has finished, as a removal does.
    public func add(_ responder: Responder) {
        if responder.scope === self { return }
        if let old = responder.scope {
            old.remove(responder)
            guard responder.scope == nil else {
                old.enqueue { [weak self, weak responder] in
                    guard let self, let responder else { return }
                    self.add(responder)
                }
                return
            }
        }
        responders.append(responder)
        responder.scope = self
    }

    /// Removes a responder; if it was editing, its editing ends by force (reason `.cancelled`).
    ///
    /// The end of editing is posted to this scope's notification center, so keypads let
    /// the responder go. A removal asked for during a focus change (from a delegate call
    /// or a did-begin notification) is queued like any focus change: the responder stays
    /// in the scope until the current change has finished.
    public func remove(_ responder: Responder) {
        guard responder.scope === self else { return }
        guard !isChangingFocus else {
            enqueue { [weak self, weak responder] in
                guard let self, let responder else { return }
                self.remove(responder)
            }
            return
        }
        // Out of the order first, so that nothing can focus it again while its editing ends.
        responders.removeAll { $0 === responder }
        if firstResponder === responder {
            resignFirstResponder(responder, force: true)
        }
        // Changes queued while editing ended have run; one of them may have moved it already.
        if responder.scope === self { responder.scope = nil }
    }

    /// Ends the current editing session.
    ///
    /// - Parameter force: when true, the delegate's `shouldEndEditing` is not asked
    ///   and the reason is `.cancelled`.
    /// - Returns: whether no responder is first afterwards.
    @discardableResult
    public func endEditing(force: Bool = false) -> Bool {
        guard let current = firstResponder else { return true }
        resignFirstResponder(current, force: force)
        return firstResponder == nil
    }

    /// The input view a responder gets: its own, or the default for its traits.
    public func resolvedInputView(for responder: Responder) -> (any InputView)? {
        if let own = responder.inputView { return own }
        if let provider = defaultInputView { return provider(responder) }
        return defaultKeypad(for: responder.textInputTraits.keyboardType)
    }

    // MARK: - Transitions

    func makeFirstResponder(_ next: Responder) -> Bool {
        guard next.scope === self, responders.contains(where: { $0 === next }) else { return false }
        if firstResponder === next { return true }
        guard !isChangingFocus else {
            enqueue { [weak next] in _ = next?.becomeFirstResponder() }
            return false
        }
        transition {
            guard next.canBecomeFirstResponder else { return }
            if let current = firstResponder {
                guard current.canResignFirstResponder else { return }
                firstResponder = nil
                current.didResignFirstResponder(reason: .committed)
            }
            firstResponder = next
            keyboard.show(inputView: resolvedInputView(for: next), accessoryView: next.inputAccessoryView)
            next.didBecomeFirstResponder()
        }
        return firstResponder === next
    }

    @discardableResult
    func resignFirstResponder(_ responder: Responder, force: Bool) -> Bool {
        guard firstResponder === responder else { return true }
        guard !isChangingFocus else {
            enqueue { [weak self, weak responder] in
                guard let self, let responder else { return }
                self.resignFirstResponder(responder, force: force)
            }
            return false
        }
        transition {
            guard force || responder.canResignFirstResponder else { return }
            firstResponder = nil
            keyboard.hide()
            responder.didResignFirstResponder(reason: force ? .cancelled : .committed)
        }
        return firstResponder !== responder
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

    /// Queues a change asked for during a focus change; it runs once that change has finished.
    private func enqueue(_ change: @escaping () -> Void) {
        queuedFocusChanges.append(change)
    }

    /// Runs one focus change, then the changes queued during it, in order.
    private func transition(_ body: () -> Void) {
        isChangingFocus = true
        body()
        isChangingFocus = false
        while !queuedFocusChanges.isEmpty, !isChangingFocus {
            queuedFocusChanges.removeFirst()()
        }
    }
}
