/// A layout file that cannot be used: what kind of problem, in which file, where in
/// it, and what exactly.
///
/// Its ``description`` is one line, safe to print: control characters (ESC, newline,
/// NUL) are escaped and quoted values are cut short, so a hostile file can neither
/// forge extra lines in a log nor flood it.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    /// The kinds of problem, one name each.
    public enum Kind: String, Sendable, CaseIterable {
        /// The file cannot be read (missing, a directory, no permission).
        case unreadable
        /// The file is larger than ``KeypadLayout/Limits/maximumFileBytes``; it was not read.
        case fileTooLarge
        /// The file is not JSON (or not UTF-8).
        case invalidJSON
        /// Arrays and objects nest deeper than any layout needs.
        case tooDeep
        /// An object names the same member twice.
        case duplicateMember
        /// A value has the wrong JSON type (a boolean where a number belongs, say).
        case wrongType
        /// A field the format does not know.
        case unknownField
        /// A required field is missing.
        case missingField
        /// A page or row without anything in it.
        case empty
        /// A number outside its allowed range (widths, row height).
        case outOfRange
        /// More pages, rows, keys or alternatives than the limits allow.
        case tooMany
        /// A string longer than its limit.
        case tooLong
        /// A control character (NUL, ESC, newline...) in a string.
        case controlCharacter
        /// An action, role or keyboard type the format does not know.
        case unknownName
        /// A page id, key id or accessible name used twice.
        case duplicateName
        /// A switch key naming a page the layout does not have.
        case missingPage
        /// No layout file has the name asked for.
        case noSuchLayout
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The file's name (its last path component), or the name given to `decode`.
    public var fileName: String
    /// The line (from 1) of the value at fault, or nil for a problem with the whole file.
    public var line: Int?
    /// The column (from 1, in bytes) of the value at fault, or nil with ``line``.
    public var column: Int?
    /// What is wrong, e.g. `row 2 of page "digits" is empty`.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, fileName: String, line: Int? = nil, column: Int? = nil, problem: String) {
        self.kind = kind
        self.fileName = fileName
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// The longest ``description``, in characters; longer ones are cut with "…".
    public static let maximumDescriptionLength = 240

    /// `<file>:<line>:<column>: <problem> (<kind>)` on one line, escaped and capped.
    public var description: String {
        var place = LayoutText.escaped(fileName, limit: 64)
        if let line, let column { place += ":\(line):\(column)" }
        let text = "\(place): \(LayoutText.escaped(problem, limit: Self.maximumDescriptionLength)) (\(kind.rawValue))"
        return LayoutText.escaped(text, limit: Self.maximumDescriptionLength)
    }
}

/// Escaping for text that came from a file and goes into a message.
enum LayoutText {
    /// `text` with control characters escaped (`\n`, `\u{1B}`) and cut to `limit` characters.
    static func escaped(_ text: String, limit: Int) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar {
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case _ where scalar.properties.generalCategory == .control || isLineBreaking(scalar):
                piece = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: piece = String(scalar)
            }
            guard count + piece.unicodeScalars.count <= limit else { return result + "…" }
            result += piece
            count += piece.unicodeScalars.count
        }
        return result
    }

    /// Separators that end a line in some terminals or logs besides the control characters.
    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }
}

/// A value from the file quoted for a message: escaped and at most 40 characters.
func quoted(_ text: String) -> String {
    "\"\(LayoutText.escaped(text, limit: 40))\""
}
