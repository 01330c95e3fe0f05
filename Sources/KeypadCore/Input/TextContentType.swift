/// The meaning of the text a field expects, as a hint to keypads and assistive tools.
///
/// An open set of values, as UIKit's `UITextContentType` is; add your own with
/// `TextContentType(rawValue:)`.
public struct TextContentType: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let name = TextContentType(rawValue: "name")
    public static let telephoneNumber = TextContentType(rawValue: "telephoneNumber")
    public static let emailAddress = TextContentType(rawValue: "emailAddress")
    public static let url = TextContentType(rawValue: "url")
    public static let password = TextContentType(rawValue: "password")
    public static let oneTimeCode = TextContentType(rawValue: "oneTimeCode")
    public static let postalCode = TextContentType(rawValue: "postalCode")
    public static let creditCardNumber = TextContentType(rawValue: "creditCardNumber")
}
