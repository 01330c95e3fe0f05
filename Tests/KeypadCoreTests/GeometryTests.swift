import Foundation
import KeypadCore
import Testing

private let bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
private let left20 = CGSize(width: 20, height: 20)
private let right24 = CGSize(width: 24, height: 24)

/// What shows on the field besides its text.
enum Overlays: String, CaseIterable, Sendable {
    case none, clearButton, leftAndRight, clearAndRight

    func geometry(_ style: BorderStyle) -> TextFieldGeometry {
        TextFieldGeometry(
            bounds: bounds, borderStyle: style,
            leftViewSize: self == .leftAndRight ? left20 : nil,
            rightViewSize: self == .leftAndRight || self == .clearAndRight ? right24 : nil,
            showsClearButton: self == .clearButton || self == .clearAndRight)
    }
}

/// A row of the table: the frames a 200×30 field gets.
struct GeometryCase: Sendable, CustomTestStringConvertible {
    var style: BorderStyle
    var overlays: Overlays
    var text: CGRect
    var clear: CGRect
    var left: CGRect
    var right: CGRect
    var testDescription: String { "\(style), \(overlays)" }

    init(_ style: BorderStyle, _ overlays: Overlays, text: CGRect, clear: CGRect = .zero) {
        self.style = style
        self.overlays = overlays
        self.text = text
        self.clear = clear
        left = overlays == .leftAndRight ? CGRect(x: 0, y: 5, width: 20, height: 20) : .zero
        right =
            overlays == .leftAndRight || overlays == .clearAndRight
            ? CGRect(x: 176, y: 3, width: 24, height: 24) : .zero
    }
}

private func rect(_ x: CGFloat, _ width: CGFloat) -> CGRect { CGRect(x: x, y: 0, width: width, height: 30) }
private let clearAtEdge = CGRect(x: 177, y: 5.5, width: 19, height: 19)
private let clearBeforeRight = CGRect(x: 157, y: 5.5, width: 19, height: 19)

/// Border insets: none 0, line 2, bezel 4, rounded rect 7; the clear button keeps at least 4 from the edge.
private let table: [GeometryCase] = [
    GeometryCase(.none, .none, text: rect(0, 200)),
    GeometryCase(.line, .none, text: rect(2, 196)),
    GeometryCase(.bezel, .none, text: rect(4, 192)),
    GeometryCase(.roundedRect, .none, text: rect(7, 186)),
    GeometryCase(.none, .clearButton, text: rect(0, 177), clear: clearAtEdge),
    GeometryCase(.line, .clearButton, text: rect(2, 175), clear: clearAtEdge),
    GeometryCase(.bezel, .clearButton, text: rect(4, 173), clear: clearAtEdge),
    GeometryCase(.roundedRect, .clearButton, text: rect(7, 167), clear: CGRect(x: 174, y: 5.5, width: 19, height: 19)),
    GeometryCase(.none, .leftAndRight, text: rect(20, 156)),
    GeometryCase(.line, .leftAndRight, text: rect(20, 156)),
    GeometryCase(.bezel, .leftAndRight, text: rect(20, 156)),
    GeometryCase(.roundedRect, .leftAndRight, text: rect(20, 156)),
    GeometryCase(.none, .clearAndRight, text: rect(0, 157), clear: clearBeforeRight),
    GeometryCase(.line, .clearAndRight, text: rect(2, 155), clear: clearBeforeRight),
    GeometryCase(.bezel, .clearAndRight, text: rect(4, 153), clear: clearBeforeRight),
    GeometryCase(.roundedRect, .clearAndRight, text: rect(7, 150), clear: clearBeforeRight),
]

@MainActor
@Suite("Layout rects per border style and overlays")
struct GeometryTests {
    @Test("text, clear button, left and right view frames", arguments: table)
    func frames(_ row: GeometryCase) {
        let geometry = row.overlays.geometry(row.style)
        #expect(geometry.textRect == row.text)
        #expect(geometry.clearButtonRect == row.clear)
        #expect(geometry.leftViewRect == row.left)
        #expect(geometry.rightViewRect == row.right)
    }

    @Test("a left view narrower than the border inset leaves the inset")
    func narrowLeftView() {
        let geometry = TextFieldGeometry(
            bounds: bounds, borderStyle: .roundedRect, leftViewSize: CGSize(width: 4, height: 10), rightViewSize: nil,
            showsClearButton: false)
        #expect(geometry.leftViewRect == CGRect(x: 0, y: 10, width: 4, height: 10))
        #expect(geometry.textRect == rect(7, 186))
    }

    @Test("bounds away from the origin move every frame with them")
    func offsetBounds() {
        let geometry = TextFieldGeometry(
            bounds: CGRect(x: 10, y: 100, width: 200, height: 30), borderStyle: .line, leftViewSize: left20,
            rightViewSize: right24, showsClearButton: true)
        #expect(geometry.leftViewRect == CGRect(x: 10, y: 105, width: 20, height: 20))
        #expect(geometry.rightViewRect == CGRect(x: 186, y: 103, width: 24, height: 24))
        #expect(geometry.clearButtonRect == CGRect(x: 167, y: 105.5, width: 19, height: 19))
        #expect(geometry.textRect == CGRect(x: 30, y: 100, width: 137, height: 30))
    }

    @Test("overlays too wide for the field leave a text frame of zero width, never a negative one")
    func crowded() {
        let geometry = TextFieldGeometry(
            bounds: CGRect(x: 0, y: 0, width: 40, height: 30), borderStyle: .roundedRect, leftViewSize: left20,
            rightViewSize: right24, showsClearButton: true)
        #expect(geometry.textRect.width == 0)
    }

    @Test("a field's text, editing and placeholder rects follow its editing state and clear button mode")
    func fieldRects() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.defaultInputView = { _ in nil }
        let field = TextField(text: "12")
        field.appearance.borderStyle = .roundedRect
        field.clearButtonMode = .whileEditing
        scope.add(field)
        #expect(field.textRect(forBounds: bounds) == rect(7, 186))
        #expect(field.editingRect(forBounds: bounds) == rect(7, 167))
        #expect(field.placeholderRect(forBounds: bounds) == rect(7, 186))
        field.becomeFirstResponder()
        #expect(field.placeholderRect(forBounds: bounds) == rect(7, 167))
        #expect(field.textRect(forBounds: bounds) == rect(7, 186))
    }
}
