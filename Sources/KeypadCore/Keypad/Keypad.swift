import Foundation

/// An on-screen keypad: the input view that edits whichever input it serves.
///
/// A keypad is never handed a field. It observes the begin/end-editing
/// notifications of ``TextField``, ``TextView`` and any registered third-party
/// input, and binds only to an input it serves: one whose `inputView` is this
/// keypad, or — for a scope's shared default keypads — an input of that same scope
/// whose `inputView` is nil and to which the scope gives this keypad. It unbinds only when that
/// same input ends editing, and it edits only through `insertText(_:)` and
/// `deleteBackward()`, so the input's delegate sees every key. A key that types while
/// the input composes commits the marked text first (``TextInput/commitMarkedText()``).
///
/// Its state (bound input, current page, resolved keys, return key) is observable
/// with ``addObserver(_:)`` so that any renderer can draw it.
@MainActor
public final class Keypad: InputView {
    /// What changed, for renderers.
    public enum Change: Equatable, Sendable {
        /// The keypad bound to an input or unbound.
        case binding
        /// The keys changed: page, layout, labels, enabled states or scrambling.
        case keys
        /// The alternatives popup opened or closed.
        case alternatives
        /// A key is about to act; sent just before the edit it causes, so traces read in
        /// order. Carries the key's id, or ``Keypad/concealedKeyID`` for a key that types
        /// into a secure input, so a PIN's digits never travel in events.
        case keyActivated(String)
        /// A press on a disabled key was ignored; the id as for ``keyActivated(_:)``.
        case keyRejected(String)
    }

    /// The id that ``Change/keyActivated(_:)`` and ``Change/keyRejected(_:)`` carry for a
    /// key that types into a secure input (a digit, the separator, a long-press alternative).
    public static let concealedKeyID = "•"

    /// The layout shown.
    public private(set) var layout: KeypadLayout { didSet { shownKeys = nil } }
    /// The id of the page shown.
    public private(set) var currentPageID: String { didSet { shownKeys = nil } }
    /// The shown page's keys by id, made on the first press after the page or the layout changed.
    var shownKeys: ShownKeys?
    /// The input the keypad edits now, if any.
    public private(set) weak var boundInput: (any TextInput)?
    /// The keyboard types this keypad serves as a default keypad (empty for an app's own keypad).
    public private(set) var defaultKeyboardTypes: Set<KeyboardType>
    /// The scope whose default keypad this is; nil for an app's own keypad.
    weak var scope: ResponderScope?
    /// The locale of labels and accessible names (the return key's title).
    public var locale: Locale {
        didSet { notifyKeysChanged() }
    }
    /// When true, the digit keys are shuffled while the bound input is secure: afresh on
    /// each bind, and as soon as the input turns secure while editing.
    public var scramblesDigitsForSecureInput = false {
        didSet { if updateScrambling() { notifyKeysChanged() } }
    }
    /// The timing of repeat and long press.
    public var timing: KeyTiming
    /// The height the keypad wants; starts at rows × the layout's row height, and a
    /// renderer may set the height it really draws.
    public var preferredHeight: CGFloat

    /// While digits are scrambled: per page, the key whose contents each digit key shows.
    var scrambledDigits: [String: [String: KeypadLayout.Key]] = [:]
    /// The input-dependent key state renderers were last told about.
    var shownInputDependentKeyState: InputDependentKeyState?
    /// Whether the layout has a decimal key, on any page.
    private(set) var hasDecimalKey: Bool
    /// The observation of the bound ``TextResponder``'s changes.
    private var inputObservation: ObservationToken?
    /// The keypad's own layout while a switch key's layout shows.
    private var layoutBeforeSwitch: KeypadLayout?
    /// The keys held down now, in the order they were pressed: one for each finger (and
    /// the pointer) on a key.
    var heldKeys: [HeldKey] = []
    var random: AnyRandomNumberGenerator
    private let observers = ObserverList<Change>()
    private let notificationCenter: NotificationCenter
    private var registrations: [InputRegistration] = []
    /// The registration whose begin notification bound the input; nil when bound directly.
    private var boundRegistration: InputRegistration.Names?

