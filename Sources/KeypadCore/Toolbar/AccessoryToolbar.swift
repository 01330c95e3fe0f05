import Foundation

/// The previous / next / done bar above the keypad, titled with the editing input's placeholder.
///
/// Like a keypad, the toolbar is never handed an input: it binds to an input whose
/// `inputAccessoryView` is this toolbar when that input begins editing (or, while it
/// edits, when the toolbar is assigned to it), and lets it go when it ends or moves to
/// another accessory view; duplicate begin and end notifications change nothing.
/// Previous and next follow the scope's declared order (or the inputs' tags) and skip
/// disabled inputs; they are disabled at the ends.
@MainActor
public final class AccessoryToolbar: InputAccessoryView {
    /// How previous and next order the inputs.
    public enum Order: Sendable {
        /// The order the inputs were added to their scope.
        case declared
        /// Ascending `tag`; equal tags keep their declared order.
        case tag
    }

    /// What changed, for renderers.
    public enum Change: Equatable, Sendable {
        case binding
    }

    /// How previous and next order the inputs.
    public var order = Order.declared { didSet { observers.notify(.binding) } }
    /// The bar's height.
    public var preferredHeight: CGFloat = 44
    /// The locale of the buttons' accessible names.
    public var locale: Locale

    /// The input the toolbar serves now.
    public private(set) weak var boundInput: TextResponder?

    private let observers = ObserverList<Change>()
    private let notificationCenter: NotificationCenter
    private var tokens: [any NSObjectProtocol] = []

    /// Creates a toolbar observing `notificationCenter` (the inputs' scope's).
    public init(notificationCenter: NotificationCenter = .default, locale: Locale = .current) {
        self.notificationCenter = notificationCenter
        self.locale = locale
        for name in [TextField.textDidBeginEditingNotification, TextView.textDidBeginEditingNotification] {
            observe(name) { toolbar, input in toolbar.bindIfServing(input) }
        }
        for name in [TextField.textDidEndEditingNotification, TextView.textDidEndEditingNotification] {
            observe(name) { toolbar, input in toolbar.unbind(ifBoundTo: input) }
        }
    }

    /// Binds to `input` if its accessory view is this toolbar and it is not bound already;
    /// the scope calls it when the toolbar is assigned to an input that is editing.
    public func bindIfServing(_ input: TextResponder) {
        guard input.inputAccessoryView === self, boundInput !== input else { return }
        boundInput = input
        observers.notify(.binding)
    }

    /// Unbinds only if `input` is the bound one.
    public func unbind(ifBoundTo input: TextResponder) {
        guard input === boundInput else { return }
        boundInput = nil
        observers.notify(.binding)
    }

    isolated deinit {
        for token in tokens { notificationCenter.removeObserver(token) }
    }

    private func observe(
        _ name: Notification.Name, _ handler: @escaping @MainActor (AccessoryToolbar, TextResponder) -> Void
    ) {
        tokens.append(
            observeOnMainActor(name, on: notificationCenter) { [weak self] note in
                guard let self, let input = note.object as? TextResponder else { return }
                handler(self, input)
            })
    }

    /// Calls `handler` after the toolbar binds, unbinds or reorders.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (Change) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Stops calling the observer registered under `token`.
    public func removeObserver(_ token: ObservationToken) { observers.remove(token) }

    // MARK: - State

    /// The title: the bound input's placeholder.
    public var title: String? { boundInput?.placeholder }

    /// The enabled inputs of the bound input's scope, in the toolbar's order.
    public var orderedInputs: [TextResponder] {
        guard let scope = boundInput?.scope else { return [] }
        let inputs = scope.responders.compactMap { $0 as? TextResponder }
        switch order {
        case .declared: return inputs
        case .tag:
            return inputs.enumerated().sorted { ($0.element.tag, $0.offset) < ($1.element.tag, $1.offset) }
                .map(\.element)
        }
    }

    /// The enabled input before the bound one, if any.
    public var previousInput: TextResponder? { neighbour(step: -1) }
    /// The enabled input after the bound one, if any.
    public var nextInput: TextResponder? { neighbour(step: 1) }
    /// Whether "previous" can be pressed.
    public var canGoPrevious: Bool { previousInput != nil }
    /// Whether "next" can be pressed.
    public var canGoNext: Bool { nextInput != nil }

    private func neighbour(step: Int) -> TextResponder? {
        guard let bound = boundInput else { return nil }
        return enabledNeighbour(of: bound, in: orderedInputs, step: step)
    }

    // MARK: - Actions

    /// Moves editing to the previous input.
    @discardableResult
    public func goPrevious() -> Bool { previousInput?.becomeFirstResponder() ?? false }

    /// Moves editing to the next input.
    @discardableResult
    public func goNext() -> Bool { nextInput?.becomeFirstResponder() ?? false }

    /// Ends editing ("Done").
    @discardableResult
    public func done() -> Bool { boundInput?.resignFirstResponder() ?? false }

    /// The accessible names of the three buttons, unique within a window.
    public var previousButtonName: String { KeypadStrings.string("toolbar.previous", locale: locale) }
    /// The accessible name of the next button.
    public var nextButtonName: String { KeypadStrings.string("toolbar.next", locale: locale) }
    /// The accessible name of the done button.
    public var doneButtonName: String { KeypadStrings.string("toolbar.done", locale: locale) }
}
