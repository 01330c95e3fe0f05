import Foundation
import KeypadCore
import KeypadTesting

/// The keyboard frames on the default 1024×768 scope for a 260-point input view.
let hidden260 = "(0,768,1024,260)"
let shown260 = "(0,508,1024,260)"
/// The frame of a 300-point input view, shown.
let shown300 = "(0,468,1024,300)"

/// An input view of a fixed height, standing in for a keypad where only its size matters.
@MainActor
final class FixedInputView: InputView {
    let preferredHeight: CGFloat
    init(height: CGFloat) { preferredHeight = height }
}

/// An accessory view of a fixed height.
@MainActor
final class FixedAccessoryView: InputAccessoryView {
    let preferredHeight: CGFloat
    init(height: CGFloat) { preferredHeight = height }
}

/// A delegate whose answers a test sets.
@MainActor
final class ScriptedFieldDelegate: TextFieldDelegate {
    var shouldBegin = true
    var shouldEnd = true
    var shouldClear = true
    var shouldReturn = true
    var shouldChange: (NSRange, String) -> Bool = { _, _ in true }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { shouldBegin }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { shouldEnd }
    func textFieldShouldClear(_ textField: TextField) -> Bool { shouldClear }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { shouldReturn }
    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { shouldChange(range, string) }
}

/// A text view delegate whose answers a test sets.
@MainActor
final class ScriptedViewDelegate: TextViewDelegate {
    var shouldBegin = true
    var shouldEnd = true
    var shouldChange: (TextView, NSRange, String) -> Bool = { _, _, _ in true }

    func textViewShouldBeginEditing(_ textView: TextView) -> Bool { shouldBegin }
    func textViewShouldEndEditing(_ textView: TextView) -> Bool { shouldEnd }
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        shouldChange(textView, range, text)
    }
}

/// A scope on its own notification center with recorded fields.
///
/// The session keeps its fields' delegates alive (fields hold them weakly).
@MainActor
final class Session {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let recorder: EventRecorder
    private var delegates: [AnyObject] = []

    init() {
        recorder = EventRecorder(scope: scope)
    }

    /// A recorded field named `name`, added to the scope, with its own delegate and input view.
    func field(
        _ name: String, keypadHeight: CGFloat? = 260, delegate: (any TextFieldDelegate)? = nil,
        traits: TextInputTraits = TextInputTraits()
    ) -> TextField {
        let field = TextField(traits: traits)
        field.delegate = delegate
        install(field, name: name, keypadHeight: keypadHeight, delegate: delegate)
        recorder.record(field)
        return field
    }

    /// A recorded text view named `name`, added to the scope, with its own delegate and input view.
    func textView(
        _ name: String, keypadHeight: CGFloat? = 260, delegate: (any TextViewDelegate)? = nil,
        traits: TextInputTraits = TextInputTraits()
    ) -> TextView {
        let view = TextView(traits: traits)
        view.delegate = delegate
        install(view, name: name, keypadHeight: keypadHeight, delegate: delegate)
        recorder.record(view)
        return view
    }

    private func install(_ input: TextResponder, name: String, keypadHeight: CGFloat?, delegate: AnyObject?) {
        input.accessibilityLabel = name
        if let delegate { delegates.append(delegate) }
        if let keypadHeight { input.inputView = FixedInputView(height: keypadHeight) }
        scope.add(input)
    }

    /// The four keyboard lines of a show (or of a change of size).
    static func show(from begin: String, to end: String) -> [String] {
        ["willChangeFrame", "willShow", "didChangeFrame", "didShow"].map { "keyboard \($0) \(begin)->\(end)" }
    }

    /// The four keyboard lines of a hide.
    static func hide(from begin: String, to end: String) -> [String] {
        ["willChangeFrame", "willHide", "didChangeFrame", "didHide"].map { "keyboard \($0) \(begin)->\(end)" }
    }

    static func begin(_ name: String) -> [String] {
        ["\(name) didBeginEditing", "\(name) editingDidBegin", "\(name) textDidBeginEditing"]
    }

    static func end(_ name: String, reason: String = "committed") -> [String] {
        ["\(name) didEndEditing(\(reason))", "\(name) editingDidEnd", "\(name) textDidEndEditing"]
    }

    /// A text view's did-begin lines: it has no control events.
    static func viewBegin(_ name: String) -> [String] {
        ["\(name) didBeginEditing", "\(name) textViewDidBeginEditing"]
    }

    /// A text view's did-end lines.
    static func viewEnd(_ name: String) -> [String] {
        ["\(name) didEndEditing", "\(name) textViewDidEndEditing"]
    }
}
