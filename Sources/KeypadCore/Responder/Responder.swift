import Foundation

/// An object that can take the focus of a ``ResponderScope`` and receive key input.
///
/// As with UIKit's `UIResponder`, at most one responder in a scope is the
/// *first responder*. ``TextField`` and ``TextView`` subclass it; the scope
/// asks the hooks below in the order that DESIGN.md fixes.
@MainActor
open class Responder {
    /// The scope (window or scene) the responder belongs to; nil until added to one.
    public internal(set) weak var scope: ResponderScope?

    /// The view shown in place of the keypad while this responder is first; nil
    /// means the scope's default keypad for ``textInputTraits``.
    open var inputView: (any InputView)?

    /// The view shown above the input view, such as an ``AccessoryToolbar``.
    open var inputAccessoryView: (any InputAccessoryView)?

    /// How the responder wants to be edited.
    open var textInputTraits: TextInputTraits { TextInputTraits() }

    /// Creates a responder that belongs to no scope yet.
    public init() {}

    /// Whether the responder is the first responder of its scope.
    public var isFirstResponder: Bool { scope?.firstResponder === self }

    /// Whether the responder may become first responder now.
    ///
    /// Text inputs answer false while disabled and otherwise ask their delegate's
    /// `shouldBeginEditing`: the scope reads this exactly once per attempt.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder may stop being first responder now (the delegate's `shouldEndEditing`).
    open var canResignFirstResponder: Bool { true }

    /// Asks the scope to make this responder first.
    ///
    /// - Returns: whether the responder is first responder afterwards, once any focus
    ///   change asked for during this one has run.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        scope?.makeFirstResponder(self) ?? false
    }

    /// Asks the scope to end this responder's editing.
    ///
    /// - Returns: whether the responder is no longer first responder afterwards, once
    ///   any focus change asked for during this one has run.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let scope, scope.firstResponder === self else { return true }
        return scope.resignFirstResponder(self, force: false)
    }

    /// Called once the responder is first and its keypad is on screen; text inputs
    /// send their did-begin-editing events here.
    open func didBecomeFirstResponder() {}

    /// Called once the responder stopped being first; text inputs send their
    /// did-end-editing events here.
    open func didResignFirstResponder(reason: DidEndEditingReason) {}
}

/// Why editing ended.
public enum DidEndEditingReason: String, Sendable, CaseIterable {
    /// The user or the app ended editing normally (focus moved, return, done).
    case committed
    /// Editing was ended by force: the field was disabled, removed from its scope or destroyed.
    case cancelled
}
