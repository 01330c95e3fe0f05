import Foundation

/// The alternatives offered while a key with long-press alternatives is held.
public struct AlternativesPopup: Equatable, Sendable {
    /// The held key.
    public var keyID: String
    /// The alternatives' labels, in order.
    public var labels: [String]
    /// The alternative that acts on release.
    public var selectedIndex: Int
    /// The finger (or the pointer) holding the key.
    public var touch: KeyTouch = .pointer
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
        guard let index = alternativesKeyIndex, case .showingAlternatives(let selected) = heldKeys[index].state,
            case let held = heldKeys[index], let key = key(id: held.keyID)
        else { return nil }
        return AlternativesPopup(
            keyID: held.keyID, labels: key.alternatives.map(label(for:)), selectedIndex: selected, touch: held.touch)
    }

    /// The keys held down now, in the order they were pressed (a key held by two fingers twice).
    public var heldKeyIDs: [String] { heldKeys.map(\.keyID) }

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
        var next: Duration?
        for held in heldKeys {
            guard let deadline = held.deadline else { continue }
            if let earliest = next, earliest <= deadline { continue }
            next = deadline
        }
        return next
    }

    /// A finger or pointer went down on the key `id` at `time` (any monotonic origin).
    ///
    /// Keys act now, on press, unless they have long-press alternatives; backspace
    /// starts repeating after ``KeyTiming/repeatDelay``.
    ///
    /// Fingers overlap when typing fast: each `touch` holds its own key, and keys type in
    /// the order they were pressed. So a press first settles the keys other fingers hold
    /// as their release would: a key waiting for its long press types its own character
    /// (or the alternative on offer) now, and a repeating backspace stops repeating; those
    /// fingers' releases then do nothing. A press from a `touch` that still holds a key
    /// (its release was lost) abandons that key first, as ``cancelPress(touch:)``.
    public func pressKey(_ id: String, at time: Duration, touch: KeyTouch = .pointer) {
        if !heldKeys.isEmpty {
            cancelPress(touch: touch)
            settleHeldKeys()
        }
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
            heldKeys.append(
                HeldKey(touch: touch, keyID: id, state: .awaitingLongPress(deadline: time + timing.longPressDelay)))
            return
        }
        if case .deleteBackward = key.action {
            heldKeys.append(
                HeldKey(touch: touch, keyID: id, state: .repeatingDelete(deadline: time + timing.repeatDelay)))
        } else {
            heldKeys.append(HeldKey(touch: touch, keyID: id, state: .acted))
        }
        perform(key.action, keyID: id, in: input)
    }

    /// The finger or pointer `touch` came up from the key `id`.
    public func releaseKey(_ id: String, at time: Duration, touch: KeyTouch = .pointer) {
        guard let index = heldKeyIndex(touch: touch, keyID: id) else { return }
        let held = heldKeys.remove(at: index)
        switch held.state {
        case .awaitingLongPress:
            if let key = keyToPress(id: id) { perform(key) }
        case .showingAlternatives(let selected):
            notify(.alternatives)
            if let key = keyToPress(id: id), key.alternatives.indices.contains(selected) {
                perform(key.alternatives[selected], keyID: id)
            }
        case .acted, .repeatingDelete:
            break
        }
    }

    /// Every held key that would act on its release acts now, as its release would, and
    /// a repeating backspace stops: another finger came down, and keys type in the order
    /// they were pressed. The fingers stay down, their releases doing nothing.
    private func settleHeldKeys() {
        // One key at a time from the first: acting may turn the page, which lets every key go.
        while let index = firstUnsettledKey() {
            let held = heldKeys[index]
            heldKeys[index].state = .acted
            switch held.state {
            case .acted, .repeatingDelete:
                break
            case .awaitingLongPress:
                if let key = keyToPress(id: held.keyID) { perform(key) }
            case .showingAlternatives(let selected):
                notify(.alternatives)
                if let key = keyToPress(id: held.keyID), key.alternatives.indices.contains(selected) {
                    perform(key.alternatives[selected], keyID: held.keyID)
                }
            }
        }
    }

    /// The first held key whose release would still do something.
    private func firstUnsettledKey() -> Int? {
        for index in heldKeys.indices where heldKeys[index].state != .acted { return index }
        return nil
    }

    /// Where `touch`'s press of `keyID` (any key when nil) is in ``heldKeys``.
    private func heldKeyIndex(touch: KeyTouch, keyID: String? = nil) -> Int? {
        // One read of the array: each access to a stored property is checked for exclusivity.
        let held = heldKeys
        for index in held.indices where held[index].touch == touch {
            if let keyID, held[index].keyID != keyID { continue }
            return index
        }
        return nil
    }

    /// Where the key offering its alternatives is in ``heldKeys``, if one is.
    private var alternativesKeyIndex: Int? {
        let held = heldKeys
        for index in held.indices {
            if case .showingAlternatives = held[index].state { return index }
        }
        return nil
    }

    /// Presses and releases `id` at once, as a quick tap.
    public func tapKey(_ id: String, at time: Duration = .zero) {
        pressKey(id, at: time)
        releaseKey(id, at: time)
    }

    /// Moves the highlighted alternative while they are offered.
    public func selectAlternative(_ index: Int) {
        guard let held = alternativesKeyIndex, case .showingAlternatives(let selected) = heldKeys[held].state,
            index != selected, let key = keyToPress(id: heldKeys[held].keyID), key.alternatives.indices.contains(index)
        else { return }
        heldKeys[held].state = .showingAlternatives(selected: index)
        notify(.alternatives)
    }

    /// Abandons every press under way without acting (the finger slid off the keypad,
    /// the page or the input changed).
    public func cancelPress() {
        guard !heldKeys.isEmpty else { return }
        let hadAlternatives = alternativesKeyIndex != nil
        heldKeys.removeAll(keepingCapacity: true)
        if hadAlternatives { notify(.alternatives) }
    }

    /// Abandons the press of `touch` without acting (its touch sequence was cancelled);
    /// other fingers keep their keys.
    public func cancelPress(touch: KeyTouch) {
        guard let index = heldKeyIndex(touch: touch) else { return }
        let held = heldKeys.remove(at: index)
        if case .showingAlternatives = held.state { notify(.alternatives) }
    }

    /// Runs what is due at `time`: one backspace repeat, or the long press, for each held key.
    ///
    /// A late call runs one repeat, not a burst of the ones it missed.
    public func advance(to time: Duration) {
        guard !heldKeys.isEmpty else { return }
        var due: [HeldKey] = []
        for held in heldKeys {
            if let deadline = held.deadline, deadline <= time { due.append(held) }
        }
        for held in due {
            // Still held as it was? Acting for an earlier key may have let it go (a page turned).
            guard let index = heldKeys.firstIndex(of: held) else { continue }
            advance(heldKeyAt: index, to: time)
        }
    }

    private func advance(heldKeyAt index: Int, to time: Duration) {
        let held = heldKeys[index]
        switch held.state {
        case .repeatingDelete(let deadline):
            var next = deadline + timing.repeatInterval
            if next <= time { next = time + timing.repeatInterval }
            heldKeys[index].state = .repeatingDelete(deadline: next)
            if let key = keyToPress(id: held.keyID) { perform(key) }
        case .awaitingLongPress:
            guard let key = keyToPress(id: held.keyID) else {
                heldKeys.remove(at: index)
                return
            }
            if key.alternatives.count == 1 {
                heldKeys[index].state = .acted
                perform(key.alternatives[0], keyID: held.keyID)
            } else {
                heldKeys[index].state = .showingAlternatives(selected: 0)
                notify(.alternatives)
            }
        case .acted, .showingAlternatives:
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
        case .insert(let text):
            // A key that types commits a composition's marked text first, then types.
            input.commitMarkedText()
            input.insertText(text)
        case .deleteBackward: input.deleteBackward()
        case .return: input.performReturn()
        case .dismiss: input.resignFirstResponder()
        case .switchPage(let page): showPage(page)
        case .switchLayout: if let layoutToShow { switchLayout(to: layoutToShow) }
        case .decimalSeparator:
            input.commitMarkedText()
            input.insertText(decimalSeparator)
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
