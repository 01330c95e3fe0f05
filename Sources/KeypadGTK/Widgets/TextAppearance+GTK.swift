import KeypadCore

extension BorderStyle {
    /// The CSS class a theme styles for this border.
    var cssClass: String {
        switch self {
        case .none: "keypad-border-none"
        case .line: "keypad-border-line"
        case .bezel: "keypad-border-bezel"
        case .roundedRect: "keypad-border-rounded-rect"
        }
    }
}

extension TextAlignment {
    /// GtkEntry's xalign (0 left, 0.5 centre, 1 right).
    var xAlign: Double {
        switch self {
        case .left, .natural, .justified: 0
        case .center: 0.5
        case .right: 1
        }
    }
}