    /// Creates a keypad that observes `notificationCenter`.
    ///
    /// - Parameters:
    ///   - layout: the keys.
    ///   - notificationCenter: the center the inputs post to (their scope's).
    ///   - defaultKeyboardTypes: the types served as a shared default keypad; leave empty
    ///     for a keypad that an input names as its `inputView`.
    ///   - locale: the language of labels.
    ///   - timing: repeat and long-press timing.
    ///   - random: the source of scrambled digit orders; tests pass a seeded one.
    public init(
        layout: KeypadLayout,
        notificationCenter: NotificationCenter = .default,
        defaultKeyboardTypes: Set<KeyboardType> = [],
        locale: Locale = .current,
        timing: KeyTiming = KeyTiming(),
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.layout = layout
        self.notificationCenter = notificationCenter
        self.defaultKeyboardTypes = defaultKeyboardTypes
        self.locale = locale
        self.timing = timing
        self.random = AnyRandomNumberGenerator(base: random)
        currentPageID = layout.initialPage.id
        preferredHeight = CGFloat(layout.rowHeight) * CGFloat(layout.initialPage.rows.count)
        hasDecimalKey = Self.hasDecimalKey(layout)
        // Text fields and text views are TextResponders, observed directly once bound, so
        // their text-changed notifications need no observer here: one fewer observer
        // per keypad on every tap's notification.
        register(
            didBeginEditing: TextField.textDidBeginEditingNotification,
            didEndEditing: TextField.textDidEndEditingNotification)
        register(
            didBeginEditing: TextView.textDidBeginEditingNotification,
            didEndEditing: TextView.textDidEndEditingNotification)
    }

    isolated deinit {
        for registration in registrations { registration.stopObserving(notificationCenter) }
    }

    // MARK: - Observation

    /// Calls `handler` after every change of the keypad's state.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (Change) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Stops calling the observer registered under `token`.
    public func removeObserver(_ token: ObservationToken) { observers.remove(token) }

    func notify(_ change: Change) { observers.notify(change) }

    // MARK: - Registration of input classes

    /// Observes another class of input through its own notification names (as
    /// IQKeyboardManager's `registerTextFieldViewClass`).
    ///
    /// Registering the same pair of names again does nothing; pairs that share a name
    /// each keep their own observers.
    ///
    /// - Parameters:
    ///   - didBeginEditing: posted by an input of the class as it begins editing, with itself as the object.
    ///   - didEndEditing: posted as it ends editing.
    ///   - didChange: the input's text-changed notification, which keeps the return key's
    ///     enabled state current; nil if it has none.
    public func register(
        didBeginEditing: Notification.Name, didEndEditing: Notification.Name, didChange: Notification.Name? = nil
    ) {
        let names = InputRegistration.Names(begin: didBeginEditing, end: didEndEditing)
        guard !registrations.contains(where: { $0.names == names }) else { return }
        var tokens = [
            observe(didBeginEditing) { keypad, input in keypad.bindIfServing(input, through: names) },
            observe(didEndEditing) { keypad, input in keypad.inputDidEndEditing(input) },
        ]
        if let didChange {
            tokens.append(
                observe(didChange) { keypad, input in
                    // A TextResponder is observed directly, code changes included.
                    if input === keypad.boundInput, keypad.inputObservation == nil {
                        keypad.refreshInputDependentKeys()
                    }
                })
        }
        registrations.append(InputRegistration(names: names, tokens: tokens))
    }

    /// Stops observing an input class registered with ``register(didBeginEditing:didEndEditing:didChange:)``;
    /// the bound input is unbound only if it was bound through that class's begin notification.
    public func unregister(didBeginEditing: Notification.Name, didEndEditing: Notification.Name) {
        let names = InputRegistration.Names(begin: didBeginEditing, end: didEndEditing)
        guard let index = registrations.firstIndex(where: { $0.names == names }) else { return }
        registrations.remove(at: index).stopObserving(notificationCenter)
        if boundRegistration == names { unbind() }
    }

    private func observe(
        _ name: Notification.Name, _ handler: @escaping @MainActor (Keypad, any TextInput) -> Void
    ) -> any NSObjectProtocol {
        observeOnMainActor(name, on: notificationCenter) { [weak self] note in
            guard let self, let input = note.object as? any TextInput else { return }
            handler(self, input)
        }
    }

    // MARK: - Binding

    /// Adds a type this keypad serves as a default keypad (its scope's catalog resolves the type to this layout).
    func addDefaultKeyboardType(_ type: KeyboardType) {
        defaultKeyboardTypes.insert(type)
    }

    /// Stops serving `type` as a default keypad (the catalog now resolves it to another layout).
    func removeDefaultKeyboardType(_ type: KeyboardType) {
        defaultKeyboardTypes.remove(type)
    }

    /// Whether this keypad is the one `input` asks for.
    ///
    /// An input with an `inputView` asks for that view. Otherwise a scope's default keypad
    /// serves only a responder of its own scope that the scope gives this keypad — scopes
    /// may share a notification center — and an input outside any scope by its keyboard type.
    public func serves(_ input: any TextInput) -> Bool {
        if let own = input.inputView { return own === self }
        if let scope, let responder = input as? Responder { return scope.givesDefaultKeypad(self, to: responder) }
        return defaultKeyboardTypes.contains(input.textInputTraits.keyboardType)
    }

