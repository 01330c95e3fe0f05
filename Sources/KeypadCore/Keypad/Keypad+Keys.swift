import Foundation

/// The alternatives offered while a key with long-press alternatives is held.
public struct AlternativesPopup: Equatable, Sendable {
    /// The held key.
    public var keyID: String
    /// The alternatives' labels, in order.
    public var labels: [String]
    /// The alternative that acts on release.
    public var selectedIndex: Int
}

/// Where the keypad is in handling a press.
enum PressState: Equatable {
    case idle
    /// The key acted on press; its release does nothing.
    case acted(keyID: String)
    /// Backspace is held; it deletes again at `deadline`.
    case repeatingDelete(keyID: String, deadline: Duration)
    /// A key with alternatives is held; they are offered at `deadline`.
    case awaitingLongPress(keyID: String, deadline: Duration)
    /// The alternatives are offered; the selected one acts on release.
    case showingAlternatives(keyID: String, selected: Int)
}

extension Keypad {
    // MARK: - Resolved keys

    /// The rows of the page shown, with run-time labels and enabled states.
    public var rows: [[KeypadKey]] {
        let page = shownPage
        return page.rows.map { $0.map { resolve($0, onPage: page.id) } }
    }

    /// The key with `id` on the page shown, resolved.
    public func key(id: String) -> KeypadKey? { key(id: id, localized: true) }

    /// The key with `id` on the page shown; with `localized` false, its label and
    /// accessible name stay the layout's (pressing a key needs neither, and looking
    /// them up was a third of a tap's instructions).
    private func key(id: String, localized: Bool) -> KeypadKey? {
        let index = shownKeyIndex ?? indexShownPage()
        guard let key = index.keys[id] else { return nil }
        return resolve(key, onPage: index.pageID, localized: localized)
    }

