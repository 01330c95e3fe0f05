import Foundation

/// Turns a layout file's JSON into a ``KeypadLayout``, rejecting anything it does not
/// know: unknown fields, unknown actions, empty pages or rows, duplicate ids or names.
struct LayoutParser {
    let fileName: String

    private static let layoutFields: Set<String> = ["id", "keyboardTypes", "rowHeight", "pages", "comment"]
    private static let pageFields: Set<String> = ["id", "rows"]
    private static let keyFields: Set<String> = [
        "id", "insert", "action", "switchPage", "switchLayout", "label", "accessibleName", "accessibleNameKey",
        "width", "role", "alternatives",
    ]
    private static let namedActions: [String: KeyAction] = [
        "deleteBackward": .deleteBackward, "return": .return, "dismiss": .dismiss,
        "decimalSeparator": .decimalSeparator,
    ]

    /// Foundation's own account of a JSON error ("Unexpected end of file…", "Invalid
    /// value around character 12."), with the character turned into a line and column.
    static func describeJSONError(_ error: any Error, in data: Data) -> String {
        let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        var message = (debug ?? error.localizedDescription).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        if let range = message.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(message[range].dropFirst("character ".count))
        {
            let prefix = data.prefix(offset)
            let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            message += " (line \(line), column \(column))"
        }
        return message
    }

    func fail(_ problem: String) -> LayoutError { LayoutError(fileName: fileName, problem: problem) }

