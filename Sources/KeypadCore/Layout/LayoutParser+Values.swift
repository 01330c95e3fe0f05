/// Typed, bounded reads of JSON values, each failing with the value's place in the
/// file: a boolean is not a number, a string has a length limit and no control characters.
extension LayoutParser {
    func fail(_ kind: LayoutError.Kind, _ problem: String, at node: JSONNode?) -> LayoutError {
        LayoutError(kind, fileName: fileName, line: node?.line, column: node?.column, problem: problem)
    }

    func object(_ node: JSONNode, _ what: String) throws(LayoutError) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            throw fail(.wrongType, "\(what) must be an object, not \(node.typeName)", at: node)
        }
        return members
    }

    /// The elements of an array of at most `limit` elements.
    func array(_ node: JSONNode, _ what: String, limit: Int) throws(LayoutError) -> [JSONNode] {
        guard case .array(let elements) = node.value else {
            throw fail(.wrongType, "\(what) must be an array, not \(node.typeName)", at: node)
        }
        guard elements.count <= limit else {
            throw fail(.tooMany, "\(what) has \(elements.count) entries; at most \(limit) are allowed", at: node)
        }
        return elements
    }

    func checkFields(_ members: [JSONNode.Member], allowed: Set<String>, in place: String) throws(LayoutError) {
        if let unknown = members.first(where: { !allowed.contains($0.name) }) {
            throw LayoutError(
                .unknownField, fileName: fileName, line: unknown.line, column: unknown.column,
                problem: "unknown field \(quoted(unknown.name)) in \(place)")
        }
    }

    /// A required, non-empty string.
    func string(_ node: JSONNode?, _ field: String, in place: String, limit: Int, at parent: JSONNode)
        throws(LayoutError)
        -> String
    {
        guard let node else { throw fail(.missingField, "\(place) has no \"\(field)\"", at: parent) }
        guard let text = try optionalString(node, field, in: place, limit: limit), !text.isEmpty else {
            throw fail(.wrongType, "\"\(field)\" in \(place) must be a non-empty string", at: node)
        }
        return text
    }

    /// A string of at most `limit` characters without control characters, if the field is there.
    func optionalString(_ node: JSONNode?, _ field: String, in place: String, limit: Int) throws(LayoutError) -> String?
    {
        guard let node else { return nil }
        guard case .string(let text) = node.value else {
            throw fail(.wrongType, "\"\(field)\" in \(place) must be a string, not \(node.typeName)", at: node)
        }
        try checkText(text, field, in: place, limit: limit, at: node)
        return text
    }

    func checkText(_ text: String, _ field: String, in place: String, limit: Int, at node: JSONNode) throws(LayoutError)
    {
        guard text.utf8.count <= limit * 4, text.count <= limit else {
            throw fail(.tooLong, "\"\(field)\" in \(place) is longer than \(limit) characters", at: node)
        }
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = "U+" + String(control.value, radix: 16, uppercase: true)
            throw fail(.controlCharacter, "\"\(field)\" in \(place) contains the control character \(code)", at: node)
        }
    }

    /// An array of strings, each checked as ``optionalString(_:_:in:limit:)``.
    func optionalStrings(_ node: JSONNode?, _ field: String, in place: String, count: Int, limit: Int)
        throws(LayoutError) -> [String]?
    {
        guard let node else { return nil }
        var texts: [String] = []
        for element in try array(node, "\"\(field)\" in \(place)", limit: count) {
            guard case .string = element.value else {
                throw fail(
                    .wrongType, "\"\(field)\" in \(place) must hold strings, not \(element.typeName)", at: element)
            }
            guard let text = try optionalString(element, field, in: place, limit: limit), !text.isEmpty else {
                throw fail(.wrongType, "\"\(field)\" in \(place) must hold non-empty strings", at: element)
            }
            texts.append(text)
        }
        return texts
    }

    /// A number (not a boolean, not a string) inside `range`, if the field is there.
    func number(_ node: JSONNode?, _ field: String, in place: String, range: ClosedRange<Double>) throws(LayoutError)
        -> Double?
    {
        guard let node else { return nil }
        guard case .number(let value) = node.value else {
            throw fail(.wrongType, "\"\(field)\" in \(place) must be a number, not \(node.typeName)", at: node)
        }
        guard range.contains(value) else {
            throw fail(
                .outOfRange,
                "\"\(field)\" in \(place) is \(value); it must be from \(range.lowerBound) to \(range.upperBound)",
                at: node)
        }
        return value
    }

    func keyboardTypes(_ node: JSONNode?) throws(LayoutError) -> [KeyboardType] {
        guard let node else { return [] }
        var types: [KeyboardType] = []
        for element in try array(node, "\"keyboardTypes\"", limit: KeyboardType.allCases.count) {
            guard case .string(let name) = element.value else {
                throw fail(.wrongType, "\"keyboardTypes\" must hold strings, not \(element.typeName)", at: element)
            }
            guard let type = KeyboardType(rawValue: name) else {
                throw fail(.unknownName, "unknown keyboard type \(quoted(name))", at: element)
            }
            types.append(type)
        }
        return types
    }
}
