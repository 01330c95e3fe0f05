import Foundation

/// Turns a layout file's JSON into a ``KeypadLayout``, rejecting anything it does not
/// know or that breaks ``KeypadLayout/Limits``: unknown fields, wrong types, duplicate
/// members, unknown actions, empty pages or rows, duplicate ids or names, sizes and
/// counts out of bounds, control characters. Every error says where in the file.
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
    private typealias Limits = KeypadLayout.Limits

    func parse(_ data: Data) throws(LayoutError) -> KeypadLayout {
        guard data.count <= Limits.maximumFileBytes else {
            throw LayoutError(
                .fileTooLarge, fileName: fileName,
                problem: "the file has \(data.count) bytes; at most \(Limits.maximumFileBytes) are read")
        }
        var reader = JSONReader(Array(data)) { kind, problem, line, column in
            LayoutError(kind, fileName: fileName, line: line, column: column, problem: problem)
        }
        let root = try reader.parseDocument()
        let members = try object(root, "the top level")
        try checkFields(members, allowed: Self.layoutFields, in: "the layout")
        _ = try optionalString(root["comment"], "comment", in: "the layout", limit: Limits.maximumCommentLength)
        let id = try string(root["id"], "id", in: "the layout", limit: Limits.maximumIDLength, at: root)
        let types = try keyboardTypes(root["keyboardTypes"])
        let rowHeight = try number(root["rowHeight"], "rowHeight", in: "the layout", range: Limits.rowHeights) ?? 54
        guard let pagesNode = root["pages"] else {
            throw fail(.missingField, "the layout has no \"pages\" array", at: root)
        }
        let pageNodes = try array(pagesNode, "\"pages\"", limit: Limits.maximumPages)
        guard !pageNodes.isEmpty else { throw fail(.empty, "the layout has no pages", at: pagesNode) }
        var pages: [KeypadLayout.Page] = []
        for (index, pageNode) in pageNodes.enumerated() {
            let page = try parsePage(pageNode, index: index + 1)
            guard !pages.contains(where: { $0.id == page.id }) else {
                throw fail(.duplicateName, "duplicate page id \(quoted(page.id))", at: pageNode)
            }
            pages.append(page)
        }
        let layout = KeypadLayout(id: id, keyboardTypes: types, rowHeight: rowHeight, pages: pages)
        try checkPageTargets(layout, pageNodes: pageNodes)
        return layout
    }

    private func parsePage(_ node: JSONNode, index: Int) throws(LayoutError) -> KeypadLayout.Page {
        let members = try object(node, "page \(index)")
        let id = try string(node["id"], "id", in: "page \(index)", limit: Limits.maximumIDLength, at: node)
        let place = "page \(quoted(id))"
        try checkFields(members, allowed: Self.pageFields, in: place)
        guard let rowsNode = node["rows"] else { throw fail(.missingField, "\(place) has no \"rows\" array", at: node) }
        let rowNodes = try array(rowsNode, "\"rows\" of \(place)", limit: Limits.maximumRows)
        guard !rowNodes.isEmpty else { throw fail(.empty, "\(place) has no rows", at: rowsNode) }
        var rows: [[KeypadLayout.Key]] = []
        var ids: Set<String> = []
        var names: Set<String> = []
        for (rowIndex, rowNode) in rowNodes.enumerated() {
            let rowPlace = "row \(rowIndex + 1) of \(place)"
            let keyNodes = try array(rowNode, rowPlace, limit: Limits.maximumKeysPerRow)
            guard !keyNodes.isEmpty else { throw fail(.empty, "\(rowPlace) is empty", at: rowNode) }
            var row: [KeypadLayout.Key] = []
            for keyNode in keyNodes {
                let key = try parseKey(keyNode, place: rowPlace)
                guard ids.insert(key.id).inserted else {
                    throw fail(.duplicateName, "duplicate key id \(quoted(key.id)) in \(place)", at: keyNode)
                }
                guard names.insert(key.accessibleName).inserted else {
                    throw fail(
                        .duplicateName, "duplicate accessible name \(quoted(key.accessibleName)) in \(place)",
                        at: keyNode)
                }
                row.append(key)
            }
            let width = row.reduce(0) { $0 + $1.width }
            guard width <= Limits.maximumRowWidth else {
                throw fail(
                    .outOfRange, "\(rowPlace) is \(width) keys wide; at most \(Limits.maximumRowWidth) are allowed",
                    at: rowNode)
            }
            rows.append(row)
        }
        return KeypadLayout.Page(id: id, rows: rows)
    }

    private func parseKey(_ node: JSONNode, place: String) throws(LayoutError) -> KeypadLayout.Key {
        let members = try object(node, "a key in \(place)")
        let id = try string(node["id"], "id", in: "a key in \(place)", limit: Limits.maximumIDLength, at: node)
        let keyPlace = "key \(quoted(id))"
        try checkFields(members, allowed: Self.keyFields, in: keyPlace)
        let action = try parseAction(node, keyPlace: keyPlace)
        let width = try number(node["width"], "width", in: keyPlace, range: Limits.keyWidths) ?? 1
        let alternatives = try
            (optionalStrings(
                node["alternatives"], "alternatives", in: keyPlace, count: Limits.maximumAlternatives,
                limit: Limits.maximumInsertLength) ?? []).map(KeyAction.insert)
        let labelledAtRunTime = action == .return || action == .decimalSeparator
        let label =
            try optionalString(node["label"], "label", in: keyPlace, limit: Limits.maximumLabelLength)
            ?? defaultLabel(for: action)
        guard let label, !label.isEmpty || labelledAtRunTime else {
            throw fail(.missingField, "\(keyPlace) has no label", at: node)
        }
        try checkText(label, "label", in: keyPlace, limit: Limits.maximumLabelLength, at: node["label"] ?? node)
        let nameKey =
            try optionalString(
                node["accessibleNameKey"], "accessibleNameKey", in: keyPlace, limit: Limits.maximumNameLength)
            ?? defaultNameKey(for: action)
        let explicitName = try optionalString(
            node["accessibleName"], "accessibleName", in: keyPlace, limit: Limits.maximumNameLength)
        let name = explicitName ?? nameKey.map(KeypadStrings.englishString) ?? label
        guard !name.isEmpty else { throw fail(.missingField, "\(keyPlace) has no accessible name", at: node) }
        let role: KeyRole
        if let roleName = try optionalString(node["role"], "role", in: keyPlace, limit: Limits.maximumIDLength) {
            guard let parsed = KeyRole(rawValue: roleName) else {
                throw fail(.unknownName, "\(keyPlace) has unknown role \(quoted(roleName))", at: node["role"])
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

    private func parseAction(_ node: JSONNode, keyPlace: String) throws(LayoutError) -> KeyAction {
        let forms = ["insert", "action", "switchPage", "switchLayout"].filter { node[$0] != nil }
        guard forms.count == 1 else {
            throw fail(
                .missingField,
                "\(keyPlace) needs exactly one of \"insert\", \"action\", \"switchPage\", \"switchLayout\"",
                at: node)
        }
        let limit = forms[0] == "insert" ? Limits.maximumInsertLength : Limits.maximumIDLength
        let value = try string(node[forms[0]], forms[0], in: keyPlace, limit: limit, at: node)
        switch forms[0] {
        case "insert": return .insert(value)
        case "switchPage": return .switchPage(value)
        case "switchLayout": return .switchLayout(value)
        default:
            guard let action = Self.namedActions[value] else {
                throw fail(.unknownName, "unknown action \(quoted(value)) for \(keyPlace)", at: node[forms[0]])
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

    /// Every `switchPage` key names a page of the layout; the error points at the key.
    private func checkPageTargets(_ layout: KeypadLayout, pageNodes: [JSONNode]) throws(LayoutError) {
        for (page, pageNode) in zip(layout.pages, pageNodes) {
            guard case .array(let rowNodes)? = pageNode["rows"]?.value else { continue }
            for (row, rowNode) in zip(page.rows, rowNodes) {
                guard case .array(let keyNodes) = rowNode.value else { continue }
                for (key, keyNode) in zip(row, keyNodes) {
                    if case .switchPage(let target) = key.action, layout.page(id: target) == nil {
                        throw fail(
                            .missingPage,
                            "key \(quoted(key.id)) switches to page \(quoted(target)), which does not exist",
                            at: keyNode["switchPage"])
                    }
                }
            }
        }
    }
}
