import Foundation

/// What renderers draw that depends on the bound input rather than on the layout: the
/// return key's title and enabled state, the decimal key's label and enabled state,
/// and whether keys may show a preview.
struct InputDependentKeyState: Equatable {
    var returnKeyTitle: String
    var isReturnKeyEnabled: Bool
    /// The decimal key's label; nil when the layout has no decimal key.
    var decimalKeyLabel: String?
    var isDecimalKeyEnabled: Bool
    var showsKeyPreview: Bool
}

extension Keypad {
    /// The state of the keys that follow the bound input, now.
    var inputDependentKeyState: InputDependentKeyState {
        InputDependentKeyState(
            returnKeyTitle: returnKeyTitle, isReturnKeyEnabled: isReturnKeyEnabled,
            decimalKeyLabel: hasDecimalKey ? decimalSeparator : nil,
            isDecimalKeyEnabled: hasDecimalKey && canInsertDecimalSeparator, showsKeyPreview: showsKeyPreview)
    }

    /// Something the keys follow may have changed (the input's text, selection, traits or
    /// locale): tells renderers `.keys` only if a key's state really changed, so typing
    /// costs no redraw.
    func refreshInputDependentKeys() {
        guard inputDependentKeyState != shownInputDependentKeyState else { return }
        notifyKeysChanged()
    }

    /// The bound input's text or selection changed: only the state that follows the text
    /// can have changed (whether return is enabled, whether a decimal separator may be
    /// typed); the titles, labels and previews follow traits and locale, which an edit
    /// leaves alone, so a tap does not look up localized strings again.
    /// Only the two flags are compared: the shown state's strings are not copied on a tap.
    func refreshTextDependentKeys() {
        guard let shownReturn = shownInputDependentKeyState?.isReturnKeyEnabled,
            let shownDecimal = shownInputDependentKeyState?.isDecimalKeyEnabled
        else { return refreshInputDependentKeys() }
        guard isReturnKeyEnabled != shownReturn || (hasDecimalKey && canInsertDecimalSeparator) != shownDecimal
        else { return }
        notifyKeysChanged()
    }

    /// Tells renderers `.keys`, remembering the input-dependent state they will now show.
    func notifyKeysChanged() {
        shownInputDependentKeyState = inputDependentKeyState
        notify(.keys)
    }

    /// The bound input reported a change.
    func boundInputChanged(_ change: TextResponder.Change) {
        switch change {
        case .text, .selection:
            refreshTextDependentKeys()
        case .traits:
            updateScrambling()
            refreshInputDependentKeys()
        case .editing, .enabled, .appearance, .views, .markedText:
            break
        }
    }
}
