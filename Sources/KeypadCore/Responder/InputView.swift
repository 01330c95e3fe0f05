import Foundation

/// A view that takes the keypad's place at the bottom of the scope while its responder is first.
///
/// ``Keypad`` is the usual one; the keyboard host only needs its height to
/// compute the frames that keyboard notifications carry.
@MainActor
public protocol InputView: AnyObject {
    /// The height the view wants, in the scope's units (points or pixels).
    var preferredHeight: CGFloat { get }
}

/// A view shown above the input view, such as the prev / next / done ``AccessoryToolbar``.
@MainActor
public protocol InputAccessoryView: AnyObject {
    /// The height the view wants, in the scope's units.
    var preferredHeight: CGFloat { get }
}
