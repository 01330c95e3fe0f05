/// The last resort when no layout file can be read: a plain number pad built in code.
enum BuiltInLayouts {
    static let numberPad: KeypadLayout = {
        func digit(_ value: String) -> KeypadLayout.Key {
            KeypadLayout.Key(
                id: value, action: .insert(value), label: value, accessibleName: value, accessibleNameKey: nil,
                width: 1, role: .digit, alternatives: [])
        }
        let delete = KeypadLayout.Key(
            id: "delete", action: .deleteBackward, label: "⌫", accessibleName: "Delete",
            accessibleNameKey: "key.delete", width: 1, role: .delete, alternatives: [])
        let returnKey = KeypadLayout.Key(
            id: "return", action: .return, label: "", accessibleName: "Return", accessibleNameKey: "return.default",
            width: 1, role: .returnKey, alternatives: [])
        let rows = [
            ["1", "2", "3"].map(digit), ["4", "5", "6"].map(digit), ["7", "8", "9"].map(digit),
            [returnKey, digit("0"), delete],
        ]
        return KeypadLayout(
            id: "builtInNumberPad", keyboardTypes: [.numberPad], rowHeight: 54,
            pages: [KeypadLayout.Page(id: "digits", rows: rows)])
    }()
}
