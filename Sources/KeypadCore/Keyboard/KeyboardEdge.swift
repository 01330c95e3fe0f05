/// The edge of ``OnScreenKeyboard/screenBounds`` the keypad docks to.
///
/// The bottom is the keypad's place; a keypad that would cover the field being typed into
/// there may dock to the top instead (keypad-osk, #34).
public enum KeyboardEdge: String, Sendable, CaseIterable {
    case bottom
    case top
}
