import Foundation

extension ResponderScope {
    /// The scope's shared keypad for `type`, created on first use from the scope's
    /// ``layoutCatalog``; types whose layouts are the same file share one keypad.
    ///
    /// A keypad claims only the types the catalog resolves to its layout, so a type is
    /// served by one default keypad of the scope even when an override file serves a
    /// type that a bundled layout lists too.
    public func defaultKeypad(for type: KeyboardType) -> Keypad {
        let layout = layoutCatalog.layout(for: type)
        if let keypad = defaultKeypads[layout.id] {
            claim([type], for: keypad)
            return keypad
        }
        let catalog = layoutCatalog
        let types = Set(layout.keyboardTypes.filter { catalog.layout(for: $0).id == layout.id }).union([type])
        // Made in its locale, so no relabelling (and, on a decimal pad, no number formatter)
        // happens before the keypad is first shown.
        let keypad = Keypad(
            layout: layout, notificationCenter: notificationCenter, locale: defaultKeypadLocale ?? .current)
        keypad.scope = self
        claim(types, for: keypad)
        for registration in inputRegistrations {
            keypad.register(
                didBeginEditing: registration.begin, didEndEditing: registration.end, didChange: registration.change)
        }
        defaultKeypads[layout.id] = keypad
        // A keypad made outside a focus change binds to the input already editing; one made
        // during a change binds on the did-begin notification that follows, in order.
        if !isChangingFocus, let current = firstResponder as? any TextInput { keypad.bindIfServing(current) }
        return keypad
    }

    /// Gives `types` to `keypad` and takes them from the scope's other default keypads
    /// (after the catalog changed, a type may resolve to another layout than before).
    private func claim(_ types: Set<KeyboardType>, for keypad: Keypad) {
        for type in types {
            for other in defaultKeypads.values where other !== keypad { other.removeDefaultKeyboardType(type) }
            keypad.addDefaultKeyboardType(type)
        }
    }

    /// Whether the scope gives `keypad`, one of its default keypads, to `responder`: a
    /// responder of this scope with no input view of its own, whose keyboard type the
    /// keypad claims (or to which ``defaultInputView`` gives it).
    func givesDefaultKeypad(_ keypad: Keypad, to responder: Responder) -> Bool {
        guard responder.scope === self, responder.inputView == nil else { return false }
        if let defaultInputView { return defaultInputView(responder) === keypad }
        return keypad.defaultKeyboardTypes.contains(responder.textInputTraits.keyboardType)
    }

    /// The default keypads created so far.
    public var createdDefaultKeypads: [Keypad] { Array(defaultKeypads.values) }

    /// Registers a third-party input class with every default keypad of this scope, now and
    /// later; registering the same pair of names again does nothing.
    public func registerTextInput(
        didBeginEditing: Notification.Name, didEndEditing: Notification.Name, didChange: Notification.Name? = nil
    ) {
        guard !inputRegistrations.contains(where: { $0.begin == didBeginEditing && $0.end == didEndEditing })
        else { return }
        inputRegistrations.append((didBeginEditing, didEndEditing, didChange))
        for keypad in defaultKeypads.values {
            keypad.register(didBeginEditing: didBeginEditing, didEndEditing: didEndEditing, didChange: didChange)
        }
    }

    /// Undoes ``registerTextInput(didBeginEditing:didEndEditing:didChange:)``; a keypad lets its
    /// input go only if that input was bound through this class's begin notification.
    public func unregisterTextInput(didBeginEditing: Notification.Name, didEndEditing: Notification.Name) {
        inputRegistrations.removeAll { $0.begin == didBeginEditing && $0.end == didEndEditing }
        for keypad in defaultKeypads.values {
            keypad.unregister(didBeginEditing: didBeginEditing, didEndEditing: didEndEditing)
        }
    }
}
