import Foundation
import KeypadCore

/// Where keypad-osk's keypad goes (`--position`): always at the bottom or the top edge, or
/// (`auto`) at the bottom unless it would cover the caret there and not at the top.
nonisolated public enum KeypadPosition: String, Sendable, CaseIterable {
    case bottom
    case top
    case auto
}

/// What keypad-osk knows of where the caret of the field being typed into is.
nonisolated public enum CaretClue: Equatable, Sendable {
    /// Nothing: the compositor places no input popup (sway 1.7), or the app gives no caret.
    case unknown
    /// The caret's rectangle and the area the keypad docks in, in the same coordinates (the
    /// screen's, on X11 from a thin module's SetCursorRect).
    case rect(CGRect, area: CGRect)
    /// Where the compositor put keypad-osk's input popup probe, `height` pixels tall, beside
    /// the caret: `flipped` when it put it above the caret, having no room for it below.
    case probe(height: Int, flipped: Bool)

    /// The clue from a `text_input_rectangle`: the caret (`x`, `y`, `width`, `height`) relative
    /// to the probe, `probeHeight` tall. A caret at or below the probe's bottom means the probe
    /// went above it; an empty rectangle is no caret (labwc's when the app gives none).
    public init(x: Int, y: Int, width: Int, height: Int, probeHeight: Int) {
        guard probeHeight > 0, width > 0 || height > 0 else {
            self = .unknown
            return
        }
        self = .probe(height: probeHeight, flipped: y >= probeHeight)
    }
}

/// The edge for the keypad: a pure function of the caret, the keypad's height and the
/// integrator's choice, the same on Wayland (the probe) and X11 (the caret's rectangle).
nonisolated public enum KeypadEdgePolicy {
    /// The edge a keypad `keypadHeight` pixels tall takes for `clue` under `position`;
    /// `current` is kept when the clue cannot tell (a probe of another height than the keypad's,
    /// until the compositor placed it anew).
    ///
    /// `auto`: the bottom, unless a keypad there covers the caret and one at the top does not.
    /// A caret both would cover (a tall keypad, a caret mid-screen) keeps the bottom, and so
    /// does an unknown caret.
    public static func edge(
        for clue: CaretClue, keypadHeight: Int, position: KeypadPosition, current: KeyboardEdge
    ) -> KeyboardEdge {
        switch position {
        case .bottom: return .bottom
        case .top: return .top
        case .auto: break
        }
        switch clue {
        case .unknown:
            return .bottom
        case .rect(let caret, let area):
            let height = CGFloat(max(keypadHeight, 0))
            let coveredAtBottom = caret.maxY > area.maxY - height
            let coveredAtTop = caret.minY < area.minY + height
            return coveredAtBottom && !coveredAtTop ? .top : .bottom
        case .probe(let probeHeight, let flipped):
            // Not flipped: the room below the caret is at least the probe's height (or there is
            // room neither below nor above). Flipped: the room below is less than the probe's.
            if flipped { return probeHeight <= keypadHeight ? .top : current }
            return probeHeight >= keypadHeight ? .bottom : current
        }
    }
}
