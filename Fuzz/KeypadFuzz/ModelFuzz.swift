import Foundation
import KeypadCore

/// Random sessions on the model, driven by the fuzzer's bytes: focus changes, key
/// presses (taps, holds, long presses), pastes small and huge, deletions, selections,
/// inputs removed and added back. After every step: at most one input edits, the bound
/// keypad serves it, every text keeps its limit, and lengths and selections agree.
@MainActor
public enum ModelFuzz {
    /// The limits the fields carry: a GtkEntry's (65 534 bytes) and a small one.
    static let limits: [Int?] = [65_534, 12, nil]
    static let pieces = ["1", "7", "a", "中", "👍🏽", "🇩🇪", "e\u{301}", "\n", "\t", "\0", "\u{1B}", "\u{FFFD}", ""]

    /// Runs one input; a broken invariant stops the process.
    @MainActor
    public static func run(_ data: Data) {
        var bytes = FuzzBytes(Array(data.prefix(4096)))
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        var inputs: [TextResponder] = limits.map { limit in
            let field = TextField(
                traits: TextInputTraits(
                    keyboardType: KeyboardType.allCases[Int(limit ?? 3) % KeyboardType.allCases.count]))
            field.maximumUTF8Length = limit
            return field
        }
        inputs.append(TextView())
        var added = Array(repeating: true, count: inputs.count)
        for input in inputs { scope.add(input) }
        var time = Duration.zero
        while !bytes.isAtEnd {
            let index = bytes.below(inputs.count)
            let input = inputs[index]
            switch bytes.below(12) {
            case 0: input.becomeFirstResponder()
            case 1: input.resignFirstResponder()
            case 2, 3: press(scope: scope, bytes: &bytes, time: &time)
            case 4: input.replace(input.selectedRange, withText: paste(&bytes))
            case 5: input.deleteBackward()
            case 6:
                input.selectByUser(
                    NSRange(location: bytes.below(64) * 97 % max(1, input.utf16Length + 1), length: bytes.below(8)))
            case 7:
                if added[index] { scope.remove(input) } else { scope.add(input) }
                added[index].toggle()
            case 8: input.text = paste(&bytes)
            case 9: input.isEnabled.toggle()
            case 10: (input as? TextField)?.maximumUTF8Length = bytes.below(3) == 0 ? nil : bytes.below(40)
            default: time += .milliseconds(bytes.below(255) * 4)
            }
            check(scope: scope, inputs: inputs)
        }
    }

    private static func paste(_ bytes: inout FuzzBytes) -> String {
        let count = bytes.below(8)
        var text = (0..<count).map { _ in pieces[bytes.below(pieces.count)] }.joined()
        switch bytes.below(16) {
        case 0: text = String(repeating: text.isEmpty ? "x" : text, count: 70_000 / max(1, text.utf8.count))
        case 1: text += String(decoding: bytes.take(bytes.below(32)), as: UTF8.self)
        default: break
        }
        return text
    }

    private static func press(scope: ResponderScope, bytes: inout FuzzBytes, time: inout Duration) {
        guard let first = scope.firstResponder as? TextResponder,
            let keypad = scope.resolvedInputView(for: first) as? Keypad
        else { return }
        let keys = Array(keypad.rows.joined())
        guard !keys.isEmpty else { return }
        let id = keys[bytes.below(keys.count)].id
        let hold = Duration.milliseconds(bytes.below(4) * 300)
        keypad.pressKey(id, at: time)
        // Sometimes a second finger lands before the first lifts, and either may be cancelled.
        let second = bytes.below(2) == 1 ? keys[bytes.below(keys.count)].id : nil
        if let second { keypad.pressKey(second, at: time, touch: KeyTouch(2)) }
        if hold > .zero {
            time += hold
            keypad.advance(to: time)
            if let popup = keypad.alternativesPopup { keypad.selectAlternative(bytes.below(popup.labels.count + 1)) }
        }
        switch bytes.below(4) {
        case 0: keypad.cancelPress(touch: .pointer)
        case 1: keypad.cancelPress(touch: KeyTouch(2))
        default: break
        }
        keypad.releaseKey(id, at: time)
        if let second { keypad.releaseKey(second, at: time, touch: KeyTouch(2)) }
        require(keypad.heldKeyIDs.isEmpty, "a key is still held after every finger lifted")
    }

    private static func check(scope: ResponderScope, inputs: [TextResponder]) {
        let editing = inputs.filter { $0.isEditing }
        require(editing.count <= 1, "\(editing.count) inputs edit at once")
        require(editing.first.map { $0 === scope.firstResponder } ?? true, "the editing input is not first responder")
        for input in inputs {
            if let limit = input.maximumUTF8Length {
                require(input.text.utf8.count <= limit, "\(input.text.utf8.count) bytes past a limit of \(limit)")
            }
            require(input.utf16Length == input.text.utf16.count, "the UTF-16 length is off")
            let selection = input.selectedRange
            require(selection.location >= 0 && selection.length >= 0, "a negative selection")
            require(selection.location + selection.length <= input.utf16Length, "a selection past the end")
        }
        for keypad in scope.createdDefaultKeypads {
            if let bound = keypad.boundInput as? TextResponder {
                require(bound.isEditing, "a keypad bound to an input that does not edit")
            }
        }
    }
}
