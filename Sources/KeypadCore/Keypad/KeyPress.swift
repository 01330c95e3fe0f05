import Foundation

/// The keys of the page a keypad shows, by id (the first of a duplicated id wins, as a
/// search would): a press finds its key without copying every key of the page.
final class ShownKeys {
    let pageID: String
    let keys: [KeypadLayout.Key]
    /// Each id's place in ``keys``.
    let positions: [String: Int]

    init(_ page: KeypadLayout.Page) {
        pageID = page.id
        keys = Array(page.rows.joined())
        var positions: [String: Int] = [:]
        for (position, key) in keys.enumerated() where positions[key.id] == nil { positions[key.id] = position }
        self.positions = positions
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
