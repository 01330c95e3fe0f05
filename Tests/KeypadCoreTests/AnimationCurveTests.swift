import Foundation
import Testing

@testable import KeypadCore

@Suite("Keyboard animation curves")
struct AnimationCurveTests {
    @Test("every curve starts at 0, ends at 1 and never goes back", arguments: KeyboardAnimationCurve.allCases)
    func monotonic(curve: KeyboardAnimationCurve) {
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        let samples = (0...100).map { curve.progress(at: Double($0) / 100) }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("fractions outside 0…1 clamp")
    func clamps() {
        #expect(KeyboardAnimationCurve.easeOut.progress(at: -0.5) == 0)
        #expect(KeyboardAnimationCurve.easeOut.progress(at: 3) == 1)
        #expect(KeyboardAnimationCurve.linear.progress(at: .nan) == 1)
    }

    @Test("shapes: ease-out leads linear, ease-in lags it, ease-in-out crosses at the middle")
    func shapes() {
        #expect(KeyboardAnimationCurve.linear.progress(at: 0.25) == 0.25)
        #expect(KeyboardAnimationCurve.easeOut.progress(at: 0.25) > 0.5)
        #expect(KeyboardAnimationCurve.easeIn.progress(at: 0.25) < 0.05)
        #expect(abs(KeyboardAnimationCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-12)
        #expect(KeyboardAnimationCurve.keyboard.progress(at: 0.25) > KeyboardAnimationCurve.easeOut.progress(at: 0.25))
    }
}
