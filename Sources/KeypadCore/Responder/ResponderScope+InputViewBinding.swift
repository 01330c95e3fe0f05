import Foundation

extension ResponderScope {
    /// Lets the keypad and toolbar on screen go of `responder` when ``reloadInputViews()``
    /// is about to replace them.
    func releaseReplacedInputViews(of responder: Responder, newInputView: (any InputView)?) {
        if let input = responder as? any TextInput, keyboard.inputView !== newInputView {
            (keyboard.inputView as? Keypad)?.unbind(ifBoundTo: input)
        }
        if let input = responder as? TextResponder, keyboard.accessoryView !== responder.inputAccessoryView {
            (keyboard.accessoryView as? AccessoryToolbar)?.unbind(ifBoundTo: input)
        }
    }

    /// Binds the keypad and toolbar now on screen to `responder`: they were assigned while
    /// it was editing, after the begin-editing notification they bind on.
    func bindShownInputViews(to responder: Responder) {
        if let input = responder as? any TextInput { (keyboard.inputView as? Keypad)?.bindIfServing(input) }
        if let input = responder as? TextResponder {
            (keyboard.accessoryView as? AccessoryToolbar)?.bindIfServing(input)
        }
    }
}
