import Foundation

/// The keys of the page a keypad shows, by id (the first of a duplicated id wins, as a
/// search would): a press finds its key's action and alternatives without copying keys.
///
/// The ids sit in a small open-addressing table on an FNV-1a hash of their UTF-8: a
/// press's lookup costs tens of instructions where a `Dictionary`'s seeded SipHash of a
/// `String` cost about 500, a tenth of the keypad's own share of a tap.
final class ShownKeys {
    let pageID: String
    let keys: [KeypadLayout.Key]
    /// Each key's action and alternatives, apart, so a press copies only what it needs.
    let actions: [KeyAction]
    let alternatives: [[KeyAction]]
    private let ids: [String]
    /// A position in ``keys`` plus one for each slot, 0 for an empty slot; a power of two
    /// at least twice the keys long, so every probe ends at an empty slot.
    private let slots: [Int]

    init(_ page: KeypadLayout.Page) {
        pageID = page.id
        keys = Array(page.rows.joined())
        actions = keys.map(\.action)
        alternatives = keys.map(\.alternatives)
        ids = keys.map(\.id)
        var slots = [Int](repeating: 0, count: max(4, (2 * keys.count).nextPowerOfTwo))
        for (position, id) in ids.enumerated() {
            var slot = Self.hash(id) & (slots.count - 1)
            while slots[slot] != 0, ids[slots[slot] - 1] != id { slot = (slot + 1) & (slots.count - 1) }
            if slots[slot] == 0 { slots[slot] = position + 1 }
        }
        self.slots = slots
    }

    /// The position in ``keys`` of the first key with `id`, if any.
    func position(of id: String) -> Int? {
        var slot = Self.hash(id) & (slots.count - 1)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if ids[entry - 1] == id { return entry - 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    private static func hash(_ id: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

extension Int {
    /// The least power of two at or above the value (1 for values below 2).
    fileprivate var nextPowerOfTwo: Int {
        var power = 1
        while power < self { power <<= 1 }
        return power
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
