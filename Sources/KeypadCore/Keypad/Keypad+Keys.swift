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

extension Keypad {
    // MARK: - Resolved keys

    /// The rows of the page shown, with run-time labels and enabled states.
    public var rows: [[KeypadKey]] {
        let page = shownPage
        return page.rows.map { $0.map { resolve($0, onPage: page.id) } }
    }

    /// The key with `id` on the page shown, resolved.
    public func key(id: String) -> KeypadKey? {
        let shown = shownKeysIndexed()
        guard let position = shown.position(of: id) else { return nil }
        return resolve(shown.keys[position], onPage: shown.pageID)
    }

    /// The shown page's keys, indexed on the first call after the page or the layout changed.
    ///
    /// The hot path of a press is written without closures: Swift 6 checks the actor of
    /// every main-actor closure handed to a nonisolated function at run time.
    private func shownKeysIndexed() -> ShownKeys {
        if let shownKeys { return shownKeys }
        let shown = ShownKeys(shownPage)
        shownKeys = shown
        return shown
    }

    /// The key with `id` as pressing it needs it: action and alternatives, read in place —
    /// no ``KeypadKey`` with its labels and names is made for a press.
    private func keyToPress(id: String) -> KeyToPress? {
        let shown = shownKeysIndexed()
        guard let position = shown.position(of: id) else { return nil }
        if scrambledDigits.isEmpty {
            return KeyToPress(id: id, action: shown.actions[position], alternatives: shown.alternatives[position])
        }
        let key = scrambled(shown.keys[position], onPage: shown.pageID)
        return KeyToPress(id: id, action: key.action, alternatives: key.alternatives)
    }

    /// Whether a key with `action` can be pressed now, as ``rows`` reports it.
    private func isEnabled(_ action: KeyAction) -> Bool {
        switch action {
        case .decimalSeparator: canInsertDecimalSeparator
        case .return: isReturnKeyEnabled
        default: boundInput != nil
        }
    }

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

    private func resolve(_ layoutKey: KeypadLayout.Key, onPage pageID: String) -> KeypadKey {
        let key = scrambled(layoutKey, onPage: pageID)
        var resolved = KeypadKey(
            id: key.id, action: key.action, label: key.label, accessibleName: key.accessibleName, width: key.width,
            role: key.role, alternatives: key.alternatives, isEnabled: isEnabled(key.action))
        if let nameKey = key.accessibleNameKey {
            resolved.accessibleName = KeypadStrings.string(nameKey, locale: locale)
        }
        switch key.action {
        case .decimalSeparator:
            resolved.label = decimalSeparator
        case .return:
            resolved.label = returnKeyTitle
            resolved.accessibleName = returnKeyTitle
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
        guard let input = boundInput, let key = keyToPress(id: id) else { return }
        let isEnabled =
            switch key.action {
            case .decimalSeparator, .return: isEnabled(key.action)
            default: true
            }
        guard isEnabled else {
            notify(.keyRejected(eventID(id, for: key.action, in: input)))
            return
        }
        guard key.actsOnPress else {
            pressState = .awaitingLongPress(keyID: id, deadline: time + timing.longPressDelay)
            return
        }
        if case .deleteBackward = key.action {
            pressState = .repeatingDelete(keyID: id, deadline: time + timing.repeatDelay)
        } else {
            pressState = .acted(keyID: id)
        }
        perform(key.action, keyID: id, in: input)
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

    private func perform(_ key: KeyToPress) {
        perform(key.action, keyID: key.id)
    }

    private func perform(_ action: KeyAction, keyID: String) {
        guard let input = boundInput else { return }
        perform(action, keyID: keyID, in: input)
    }

    /// Acts for the key `keyID` on `input`, the bound input.
    private func perform(_ action: KeyAction, keyID: String, in input: any TextInput) {
        let layoutToShow: KeypadLayout?
        switch action {
        case .switchLayout(let id): layoutToShow = try? switchCatalog.layout(id: id)
        default: layoutToShow = nil
        }
        var refused = action == .decimalSeparator && !canInsertDecimalSeparator
        if case .switchLayout = action, layoutToShow == nil { refused = true }
        guard !refused else {
            notify(.keyRejected(eventID(keyID, for: action, in: input)))
            return
        }
        notify(.keyActivated(eventID(keyID, for: action, in: input)))
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
    private func eventID(_ keyID: String, for action: KeyAction, in input: any TextInput) -> String {
        guard input.textInputTraits.isSecureTextEntry else { return keyID }
        switch action {
        case .insert, .decimalSeparator: return Self.concealedKeyID
        default: return keyID
        }
    }
}
