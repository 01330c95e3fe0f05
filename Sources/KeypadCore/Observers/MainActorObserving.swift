import Foundation

/// Observes `name` on `center` and hands each notification to `handler` on the main
/// actor (posts happen there: the models are main-actor isolated). The one place the
/// package turns NotificationCenter's nonisolated block into main-actor code.
/// - Returns: the token to pass to `center.removeObserver(_:)`.
package func observeOnMainActor(
    _ name: Notification.Name, on center: NotificationCenter, _ handler: @escaping @MainActor (Notification) -> Void
) -> any NSObjectProtocol {
    center.addObserver(forName: name, object: nil, queue: nil) { note in
        nonisolated(unsafe) let note = note
        MainActor.assumeIsolated { handler(note) }
    }
}
