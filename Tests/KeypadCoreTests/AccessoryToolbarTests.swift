import Foundation
import KeypadCore
import Testing

@MainActor
@Suite("The accessory toolbar follows the fields' order and skips disabled ones")
struct AccessoryToolbarTests {
    private func form(_ names: [String], tags: [Int]? = nil) -> (ResponderScope, AccessoryToolbar, [TextField]) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter, locale: Locale(identifier: "en"))
        let fields = names.enumerated().map { index, name in
            let field = TextField(placeholder: name)
            field.tag = tags?[index] ?? index
            field.inputAccessoryView = toolbar
            scope.add(field)
            return field
        }
        return (scope, toolbar, fields)
    }

    @Test("the title is the editing field's placeholder; prev is disabled on the first field")
    func title() {
        let (scope, toolbar, fields) = form(["PIN", "Amount", "Phone"])
        fields[0].becomeFirstResponder()
        #expect(toolbar.boundInput === fields[0] && toolbar.title == "PIN")
        #expect(!toolbar.canGoPrevious && toolbar.canGoNext)
        withExtendedLifetime(scope) {}
    }

    @Test("next and previous walk the declared order, skipping disabled fields; next is disabled on the last")
    func walk() {
        let (scope, toolbar, fields) = form(["PIN", "Amount", "Phone", "Notes"])
        fields[1].isEnabled = false
        fields[0].becomeFirstResponder()
        #expect(toolbar.nextInput === fields[2])
        #expect(toolbar.goNext() && fields[2].isEditing && toolbar.title == "Phone")
        #expect(toolbar.goNext() && fields[3].isEditing && !toolbar.canGoNext)
        #expect(!toolbar.goNext())
        #expect(toolbar.goPrevious() && fields[2].isEditing)
        #expect(toolbar.goPrevious() && fields[0].isEditing)
        withExtendedLifetime(scope) {}
    }

    @Test("tag order sorts by tag")
    func tagOrder() {
        let (scope, toolbar, fields) = form(["C", "A", "B"], tags: [3, 1, 2])
        toolbar.order = .tag
        fields[1].becomeFirstResponder()
        #expect(toolbar.nextInput === fields[2])
        toolbar.goNext()
        #expect(toolbar.nextInput === fields[0] && toolbar.previousInput === fields[1])
        withExtendedLifetime(scope) {}
    }

    @Test("done ends editing and the toolbar unbinds")
    func done() {
        let (scope, toolbar, fields) = form(["PIN", "Amount"])
        fields[1].becomeFirstResponder()
        #expect(toolbar.done())
        #expect(!fields[1].isEditing && toolbar.boundInput == nil && scope.firstResponder == nil)
    }

    @Test("buttons have unique accessible names")
    func names() {
        let (_, toolbar, _) = form(["PIN"])
        #expect(
            [toolbar.previousButtonName, toolbar.nextButtonName, toolbar.doneButtonName]
                == ["Previous field", "Next field", "Dismiss keypad"])
    }

    @Test("the toolbar adds its height to the keyboard frame")
    func frame() {
        let (scope, toolbar, fields) = form(["PIN"])
        fields[0].inputView = FixedInputView(height: 216)
        fields[0].becomeFirstResponder()
        #expect(scope.keyboard.frame?.height == 216 + toolbar.preferredHeight)
    }

    @Test("a toolbar assigned while its field is editing binds at once; the one it replaces lets go")
    func assignedWhileEditing() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let field = TextField(placeholder: "Amount")
        field.inputView = FixedInputView(height: 216)
        scope.add(field)
        field.becomeFirstResponder()
        let first = AccessoryToolbar(notificationCenter: scope.notificationCenter)
        let second = AccessoryToolbar(notificationCenter: scope.notificationCenter)
        var changes: [String] = []
        first.addObserver { _ in changes.append("first \(first.boundInput == nil ? "unbound" : "bound")") }
        second.addObserver { _ in changes.append("second \(second.boundInput == nil ? "unbound" : "bound")") }

        field.inputAccessoryView = first
        #expect(first.boundInput === field && first.title == "Amount")
        #expect(scope.keyboard.frame?.height == 216 + first.preferredHeight)
        field.inputAccessoryView = second
        #expect(first.boundInput == nil && second.boundInput === field)
        field.inputAccessoryView = nil
        #expect(second.boundInput == nil && scope.keyboard.frame?.height == 216)
        #expect(changes == ["first bound", "first unbound", "second bound", "second unbound"])
    }

    @Test("duplicate begin and end notifications change nothing")
    func duplicates() {
        let (scope, toolbar, fields) = form(["PIN"])
        var bindings = 0
        toolbar.addObserver { _ in bindings += 1 }
        fields[0].becomeFirstResponder()
        scope.notificationCenter.post(name: TextField.textDidBeginEditingNotification, object: fields[0])
        #expect(bindings == 1 && toolbar.boundInput === fields[0])
        fields[0].resignFirstResponder()
        scope.notificationCenter.post(name: TextField.textDidEndEditingNotification, object: fields[0])
        #expect(bindings == 2 && toolbar.boundInput == nil)
    }
}
