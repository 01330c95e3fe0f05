import Foundation
import KeypadCore

/// Observes the keyboard notification `name` on `center`, handing the transition it
/// carries (nil when its userInfo is not one) to `handler` on the main actor.
func keyboardObserver(
    _ name: Notification.Name, on center: NotificationCenter,
    _ handler: @escaping @MainActor (KeyboardTransition?) -> Void
) -> any NSObjectProtocol {
    observeOnMainActor(name, on: center) { note in handler(KeyboardTransition(notification: note)) }
}
