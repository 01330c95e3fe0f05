/// A token that identifies one registered observer; pass it back to remove the observer.
public struct ObservationToken: Hashable, Sendable {
    let id: Int
}

/// Closures called in registration order whenever a model changes.
///
/// ``notify(_:)`` calls a copy of the entries, so an observer may add or remove observers
/// (they take effect at the next change).
@MainActor
final class ObserverList<Change> {
    private var nextID = 0
    private var entries: [(id: Int, handler: @MainActor (Change) -> Void)] = []

    func add(_ handler: @escaping @MainActor (Change) -> Void) -> ObservationToken {
        nextID += 1
        entries.append((nextID, handler))
        return ObservationToken(id: nextID)
    }

    func remove(_ token: ObservationToken) {
        entries.removeAll { $0.id == token.id }
    }

    var isEmpty: Bool { entries.isEmpty }

    func notify(_ change: Change) {
        let entries = self.entries
        for entry in entries { entry.handler(change) }
    }
}
