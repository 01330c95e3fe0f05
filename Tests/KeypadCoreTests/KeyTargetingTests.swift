import Foundation
import KeypadCore
import Testing

/// Two rows of keys 100 × 50 with 6 px between them, as the GTK keypad draws them:
/// "1" "2" above "4" "5"; "5" is disabled.
private let keys: [KeyTargeting.Target] = [
    .init(frame: CGRect(x: 0, y: 0, width: 100, height: 50), isEnabled: true),  // 1
    .init(frame: CGRect(x: 106, y: 0, width: 100, height: 50), isEnabled: true),  // 2
    .init(frame: CGRect(x: 0, y: 56, width: 100, height: 50), isEnabled: true),  // 4
    .init(frame: CGRect(x: 106, y: 56, width: 100, height: 50), isEnabled: false),  // 5
]
private let area = CGRect(x: -4, y: -4, width: 214, height: 114)
private let names = ["1", "2", "4", "5"]

@Suite("Key targeting: a press means the key under it, or the nearest enabled key")
struct KeyTargetingTests {
    @Test(
        "which key a press at a point means",
        arguments: [
            (CGPoint(x: 50, y: 25), "1", "on a key"),
            (CGPoint(x: 0, y: 0), "1", "on a key's first pixel"),
            (CGPoint(x: 100, y: 25), "1", "in the gap, 0 px past 1 and 6 px before 2"),
            (CGPoint(x: 101, y: 25), "1", "in the gap, 1 px nearer 1"),
            (CGPoint(x: 104, y: 25), "2", "in the gap, 2 px before 2"),
            (CGPoint(x: 103, y: 25), "1", "halfway: the first key in reading order"),
            (CGPoint(x: 50, y: 51), "1", "between rows, nearer the row above"),
            (CGPoint(x: 50, y: 54), "4", "between rows, nearer the row below"),
            (CGPoint(x: 150, y: 80), nil, "on the disabled key"),
            (CGPoint(x: 150, y: 54), "2", "in the gap above the disabled key: the nearest enabled one"),
            (CGPoint(x: 103, y: 80), "4", "in the gap beside the disabled key"),
            (CGPoint(x: -2, y: -2), "1", "in the padding at the corner"),
            (CGPoint(x: 208, y: 108), "2", "in the padding beside the disabled key: 2 beats 4"),
            (CGPoint(x: 300, y: 25), nil, "outside the key area"),
            (CGPoint(x: 50, y: -5), nil, "above the key area"),
        ] as [(CGPoint, String?, String)])
    func target(point: CGPoint, expected: String?, why: String) {
        let index = KeyTargeting.key(at: point, in: keys, area: area)
        #expect(index.map { names[$0] } == expected, "\(why)")
    }

    @Test("no key enabled, or no keys, means no key anywhere")
    func nothingEnabled() {
        let disabled = keys.map { KeyTargeting.Target(frame: $0.frame, isEnabled: false) }
        #expect(KeyTargeting.key(at: CGPoint(x: 103, y: 25), in: disabled, area: area) == nil)
        #expect(KeyTargeting.key(at: CGPoint(x: 103, y: 25), in: [], area: area) == nil)
    }
}
