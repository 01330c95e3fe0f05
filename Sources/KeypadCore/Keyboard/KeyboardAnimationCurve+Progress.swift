import Foundation

extension KeyboardAnimationCurve {
    /// How far along the slide is, from 0 to 1, when `fraction` (0…1) of its
    /// duration has passed. Renderers use it to move the keypad in step with the
    /// curve its keyboard notifications carry.
    public func progress(at fraction: Double) -> Double {
        let t = min(1, max(0, fraction.isNaN ? 1 : fraction))
        switch self {
        case .linear:
            return t
        case .easeIn:
            return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .keyboard:
            // A fast start and a long, soft landing, like UIKit's keyboard curve.
            let u = 1 - t
            return 1 - u * u * u * u * u
        }
    }
}
