import Foundation

extension ResponderScope {
    /// The scope's shared keypad for `type`, created on first use from the scope's
    /// ``layoutCatalog``; types whose layouts are the same file share one keypad.
    public func defaultKeypad(for type: KeyboardType) -> Keypad {
        let layout = layoutCatalog.layout(for: type)
        if let keypad = defaultKeypads[layout.id] {
            keypad.addDefaultKeyboardType(type)
            return keypad
        }
        let keypad = Keypad(
            layout: layout, notificationCenter: notificationCenter,
            defaultKeyboardTypes: Set(layout.keyboardTypes).union([type]))
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

    /// The default keypads created so far.
    public var createdDefaultKeypads: [Keypad] { Array(defaultKeypads.values) }

    /// Registers a third-party input class with every default keypad of this scope, now and later.
    public func registerTextInput(
        didBeginEditing: Notification.Name, didEndEditing: Notification.Name, didChange: Notification.Name? = nil
    ) {
        inputRegistrations.append((didBeginEditing, didEndEditing, didChange))
        for keypad in defaultKeypads.values {
            keypad.register(didBeginEditing: didBeginEditing, didEndEditing: didEndEditing, didChange: didChange)
        }
    }

    /// Undoes ``registerTextInput(didBeginEditing:didEndEditing:didChange:)``.
    public func unregisterTextInput(didBeginEditing: Notification.Name, didEndEditing: Notification.Name) {
        inputRegistrations.removeAll { $0.begin == didBeginEditing && $0.end == didEndEditing }
        for keypad in defaultKeypads.values {
            keypad.unregister(didBeginEditing: didBeginEditing, didEndEditing: didEndEditing)
        }
    }
}
