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

/// Where the keypad is in handling a press.
enum PressState: Equatable {
    case idle
    /// The key acted on press; its release does nothing.
    case acted(keyID: String)
    /// Backspace is held; it deletes again at `deadline`.
    case repeatingDelete(keyID: String, deadline: Duration)
    /// A key with alternatives is held; they are offered at `deadline`.
    case awaitingLongPress(keyID: String, deadline: Duration)
    /// The alternatives are offered; the selected one acts on release.
    case showingAlternatives(keyID: String, selected: Int)
}
