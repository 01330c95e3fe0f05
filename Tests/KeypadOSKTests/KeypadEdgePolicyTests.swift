import Foundation
import KeypadCore
import Testing

@testable import KeypadOSK

/// Where keypad-osk's keypad goes for a caret (#34): a pure function of the caret, the keypad's
/// height and `--position`, on a 1280×720 output with a 300 px keypad unless said.
@Suite("The keypad's edge for a caret")
struct KeypadEdgePolicyTests {
    static let output = CGRect(x: 0, y: 0, width: 1280, height: 720)

    static func caret(_ y: CGFloat, height: CGFloat = 20, area: CGRect = output) -> CaretClue {
        .rect(CGRect(x: 100, y: y, width: 2, height: height), area: area)
    }

    /// A second output below the first.
    static let lower = CGRect(x: 0, y: 1080, width: 1280, height: 720)

    @Test(
        "auto with the caret's rectangle",
        arguments: [
            (caret(100), KeyboardEdge.bottom),  // near the top: the bottom is free
            (caret(400), .bottom),  // its bottom at 420: exactly on the keypad's top edge
            (caret(401), .top),  // one pixel under the keypad at the bottom
            (caret(640), .top),  // near the bottom
            (caret(700), .top),  // the last line
            (caret(290), .bottom),  // both would cover (mid-screen, 300 px keypad, bottom at 310)
            (caret(250, height: 250), .bottom),  // a tall caret both would cover
            (caret(1500, area: lower), .top),
            (caret(1200, area: lower), .bottom),
        ])
    func rectangle(_ clue: CaretClue, expected: KeyboardEdge) {
        for current in KeyboardEdge.allCases {
            #expect(KeypadEdgePolicy.edge(for: clue, keypadHeight: 300, position: .auto, current: current) == expected)
        }
    }

    @Test(
        "auto with the compositor's placement of the probe",
        arguments: [
            (CaretClue.probe(height: 300, flipped: false), KeyboardEdge.top, KeyboardEdge.bottom),
            (.probe(height: 300, flipped: true), .bottom, .top),
            (.probe(height: 280, flipped: true), .bottom, .top),  // no room for 280: none for 300
            (.probe(height: 320, flipped: false), .top, .bottom),  // room for 320: room for 300
            (.probe(height: 320, flipped: true), .bottom, .bottom),  // no room for 320 tells nothing of 300
            (.probe(height: 320, flipped: true), .top, .top),
            (.probe(height: 280, flipped: false), .top, .top),  // room for 280 tells nothing either
            (.unknown, .top, .bottom),
        ])
    func probe(_ clue: CaretClue, current: KeyboardEdge, expected: KeyboardEdge) {
        #expect(KeypadEdgePolicy.edge(for: clue, keypadHeight: 300, position: .auto, current: current) == expected)
    }

    @Test("bottom and top hold whatever the caret", arguments: [KeypadPosition.bottom, .top])
    func fixed(_ position: KeypadPosition) {
        let clues: [CaretClue] = [.unknown, Self.caret(650), Self.caret(10), .probe(height: 300, flipped: true)]
        for clue in clues {
            #expect(
                KeypadEdgePolicy.edge(for: clue, keypadHeight: 300, position: position, current: .bottom).rawValue
                    == position.rawValue)
        }
    }

    @Test(
        "the clue from text_input_rectangle (labwc 0.8.3 and sway 1.10 place the probe below the caret, or above)",
        arguments: [
            ((10, -20, 2, 20, 300), CaretClue.probe(height: 300, flipped: false)),  // below: caret above the probe
            ((10, 300, 2, 20, 300), .probe(height: 300, flipped: true)),  // above: caret under its bottom
            ((0, 0, 0, 0, 300), .unknown),  // no caret rectangle from the app
            ((10, 300, 2, 20, 0), .unknown),  // no probe yet
        ])
    func rectangleEvent(_ event: (Int, Int, Int, Int, Int), expected: CaretClue) {
        let clue = CaretClue(x: event.0, y: event.1, width: event.2, height: event.3, probeHeight: event.4)
        #expect(clue == expected)
    }
}
