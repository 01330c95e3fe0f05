import Foundation

extension Keypad {
    /// A fresh scrambled order: on each page, the digit keys trade their contents — digit,
    /// label, accessible name and long-press alternatives — among themselves, so every page
    /// still shows each of its digits once and a long press still offers what belongs to
    /// the digit shown (the phone pad's `+` moves with its `0`).
    ///
    /// - Returns: for each page id, for each digit key's id, the key whose contents it shows.
    func makeScrambledDigits() -> [String: [String: KeypadLayout.Key]] {
        var scrambled: [String: [String: KeypadLayout.Key]] = [:]
        for page in layout.pages {
            let digits = page.rows.joined().filter(Self.isScramblable)
            guard digits.count > 1 else { continue }
            let shuffled = digits.shuffled(using: &random)
            scrambled[page.id] = Dictionary(zip(digits.map(\.id), shuffled), uniquingKeysWith: { first, _ in first })
        }
        return scrambled
    }

    /// Whether the digits should be scrambled now: the keypad scrambles for secure inputs
    /// and the bound input is secure.
    var wantsScrambledDigits: Bool {
        scramblesDigitsForSecureInput && boundInput?.textInputTraits.isSecureTextEntry == true
    }

    /// Scrambles the digits when the bound input turned secure (or the keypad began to
    /// scramble), restores them when it stopped; an order already shown stays as it is.
    ///
    /// - Returns: whether the keys changed.
    @discardableResult
    func updateScrambling() -> Bool {
        let wanted = wantsScrambledDigits
        guard wanted == scrambledDigits.isEmpty else { return false }
        let scrambled = wanted ? makeScrambledDigits() : [:]
        guard scrambled != scrambledDigits else { return false }
        scrambledDigits = scrambled
        return true
    }

    /// `key` as it shows in its place on page `pageID`: while scrambled, a digit key keeps
    /// its id, width and role and takes another digit key's contents.
    func scrambled(_ key: KeypadLayout.Key, onPage pageID: String) -> KeypadLayout.Key {
        guard !scrambledDigits.isEmpty, let source = scrambledDigits[pageID]?[key.id] else { return key }
        var shown = key
        shown.action = source.action
        shown.label = source.label
        shown.accessibleName = source.accessibleName
        shown.accessibleNameKey = source.accessibleNameKey
        shown.alternatives = source.alternatives
        return shown
    }

    private static func isScramblable(_ key: KeypadLayout.Key) -> Bool {
        guard key.role == .digit, case .insert = key.action else { return false }
        return true
    }
}