    func parse(_ data: Data) throws(LayoutError) -> KeypadLayout {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("invalid JSON: \(Self.describeJSONError(error, in: data))")
        }
        guard let object = json as? [String: Any] else { throw fail("the top level must be an object") }
        try checkFields(object, allowed: Self.layoutFields, in: "the layout")
        let id = try string(object["id"], "id", in: "the layout")
        let types = try keyboardTypes(object["keyboardTypes"])
        let rowHeight = try number(object["rowHeight"], "rowHeight", in: "the layout") ?? 54
        guard rowHeight > 0 else { throw fail("rowHeight must be positive") }
        guard let pageObjects = object["pages"] as? [Any] else { throw fail("the layout has no \"pages\" array") }
        guard !pageObjects.isEmpty else { throw fail("the layout has no pages") }
        var pages: [KeypadLayout.Page] = []
        for (index, pageObject) in pageObjects.enumerated() {
            let page = try parsePage(pageObject, index: index + 1)
            guard !pages.contains(where: { $0.id == page.id }) else { throw fail("duplicate page id \"\(page.id)\"") }
            pages.append(page)
        }
        let layout = KeypadLayout(id: id, keyboardTypes: types, rowHeight: rowHeight, pages: pages)
        try checkPageTargets(layout)
        return layout
    }

    private func parsePage(_ value: Any, index: Int) throws(LayoutError) -> KeypadLayout.Page {
        guard let object = value as? [String: Any] else { throw fail("page \(index) must be an object") }
        let id = try string(object["id"], "id", in: "page \(index)")
        let place = "page \"\(id)\""
        try checkFields(object, allowed: Self.pageFields, in: place)
        guard let rowValues = object["rows"] as? [Any] else { throw fail("\(place) has no \"rows\" array") }
        guard !rowValues.isEmpty else { throw fail("\(place) has no rows") }
        var rows: [[KeypadLayout.Key]] = []
        var ids: Set<String> = []
        var names: Set<String> = []
        for (rowIndex, rowValue) in rowValues.enumerated() {
            guard let keyValues = rowValue as? [Any] else {
                throw fail("row \(rowIndex + 1) of \(place) must be an array")
            }
            guard !keyValues.isEmpty else { throw fail("row \(rowIndex + 1) of \(place) is empty") }
            var row: [KeypadLayout.Key] = []
            for keyValue in keyValues {
                let key = try parseKey(keyValue, place: "row \(rowIndex + 1) of \(place)")
                guard ids.insert(key.id).inserted else { throw fail("duplicate key id \"\(key.id)\" in \(place)") }
                guard names.insert(key.accessibleName).inserted else {
                    throw fail("duplicate accessible name \"\(key.accessibleName)\" in \(place)")
                }
                row.append(key)
            }
            rows.append(row)
        }
        return KeypadLayout.Page(id: id, rows: rows)
    }

    private func parseKey(_ value: Any, place: String) throws(LayoutError) -> KeypadLayout.Key {
        guard let object = value as? [String: Any] else { throw fail("a key in \(place) must be an object") }
        let id = try string(object["id"], "id", in: "a key in \(place)")
        let keyPlace = "key \"\(id)\""
        try checkFields(object, allowed: Self.keyFields, in: keyPlace)
        let action = try parseAction(object, keyPlace: keyPlace)
        let width = try number(object["width"], "width", in: keyPlace) ?? 1
        guard width > 0 else { throw fail("\(keyPlace) has width \(width); widths must be positive") }
        let alternatives = try (optionalStrings(object["alternatives"], "alternatives", in: keyPlace) ?? [])
            .map(KeyAction.insert)
        let labelledAtRunTime = action == .return || action == .decimalSeparator
        let label = try optionalString(object["label"], "label", in: keyPlace) ?? defaultLabel(for: action)
        guard let label, !label.isEmpty || labelledAtRunTime else { throw fail("\(keyPlace) has no label") }
        let nameKey =
            try optionalString(object["accessibleNameKey"], "accessibleNameKey", in: keyPlace)
            ?? defaultNameKey(for: action)
        let explicitName = try optionalString(object["accessibleName"], "accessibleName", in: keyPlace)
        let name = explicitName ?? nameKey.map { KeypadStrings.string($0, locale: Locale(identifier: "en")) } ?? label
        guard !name.isEmpty else { throw fail("\(keyPlace) has no accessible name") }
        let role: KeyRole
        if let roleName = try optionalString(object["role"], "role", in: keyPlace) {
            guard let parsed = KeyRole(rawValue: roleName) else {
                throw fail("\(keyPlace) has unknown role \"\(roleName)\"")
            }
            role = parsed
        } else {
            role = inferredRole(for: action)
        }
        return KeypadLayout.Key(
            id: id, action: action, label: label, accessibleName: name,
            accessibleNameKey: explicitName == nil ? nameKey : nil, width: width, role: role, alternatives: alternatives
        )
    }

    private func parseAction(_ object: [String: Any], keyPlace: String) throws(LayoutError) -> KeyAction {
        let forms = ["insert", "action", "switchPage", "switchLayout"].filter { object[$0] != nil }
        guard forms.count == 1 else {
            throw fail("\(keyPlace) needs exactly one of \"insert\", \"action\", \"switchPage\", \"switchLayout\"")
        }
        let value = try string(object[forms[0]], forms[0], in: keyPlace)
        switch forms[0] {
        case "insert": return .insert(value)
        case "switchPage": return .switchPage(value)
        case "switchLayout": return .switchLayout(value)
        default:
            guard let action = Self.namedActions[value] else {
                throw fail("unknown action \"\(value)\" for \(keyPlace)")
            }
            return action
        }
    }

    /// The label a key gets without one; nil where the file must give it.
    private func defaultLabel(for action: KeyAction) -> String? {
        switch action {
        case .insert(let text): text
        case .deleteBackward: "⌫"
        case .return, .decimalSeparator: ""
        case .dismiss, .switchPage, .switchLayout: nil
        }
    }

    private func defaultNameKey(for action: KeyAction) -> String? {
        switch action {
        case .deleteBackward: "key.delete"
        case .decimalSeparator: "key.decimalSeparator"
        case .dismiss: "key.dismiss"
        case .return: "return.default"
        case .insert(" "): "key.space"
        default: nil
        }
    }

    private func inferredRole(for action: KeyAction) -> KeyRole {
        switch action {
        case .insert(let text) where text.count == 1 && text.first?.isASCII == true && text.first?.isNumber == true:
            .digit
        case .insert(" "): .space
        case .insert: .character
        case .deleteBackward: .delete
        case .return: .returnKey
        case .dismiss: .dismiss
        case .switchPage, .switchLayout: .modifier
        case .decimalSeparator: .decimalSeparator
        }
    }

    private func checkPageTargets(_ layout: KeypadLayout) throws(LayoutError) {
        for page in layout.pages {
            for key in page.rows.joined() {
                if case .switchPage(let target) = key.action, layout.page(id: target) == nil {
                    throw fail("key \"\(key.id)\" switches to page \"\(target)\", which does not exist")
                }
            }
        }
    }
}
