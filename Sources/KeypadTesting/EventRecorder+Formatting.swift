import Foundation
import KeypadCore

/// How the recorder writes inputs, text, ranges, frames and keys.
extension EventRecorder {
    /// What a secure input's text, ranges and text keys print as.
    public static let secureMarker = "<secure>"

    /// The name an input goes by in the trace.
    public static func name(of input: TextResponder) -> String {
        input.accessibilityLabel ?? input.placeholder ?? "\(type(of: input))#\(input.tag)"
    }

    /// `text` in quotes, escaped so that it stays on one line; ``secureMarker`` for a
    /// secure input, which reveals neither the text nor its length.
    public static func quoted(_ text: String, of input: TextResponder) -> String {
        input.isSecureTextEntry ? secureMarker : "\"\(escaped(text))\""
    }

    /// `text` with `\`, `"`, line breaks, tabs and other control or separator characters
    /// written as escapes (`\\`, `\"`, `\n`, `\r`, `\t`, `\u{2028}`).
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator:
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A proposed edit: its UTF-16 range and its quoted replacement, followed by
    /// `marking` when it is a composition step (``TextResponder/isProposingCompositionStep``),
    /// or ``secureMarker`` alone for a secure input (a range would tell the text's length).
    static func describeEdit(_ range: NSRange, _ replacement: String, of input: TextResponder) -> String {
        guard !input.isSecureTextEntry else { return secureMarker }
        let edit = "\(describe(range)) \(quoted(replacement, of: input))"
        return input.isProposingCompositionStep ? "\(edit) marking" : edit
    }

    /// ` marked {location,length}` while the input has marked text, else nothing; never
    /// for a secure input (which does not compose).
    static func describeMarkedText(of input: TextResponder) -> String {
        guard !input.isSecureTextEntry, let range = input.markedTextRange else { return "" }
        return " marked \(describe(range))"
    }

    /// The input's selection, or ``secureMarker`` for a secure input.
    static func describeSelection(of input: TextResponder) -> String {
        input.isSecureTextEntry ? secureMarker : describe(input.selectedRange)
    }

    static func describe(_ event: ControlEvents, of field: TextField) -> String {
        let name = name(of: field)
        return event == .editingChanged
            ? "\(name) \(event) \(quoted(field.text, of: field))\(describeMarkedText(of: field))"
            : "\(name) \(event)"
    }

    static func describe(_ range: NSRange) -> String { "{\(range.location),\(range.length)}" }

    static func describe(_ rect: CGRect) -> String {
        func number(_ value: CGFloat) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", Double(value))
        }
        return "(\(number(rect.minX)),\(number(rect.minY)),\(number(rect.width)),\(number(rect.height)))"
    }

    /// A key as a trace prints it: a text key's label in quotes (``secureMarker`` while the
    /// keypad serves a secure input), any other key's accessible name.
    static func describeKey(_ id: String, of keypad: Keypad) -> String {
        // The keypad itself conceals which key typed into a secure input.
        if id == Keypad.concealedKeyID { return secureMarker }
        guard let key = keypad.key(id: id) else { return id }
        switch key.action {
        case .insert, .decimalSeparator:
            let secure = keypad.boundInput?.textInputTraits.isSecureTextEntry ?? false
            return secure ? secureMarker : "\"\(escaped(key.label))\""
        default:
            return key.accessibleName
        }
    }
}