    /// Indexes the shown page's keys by id (the first of a duplicated id wins, as a search would).
    private func indexShownPage() -> (pageID: String, keys: [String: KeypadLayout.Key]) {
        let page = shownPage
        let index = (
            pageID: page.id,
            keys: Dictionary(page.rows.joined().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        )
        shownKeyIndex = index
        return index
    }

    /// The key with `id` as pressing it needs it: action, alternatives, enabled state.
    private func keyToPress(id: String) -> KeypadKey? { key(id: id, localized: false) }

    private var shownPage: KeypadLayout.Page { layout.page(id: currentPageID) ?? layout.initialPage }

    /// The return key's title, localized, for the bound input's return key type.
    public var returnKeyTitle: String {
        KeypadStrings.returnKeyTitle(boundInput?.textInputTraits.returnKeyType ?? .default, locale: locale)
    }

    /// Whether the return key can be pressed: not while the input is empty when it
    /// enables the return key automatically.
    public var isReturnKeyEnabled: Bool {
        guard let input = boundInput else { return false }
        return input.hasText || !input.textInputTraits.enablesReturnKeyAutomatically
    }

    /// The decimal separator the decimal key inserts: the bound input's locale's.
    public var decimalSeparator: String {
        boundInput?.locale.decimalSeparator ?? locale.decimalSeparator ?? "."
    }

    /// Whether the decimal key can be pressed: the input has no separator outside its selection.
    public var canInsertDecimalSeparator: Bool {
        guard let input = boundInput else { return false }
        let separator = decimalSeparator
        let text = input.text
        guard text.contains(separator) else { return true }
        let selection = input.selectedRange
        let units = Array(text.utf16)
        let lower = min(selection.location, units.count)
        let upper = min(selection.location + selection.length, units.count)
        let remaining = String(decoding: units[..<lower] + units[upper...], as: UTF16.self)
        return !remaining.contains(separator)
    }

    /// Whether keys may flash a preview of what they type: never for a secure input.
    public var showsKeyPreview: Bool { !(boundInput?.textInputTraits.isSecureTextEntry ?? false) }

    /// The alternatives offered now, if a long press is under way.
    public var alternativesPopup: AlternativesPopup? {
        guard case .showingAlternatives(let id, let selected) = pressState, let key = key(id: id) else { return nil }
        return AlternativesPopup(keyID: id, labels: key.alternatives.map(label(for:)), selectedIndex: selected)
    }

    private func resolve(_ layoutKey: KeypadLayout.Key, onPage pageID: String, localized: Bool = true) -> KeypadKey {
        let key = scrambled(layoutKey, onPage: pageID)
        var resolved = KeypadKey(
            id: key.id, action: key.action, label: key.label, accessibleName: key.accessibleName, width: key.width,
            role: key.role, alternatives: key.alternatives, isEnabled: boundInput != nil)
        if localized, let nameKey = key.accessibleNameKey {
            resolved.accessibleName = KeypadStrings.string(nameKey, locale: locale)
        }
        switch key.action {
        case .decimalSeparator:
            if localized { resolved.label = decimalSeparator }
            resolved.isEnabled = canInsertDecimalSeparator
        case .return:
            if localized {
                resolved.label = returnKeyTitle
                resolved.accessibleName = returnKeyTitle
            }
            resolved.isEnabled = isReturnKeyEnabled
        default:
            break
        }
        return resolved
    }

    private func label(for action: KeyAction) -> String {
        switch action {
        case .insert(let text): text
        case .decimalSeparator: decimalSeparator
        default: ""
        }
    }

    // MARK: - Pressing keys

    /// The instant the keypad next needs ``advance(to:)``; nil while nothing is timed.
    ///
    /// Renderers schedule a one-shot timer only while this is non-nil: an idle keypad
    /// runs no timer at all.
    public var nextDeadline: Duration? {
        switch pressState {
        case .repeatingDelete(_, let deadline), .awaitingLongPress(_, let deadline): deadline
        default: nil
        }
    }

    /// A finger or pointer went down on the key `id` at `time` (any monotonic origin).
    ///
    /// Keys act now, on press, unless they have long-press alternatives; backspace
    /// starts repeating after ``KeyTiming/repeatDelay``.
    public func pressKey(_ id: String, at time: Duration) {
        cancelPress()
        guard boundInput != nil, let key = keyToPress(id: id) else { return }
        guard key.isEnabled else {
            notify(.keyRejected(eventID(id, for: key.action)))
            return
        }
        guard key.actsOnPress else {
            pressState = .awaitingLongPress(keyID: id, deadline: time + timing.longPressDelay)
            return
        }
        pressState =
            key.action == .deleteBackward
            ? .repeatingDelete(keyID: id, deadline: time + timing.repeatDelay) : .acted(keyID: id)
        perform(key)
    }

    /// The finger or pointer came up from the key `id`.
    public func releaseKey(_ id: String, at time: Duration) {
        switch pressState {
        case .awaitingLongPress(let held, _) where held == id:
            pressState = .idle
            if let key = keyToPress(id: id) { perform(key) }
        case .showingAlternatives(let held, let selected) where held == id:
            pressState = .idle
            notify(.alternatives)
            if let key = keyToPress(id: id), key.alternatives.indices.contains(selected) {
                perform(key.alternatives[selected], keyID: id)
            }
        case .acted(let held) where held == id, .repeatingDelete(let held, _) where held == id:
            pressState = .idle
        default:
            break
        }
    }

    /// Presses and releases `id` at once, as a quick tap.
    public func tapKey(_ id: String, at time: Duration = .zero) {
        pressKey(id, at: time)
        releaseKey(id, at: time)
    }

    /// Moves the highlighted alternative while they are offered.
    public func selectAlternative(_ index: Int) {
        guard case .showingAlternatives(let id, let selected) = pressState, index != selected,
            let key = keyToPress(id: id), key.alternatives.indices.contains(index)
        else { return }
        pressState = .showingAlternatives(keyID: id, selected: index)
        notify(.alternatives)
    }

    /// Abandons the press under way without acting (the finger slid off the keypad).
    public func cancelPress() {
        let hadAlternatives = if case .showingAlternatives = pressState { true } else { false }
        pressState = .idle
        if hadAlternatives { notify(.alternatives) }
    }

    /// Runs what is due at `time`: one backspace repeat, or the long press.
    ///
    /// A late call runs one repeat, not a burst of the ones it missed.
    public func advance(to time: Duration) {
        switch pressState {
        case .repeatingDelete(let id, let deadline) where time >= deadline:
            var next = deadline + timing.repeatInterval
            if next <= time { next = time + timing.repeatInterval }
            pressState = .repeatingDelete(keyID: id, deadline: next)
            if let key = keyToPress(id: id) { perform(key) }
        case .awaitingLongPress(let id, let deadline) where time >= deadline:
            guard let key = keyToPress(id: id) else {
                pressState = .idle
                return
            }
            if key.alternatives.count == 1 {
                pressState = .acted(keyID: id)
                perform(key.alternatives[0], keyID: id)
            } else {
                pressState = .showingAlternatives(keyID: id, selected: 0)
                notify(.alternatives)
            }
        default:
            break
        }
    }

    private func perform(_ key: KeypadKey) {
        perform(key.action, keyID: key.id)
    }

    private func perform(_ action: KeyAction, keyID: String) {
        guard let input = boundInput else { return }
        let layoutToShow: KeypadLayout?
        switch action {
        case .switchLayout(let id): layoutToShow = try? switchCatalog.layout(id: id)
        default: layoutToShow = nil
        }
        var refused = action == .decimalSeparator && !canInsertDecimalSeparator
        if case .switchLayout = action, layoutToShow == nil { refused = true }
        guard !refused else {
            notify(.keyRejected(eventID(keyID, for: action)))
            return
        }
        notify(.keyActivated(eventID(keyID, for: action)))
        switch action {
        case .insert(let text): input.insertText(text)
        case .deleteBackward: input.deleteBackward()
        case .return: input.performReturn()
        case .dismiss: input.resignFirstResponder()
        case .switchPage(let page): showPage(page)
        case .switchLayout: if let layoutToShow { switchLayout(to: layoutToShow) }
        case .decimalSeparator: input.insertText(decimalSeparator)
        }
    }

    /// Where switch keys find their layouts: the bound input's scope's catalog (its
    /// override directory, then the bundled layouts), else the keypad's own scope's.
    private var switchCatalog: LayoutCatalog {
        ((boundInput as? Responder)?.scope ?? scope)?.layoutCatalog ?? LayoutCatalog()
    }

    /// The id a key's event carries: ``Keypad/concealedKeyID`` when the key types into a secure input.
    private func eventID(_ keyID: String, for action: KeyAction) -> String {
        guard boundInput?.textInputTraits.isSecureTextEntry == true else { return keyID }
        switch action {
        case .insert, .decimalSeparator: return Self.concealedKeyID
        default: return keyID
        }
    }
}
