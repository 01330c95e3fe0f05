/// What keypad-osk shows, from what was asked (#35): a focused field's own pad, the keyboard
/// shown on request (sm.puri.OSK0's SetVisible, `keypad-osk --show`), or nothing.
///
/// A request stands until it is withdrawn (SetVisible(false), `--hide`, a Dismiss key): a
/// field that takes focus meanwhile gets its own pad, and when it loses focus the keyboard
/// comes back. A field's pad dismissed stays hidden until the field's next focus or request.
/// A terminal's field keeps the keyboard shown on request rather than its pad.
nonisolated struct KeyboardRequest: Equatable, Sendable {
    enum Shown: Equatable, Sendable {
        case nothing, fieldPad, keyboard
    }

    /// Whether a keyboard was asked for and not withdrawn since.
    private(set) var isRequested = false
    /// Whether a field that wants a keypad has focus.
    private(set) var fieldHasFocus = false
    /// Whether that field is a terminal's.
    private(set) var fieldIsTerminal = false
    /// Whether that field's pad was hidden (Dismiss, SetVisible(false)) since it took focus.
    private(set) var fieldPadHidden = false

    /// What should be on screen now.
    var shown: Shown {
        if fieldHasFocus, !fieldPadHidden, !(isRequested && fieldIsTerminal) { return .fieldPad }
        return isRequested ? .keyboard : .nothing
    }

    /// A field took focus; `wantsKeypad` is false for one that asks for no on-screen keyboard.
    mutating func focusIn(wantsKeypad: Bool, isTerminal: Bool = false) {
        fieldHasFocus = wantsKeypad
        fieldIsTerminal = isTerminal
        fieldPadHidden = false
    }

    /// The field asked for a keypad, or stopped asking, while focused.
    mutating func fieldWantsKeypad(_ wantsKeypad: Bool) {
        fieldHasFocus = wantsKeypad
    }

    /// The field lost focus, or its app went away.
    mutating func focusOut() {
        fieldHasFocus = false
        fieldPadHidden = false
    }

    /// SetVisible, `--show`, `--hide`: a request, or its withdrawal.
    mutating func setVisible(_ visible: Bool) {
        isRequested = visible
        fieldPadHidden = !visible
    }

    /// A Dismiss key, on the keyboard or on a field's pad: as SetVisible(false).
    mutating func dismissed() {
        setVisible(false)
    }
}
