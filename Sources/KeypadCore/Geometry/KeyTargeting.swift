import Foundation

/// Which key a press at a point means, for renderers that hit-test keys themselves.
///
/// A press on a key means that key, or nothing when the key is disabled. A press in the
/// keypad's key area that misses every key (the spacing between keys, the padding at the
/// edge) means the nearest enabled key, measured from the point to each key's rectangle,
/// as a finger landing between "5" and "8" means whichever it is closer to. Keys that
/// tie (a press exactly halfway) go to the first in `keys`' order.
public enum KeyTargeting {
    /// A key as drawn: its rectangle and whether it can be pressed.
    public struct Target: Equatable, Sendable {
        public var frame: CGRect
        public var isEnabled: Bool

        public init(frame: CGRect, isEnabled: Bool) {
            self.frame = frame
            self.isEnabled = isEnabled
        }
    }

    /// The position in `keys` of the key a press at `point` means; nil when it means none:
    /// on a disabled key, outside `area`, or with no key enabled.
    ///
    /// - Parameters:
    ///   - point: where the press landed.
    ///   - keys: the keys drawn, in reading order; rectangles are half-open (a point on
    ///     `maxX` is outside).
    ///   - area: the keypad's key area, in the same coordinates.
    public static func key(at point: CGPoint, in keys: [Target], area: CGRect) -> Int? {
        for (index, key) in keys.enumerated() where contains(key.frame, point) {
            return key.isEnabled ? index : nil
        }
        guard contains(area, point) else { return nil }
        var nearest: (index: Int, distance: CGFloat)?
        for (index, key) in keys.enumerated() where key.isEnabled && !key.frame.isEmpty {
            let distance = squaredDistance(from: point, to: key.frame)
            if let best = nearest, best.distance <= distance { continue }
            nearest = (index, distance)
        }
        return nearest?.index
    }

    private static func contains(_ rect: CGRect, _ point: CGPoint) -> Bool {
        point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
    }

    /// The squared distance from `point` to the nearest point of `rect`.
    static func squaredDistance(from point: CGPoint, to rect: CGRect) -> CGFloat {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return dx * dx + dy * dy
    }
}
