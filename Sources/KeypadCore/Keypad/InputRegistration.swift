import Foundation

/// One class of input a keypad observes: its begin/end notification names and the
/// observers the keypad added for them, so that unregistering removes exactly those.
@MainActor
struct InputRegistration {
    /// The pair of names that identifies a registration.
    struct Names: Equatable {
        let begin: Notification.Name
        let end: Notification.Name
    }

    let names: Names
    let tokens: [any NSObjectProtocol]

    func stopObserving(_ center: NotificationCenter) {
        for token in tokens { center.removeObserver(token) }
    }
}
