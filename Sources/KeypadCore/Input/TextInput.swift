import Foundation

/// What a keypad needs of the input it edits: the editing interface, the traits
/// that choose and shape the keypad, and the return and dismiss actions.
///
/// ``TextField`` and ``TextView`` conform. A third-party input conforms too, posts
/// its own begin/end-editing notifications with itself as the object, and is
/// registered with ``Keypad/register(didBeginEditing:didEndEditing:didChange:)``.
@MainActor
public protocol TextInput: KeyInput {
    /// The keypad the input asks for; nil asks for the default keypad of its keyboard type.
    var inputView: (any InputView)? { get }
    /// The accessory view the input asks for, such as an ``AccessoryToolbar``.
    var inputAccessoryView: (any InputAccessoryView)? { get }
    /// The input's keyboard type, return key and secure flag.
    var textInputTraits: TextInputTraits { get }
    /// The locale whose decimal separator the input uses.
    var locale: Locale { get }
    /// The text; keypads read it only to enforce one decimal separator.
    var text: String { get }
    /// The selection in UTF-16 units.
    var selectedRange: NSRange { get }
    /// Runs the return key's action.
    func performReturn()
    /// Ends editing, as the keypad's dismiss key asks.
    @discardableResult func resignFirstResponder() -> Bool
    /// Commits a composition's marked text before a key types (see
    /// ``TextResponder/commitMarkedText()``); returns whether it was kept. An input
    /// without marked text need not implement it.
    @discardableResult func commitMarkedText() -> Bool
}

extension TextInput {
    /// Nothing is marked in an input that does not compose.
    @discardableResult public func commitMarkedText() -> Bool { true }
}

extension TextResponder: TextInput {}
