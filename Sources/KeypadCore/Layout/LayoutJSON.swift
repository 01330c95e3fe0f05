/// A JSON value with the line and column where it starts, read by a strict, bounded
/// parser of our own: unlike `JSONSerialization` it tells `true` from `1`, rejects a
/// member given twice, limits nesting, and says where every value is.
struct JSONNode {
    enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// One `"name": value` pair of an object, with where its name starts.
    struct Member {
        var name: String
        var line: Int
        var column: Int
        var value: JSONNode
    }

    var value: Value
    var line: Int
    var column: Int

    /// The value of member `name`, if this is an object that has it.
    subscript(name: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// What the value is, as errors name it ("a string", "a boolean").
    var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// The parser; errors carry the line and column of the offending byte.
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 12

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private let fail: (LayoutError.Kind, String, Int, Int) -> LayoutError

    init(_ bytes: [UInt8], fail: @escaping (LayoutError.Kind, String, Int, Int) -> LayoutError) {
        self.bytes = bytes
        self.fail = fail
    }

    /// Parses the whole input as one value.
    mutating func parseDocument() throws(LayoutError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        let node = try parseValue(depth: 0)
        skipSpace()
        guard offset == bytes.count else { throw error(.invalidJSON, "unexpected text after the top-level value") }
        return node
    }

    private var column: Int { offset - lineStart + 1 }

    private func error(_ kind: LayoutError.Kind, _ problem: String) -> LayoutError {
        fail(kind, problem, line, column)
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(LayoutError) -> JSONNode {
        skipSpace()
        guard offset < bytes.count else { throw error(.invalidJSON, "unexpected end of file") }
        let (startLine, startColumn) = (line, column)
        let value: JSONNode.Value
        switch bytes[offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw error(.tooDeep, "nested deeper than \(Self.maximumDepth) levels")
            }
            value = bytes[offset] == UInt8(ascii: "{") ? try parseObject(depth: depth) : try parseArray(depth: depth)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): value = try literal("true", .bool(true))
        case UInt8(ascii: "f"): value = try literal("false", .bool(false))
        case UInt8(ascii: "n"): value = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default: throw error(.invalidJSON, "unexpected character \(Self.describe(bytes[offset]))")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func literal(_ word: String, _ value: JSONNode.Value) throws(LayoutError) -> JSONNode.Value {
        let utf8 = Array(word.utf8)
        guard bytes.count - offset >= utf8.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw error(.invalidJSON, "unexpected character \(Self.describe(bytes[offset]))")
        }
        offset += utf8.count
        return value
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(LayoutError) {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else {
            throw error(.invalidJSON, offset < bytes.count ? "expected \(what)" : "unexpected end of file")
        }
        offset += 1
    }

    /// Consumes `byte` if it comes next (after white space).
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func parseObject(depth: Int) throws(LayoutError) -> JSONNode.Value {
        offset += 1
        var members: [JSONNode.Member] = []
        var names: Set<String> = []
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            let (nameLine, nameColumn) = (line, column)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error(.invalidJSON, offset < bytes.count ? "expected a member name" : "unexpected end of file")
            }
            let name = try parseString()
            guard names.insert(name).inserted else {
                throw fail(.duplicateMember, "member \(quoted(name)) appears twice in one object", nameLine, nameColumn)
            }
            try expect(UInt8(ascii: ":"), "\":\"")
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(name: name, line: nameLine, column: nameColumn, value: value))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "\",\" or \"}\"")
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(LayoutError) -> JSONNode.Value {
        offset += 1
        var elements: [JSONNode] = []
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue(depth: depth + 1))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "\",\" or \"]\"")
        return .array(elements)
    }

    private mutating func parseString() throws(LayoutError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        while true {
            guard offset < bytes.count else { throw error(.invalidJSON, "unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                try appendUTF8(bytes[runStart..<offset], to: &scalars)
                if byte < 0x20 { throw error(.invalidJSON, "raw control character \(Self.describe(byte)) in a string") }
                offset += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                scalars.append(try parseEscape())
                runStart = offset
            } else {
                offset += 1
            }
        }
    }

    private func appendUTF8(_ run: ArraySlice<UInt8>, to scalars: inout String.UnicodeScalarView) throws(LayoutError) {
        guard !run.isEmpty else { return }
        guard let text = String(validating: run, as: UTF8.self) else {
            throw error(.invalidJSON, "the file is not valid UTF-8")
        }
        scalars.append(contentsOf: text.unicodeScalars)
    }

    private mutating func parseEscape() throws(LayoutError) -> Unicode.Scalar {
        guard offset < bytes.count else { throw error(.invalidJSON, "unterminated string") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if UTF16.isLeadSurrogate(unit) {
                guard take(UInt8(ascii: "\\")), offset < bytes.count, bytes[offset] == UInt8(ascii: "u") else {
                    throw error(.invalidJSON, "a lone surrogate \\u escape")
                }
                offset += 1
                let trail = try hex4()
                guard UTF16.isTrailSurrogate(trail) else { throw error(.invalidJSON, "a lone surrogate \\u escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return scalar }
            } else if let scalar = Unicode.Scalar(UInt32(unit)) {
                return scalar
            }
            throw error(.invalidJSON, "a lone surrogate \\u escape")
        default:
            throw error(.invalidJSON, "unknown escape \\\(Self.describe(byte))")
        }
    }

    private mutating func hex4() throws(LayoutError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Self.hexDigit(bytes[offset]) else {
                throw error(.invalidJSON, "a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number in JSON's grammar (no leading zeros, no `+`, no bare `.`), at most 64 bytes long.
    private mutating func parseNumber() throws(LayoutError) -> Double {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw error(.invalidJSON, "malformed number")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error(.invalidJSON, "malformed number") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits() > 0 else { throw error(.invalidJSON, "malformed number") }
        }
        guard offset - start <= 64 else { throw error(.invalidJSON, "a number longer than 64 characters") }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error(.outOfRange, "the number \(text) is out of range")
        }
        return number
    }

    /// A byte as errors show it: printable ASCII quoted, anything else in hex.
    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "\"\(Character(Unicode.Scalar(byte)))\"" : "0x\(String(byte, radix: 16, uppercase: true))"
    }
}
