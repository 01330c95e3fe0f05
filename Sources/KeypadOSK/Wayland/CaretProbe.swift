import CGTK
import CKeypadOSKWayland
import Foundation

/// Where the caret is on Wayland (#34): input-method-v2's input popup surface as a probe as
/// tall as the keypad (`Sources/CKeypadOSKWayland/keypad_osk_popup.c`). Compositors that place
/// input popups (labwc 0.8.3; sway from 1.10) put it below the caret, or above when a box that
/// tall does not fit below, and say which by `text_input_rectangle`; sway 1.7 says nothing,
/// and the keypad stays at the bottom.
@MainActor
enum CaretProbe {
    /// The probe's height until the keypad first shows (a keypad with its toolbar is about that).
    static let initialHeight: Int32 = 300
    private static var placer: KeypadPlacer?

    /// Starts the probe on the input method of `display`; its answers go to `placer`.
    static func start(display: OpaquePointer?, placer: KeypadPlacer) {
        guard placer.position == .auto, Self.placer == nil else { return }
        let started = keypad_osk_popup_start(
            display,
            { _, x, y, width, height, probeHeight in
                MainActor.assumeIsolated {
                    CaretProbe.received(
                        CaretClue(
                            x: Int(x), y: Int(y), width: Int(width), height: Int(height), probeHeight: Int(probeHeight))
                    )
                }
            }, nil)
        guard started != 0 else {
            Log.warning("no input popup surface: the keypad stays at the bottom")
            return
        }
        Self.placer = placer
        keypad_osk_popup_set_height(placer.keypadHeight > 0 ? Int32(placer.keypadHeight) : initialHeight)
        placer.keypadHeightChanged = { keypad_osk_popup_set_height(Int32(clamping: $0)) }
    }

    private static var answered: (() -> Void)?

    /// Has the compositor place the probe by a field just activated (labwc places it only at a
    /// commit) and calls `then` once it answered, its caret (if any) already taken; false (and
    /// no call) without a probe.
    static func refresh(then: @escaping () -> Void) -> Bool {
        guard placer != nil, answered == nil else { return false }
        answered = then
        let asked = keypad_osk_popup_refresh(
            { _ in
                MainActor.assumeIsolated {
                    let then = CaretProbe.answered
                    CaretProbe.answered = nil
                    then?()
                }
            }, nil)
        if asked == 0 { answered = nil }
        return asked != 0
    }

    /// One `text_input_rectangle`. The trace says only below or above: the caret's x would
    /// tell a password's length.
    private static func received(_ clue: CaretClue) {
        switch clue {
        case .probe(let height, let flipped): IMTrace.write("caret \(flipped ? "above" : "below") probe=\(height)")
        default: IMTrace.write("caret unknown")
        }
        placer?.caretMoved(clue)
    }
}