    /// Binds to `input` if it is editing-worthy for this keypad; replays state for a
    /// keypad created or assigned while its input is already editing.
    public func bindIfServing(_ input: any TextInput) {
        bindIfServing(input, through: nil)
    }

    /// Binds to `input` unless it is not served or already bound (a duplicate begin
    /// notification); `names` is the registration whose notification announced it.
    private func bindIfServing(_ input: any TextInput, through names: InputRegistration.Names?) {
        guard serves(input), boundInput !== input else { return }
        bind(input, through: names)
    }

    private static func hasDecimalKey(_ layout: KeypadLayout) -> Bool {
        layout.pages.contains { $0.rows.joined().contains { $0.action == .decimalSeparator } }
    }

    private func inputDidEndEditing(_ input: any TextInput) {
        guard input === boundInput else { return }
        unbind()
    }

    private func bind(_ input: any TextInput, through names: InputRegistration.Names?) {
        cancelPress()
        stopObservingInput()
        boundInput = input
        boundRegistration = names
        resetLayout()
        scrambledDigits = wantsScrambledDigits ? makeScrambledDigits() : [:]
        inputObservation = (input as? TextResponder)?.addObserver { [weak self] change in
            self?.boundInputChanged(change)
        }
        shownInputDependentKeyState = inputDependentKeyState
        notify(.binding)
    }

    private func stopObservingInput() {
        if let inputObservation { (boundInput as? TextResponder)?.removeObserver(inputObservation) }
        inputObservation = nil
    }

    /// Unbinds from the current input, if any.
    public func unbind() {
        guard boundInput != nil else { return }
        cancelPress()
        stopObservingInput()
        boundInput = nil
        boundRegistration = nil
        scrambledDigits = [:]
        resetLayout()
        notify(.binding)
    }

    /// Unbinds only if `input` is the bound one (its `inputView` moved to another keypad).
    public func unbind(ifBoundTo input: any TextInput) {
        if input === boundInput { unbind() }
    }

    // MARK: - Pages and layouts

    /// Shows the page `id` of the layout; unknown ids are ignored.
    ///
    /// A page with another number of rows sets ``preferredHeight`` to rows × the layout's
    /// row height before renderers hear `.keys` (a renderer that draws another height sets
    /// it again then), and the keypad's frame follows with keyboard notifications.
    public func showPage(_ id: String) {
        guard let page = layout.page(id: id), id != currentPageID else { return }
        cancelPress()
        let heightChanged = turn(to: page)
        notifyKeysChanged()
        if heightChanged { reloadBoundInputViews() }
    }

    /// Shows `page`; a page with another number of rows than the one shown sets
    /// ``preferredHeight`` (one with as many keeps a height a renderer set).
    ///
    /// - Returns: whether the height changed.
    private func turn(to page: KeypadLayout.Page) -> Bool {
        let rowsChange = page.rows.count != (layout.page(id: currentPageID) ?? layout.initialPage).rows.count
        currentPageID = page.id
        if rowsChange { preferredHeight = CGFloat(layout.rowHeight) * CGFloat(page.rows.count) }
        return rowsChange
    }

    /// Replaces the layout, for this input and every later one; the first page shows.
    public func setLayout(_ newLayout: KeypadLayout) {
        layoutBeforeSwitch = nil
        show(newLayout)
    }

    /// Shows the layout a switch key named until the bound input ends editing; the
    /// keypad's own layout comes back for the next input.
    func switchLayout(to newLayout: KeypadLayout) {
        if layoutBeforeSwitch == nil { layoutBeforeSwitch = layout }
        show(newLayout)
    }

    private func show(_ newLayout: KeypadLayout) {
        cancelPress()
        apply(newLayout)
        scrambledDigits = wantsScrambledDigits ? makeScrambledDigits() : [:]
        notifyKeysChanged()
        reloadBoundInputViews()
    }

    /// Puts back the keypad's own layout after a switch key's, or its first page after
    /// another, so the next input's keypad has the height its keyboard frame is given.
    private func resetLayout() {
        if let layoutBeforeSwitch {
            self.layoutBeforeSwitch = nil
            apply(layoutBeforeSwitch)
        } else if currentPageID != layout.initialPage.id {
            _ = turn(to: layout.initialPage)
        }
    }

    private func apply(_ newLayout: KeypadLayout) {
        layout = newLayout
        hasDecimalKey = Self.hasDecimalKey(newLayout)
        currentPageID = newLayout.initialPage.id
        preferredHeight = CGFloat(newLayout.rowHeight) * CGFloat(newLayout.initialPage.rows.count)
    }

    private func reloadBoundInputViews() {
        (boundInput as? Responder)?.scope?.reloadInputViews()
    }
}

/// A random number generator behind an existential, so the keypad can hold any.
struct AnyRandomNumberGenerator: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}
