import Foundation
import KeypadCore
import Testing

/// UIKit's view-mode table, written out: whether a view shows (not editing, editing).
private let table: [TextField.ViewMode: (notEditing: Bool, editing: Bool)] = [
    .never: (false, false),
    .whileEditing: (false, true),
    .unlessEditing: (true, false),
    .always: (true, true),
]

/// The states a field can be in for its overlays.
enum OverlayState: String, CaseIterable, Sendable {
    case idleEmpty, idleWithText, editingEmpty, editingWithText

    var isEditing: Bool { self == .editingEmpty || self == .editingWithText }
    var hasText: Bool { self == .idleWithText || self == .editingWithText }
}

private let icon = OverlayView(
    size: CGSize(width: 24, height: 24), iconName: "edit-find-symbolic", accessibleName: "Find")

@MainActor
@Suite("Clear button, left view and right view follow UIKit's view-mode table")
struct ViewModeTests {
    /// A field in `state` whose clear button, left view and right view all have `mode`.
    private func field(_ mode: TextField.ViewMode, _ state: OverlayState) -> (ResponderScope, TextField) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.defaultInputView = { _ in nil }
        let field = TextField(text: state.hasText ? "12" : "")
        field.clearButtonMode = mode
        field.leftView = icon
        field.leftViewMode = mode
        field.rightView = icon
        field.rightViewMode = mode
        scope.add(field)
        if state.isEditing { field.becomeFirstResponder() }
        return (scope, field)
    }

    private func shown(_ mode: TextField.ViewMode, _ state: OverlayState) -> Bool {
        guard let row = table[mode] else { return false }
        return state.isEditing ? row.editing : row.notEditing
    }

    @Test(
        "the clear button shows as the table says, and only while the field has text",
        arguments: TextField.ViewMode.allCases, OverlayState.allCases)
    func clearButton(mode: TextField.ViewMode, state: OverlayState) {
        let (scope, field) = field(mode, state)
        #expect(field.isEditing == state.isEditing)
        #expect(field.isClearButtonVisible == (state.hasText && shown(mode, state)))
        let rect = field.clearButtonRect(forBounds: CGRect(x: 0, y: 0, width: 200, height: 30))
        #expect((rect != .zero) == field.isClearButtonVisible)
        withExtendedLifetime(scope) {}
    }

    @Test(
        "the left and right views show as the table says, with or without text",
        arguments: TextField.ViewMode.allCases, OverlayState.allCases)
    func overlayViews(mode: TextField.ViewMode, state: OverlayState) {
        let (scope, field) = field(mode, state)
        #expect(field.isLeftViewVisible == shown(mode, state))
        #expect(field.isRightViewVisible == shown(mode, state))
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        #expect((field.leftViewRect(forBounds: bounds) != .zero) == shown(mode, state))
        #expect((field.rightViewRect(forBounds: bounds) != .zero) == shown(mode, state))
        withExtendedLifetime(scope) {}
    }

    @Test("a mode without its view shows nothing", arguments: TextField.ViewMode.allCases)
    func noView(mode: TextField.ViewMode) {
        let field = TextField(text: "12")
        field.leftViewMode = mode
        field.rightViewMode = mode
        #expect(!field.isLeftViewVisible && !field.isRightViewVisible)
    }

    @Test("the clear button and the right view both show, the clear button just before the right view")
    func clearBeforeRightView() {
        let (scope, field) = field(.always, .editingWithText)
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        #expect(field.isClearButtonVisible && field.isRightViewVisible)
        #expect(field.rightViewRect(forBounds: bounds) == CGRect(x: 176, y: 3, width: 24, height: 24))
        #expect(field.clearButtonRect(forBounds: bounds) == CGRect(x: 157, y: 5.5, width: 19, height: 19))
        #expect(field.editingRect(forBounds: bounds) == CGRect(x: 24, y: 0, width: 133, height: 30))
        withExtendedLifetime(scope) {}
    }

    @Test("the clear button with .unlessEditing and the right view with .whileEditing take turns")
    func takingTurns() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.defaultInputView = { _ in nil }
        let field = TextField(text: "12")
        field.clearButtonMode = .unlessEditing
        field.rightView = icon
        field.rightViewMode = .whileEditing
        scope.add(field)
        #expect(field.isClearButtonVisible && !field.isRightViewVisible)
        field.becomeFirstResponder()
        #expect(!field.isClearButtonVisible && field.isRightViewVisible)
    }
}
