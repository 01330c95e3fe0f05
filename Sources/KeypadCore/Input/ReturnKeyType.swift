/// The title and behaviour of a keypad's return key, one case for each of UIKit's.
///
/// Titles are localized from `Resources/<language>.lproj/Keypad.strings`; see
/// ``KeypadStrings``.
public enum ReturnKeyType: String, CaseIterable, Sendable, Codable {
    case `default`
    case go
    case google
    case join
    case next
    case route
    case search
    case send
    case yahoo
    case done
    case emergencyCall
    case `continue`
}
