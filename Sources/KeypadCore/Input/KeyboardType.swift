/// The kind of keypad a text input wants, one case for each of UIKit's keyboard types.
///
/// Each case maps to a layout in `Resources/layouts/`; the numeric pads come first.
public enum KeyboardType: String, CaseIterable, Sendable, Codable {
    /// The default keyboard for the current input method.
    case `default`
    /// A keyboard that shows ASCII characters only.
    case asciiCapable
    /// Numbers and punctuation.
    case numbersAndPunctuation
    /// A keyboard for entering URLs (`.`, `/` and `.com` prominent).
    case url
    /// The digits 0 to 9 and delete.
    case numberPad
    /// Digits with `*`, `#` and `+` for telephone numbers.
    case phonePad
    /// Letters for a name, or a phone pad for a number.
    case namePhonePad
    /// A keyboard for e-mail addresses (`@` and `.` prominent).
    case emailAddress
    /// Digits and the locale's decimal separator.
    case decimalPad
    /// A keyboard with `@` and `#` prominent.
    case twitter
    /// A keyboard for web search terms and URLs.
    case webSearch
    /// A number pad that always shows ASCII digits.
    case asciiCapableNumberPad
    /// A keyboard for alphabetic entry.
    case alphabet
}
