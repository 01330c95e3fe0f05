import Foundation

/// The keys of the page a keypad shows, by id (the first of a duplicated id wins, as a
/// search would): a press finds its key's action and alternatives without copying keys.
final class ShownKeys {
    let pageID: String
    let keys: [KeypadLayout.Key]
    /// Each key's action and alternatives, apart, so a press copies only what it needs.
    let actions: [KeyAction]
    let alternatives: [[KeyAction]]
    private let positions: [String: Int]

    init(_ page: KeypadLayout.Page) {
        pageID = page.id
        keys = Array(page.rows.joined())
        actions = keys.map(\.action)
        alternatives = keys.map(\.alternatives)
        positions = Dictionary(keys.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position in ``keys`` of the first key with `id`, if any.
    func position(of id: String) -> Int? {
        positions[id]
    }
}

/// What pressing a key needs of it (``KeypadKey`` without the labels and names).
struct KeyToPress {
    var id: String
    var action: KeyAction
    var alternatives: [KeyAction]

    /// Whether the key acts on press, as ``KeypadKey/actsOnPress``.
    var actsOnPress: Bool { alternatives.isEmpty }
}

/// Which finger a press comes from: the pointer, or one touch of a touchscreen. Overlapping
/// presses from different fingers each keep their own key, state and timers.
public struct KeyTouch: Hashable, Sendable {
    /// The finger's number; 0 is the pointer.
    public let id: UInt

    /// The finger numbered `id` (a renderer numbers each touch sequence it follows).
    public init(_ id: UInt) { self.id = id }

    /// The pointer (a mouse, or the one finger a toolkit turns into pointer events).
    public static let pointer = KeyTouch(0)
}

/// One finger (or the pointer) down on a key, and where the keypad is in handling it.
struct HeldKey: Equatable {
    var touch: KeyTouch
    var keyID: String
    var state: State

    enum State: Equatable {
        /// The key acted on press; its release does nothing.
        case acted
        /// Backspace is held; it deletes again at `deadline`.
        case repeatingDelete(deadline: Duration)
        /// A key with alternatives is held; they are offered at `deadline`.
        case awaitingLongPress(deadline: Duration)
        /// The alternatives are offered; the selected one acts on release.
        case showingAlternatives(selected: Int)
    }

    /// The instant the press next needs the keypad's `advance(to:)`, if any.
    var deadline: Duration? {
        switch state {
        case .repeatingDelete(let deadline), .awaitingLongPress(let deadline): deadline
        case .acted, .showingAlternatives: nil
        }
    }
}
