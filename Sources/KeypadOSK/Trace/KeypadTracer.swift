import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// Writes one window's keypad to ``IMTrace``: the layout, page and key rectangles each
/// time the keypad settles on screen or changes while shown (another keypad of the same
/// height included, which no keyboard notification announces), `hidden` when it slides
/// out, and each key that acts. Made only when the trace is on.
///
/// A key that types into a secure field is written as ``Keypad/concealedKeyID``; where the
/// app does not say which fields are secure (Chromium gives no purpose, so a password field
/// looks like any text field), every key is.
@MainActor
package final class KeypadTracer {
    private let scope: ResponderScope
    private let area: KeypadArea
    private var tokens: [any NSObjectProtocol] = []
    private var observed: [ObjectIdentifier: (Keypad, ObservationToken)] = [:]
    private var pending: guint = 0
    /// Keyboard transitions (slides) under way.
    private var transitions = 0
    /// Tries left to find every button laid out.
    private var retries = 0
    /// Whether every key that acts is written concealed (keypad-osk: while the field's app
    /// does not tell its secure fields apart).
    package var concealsEveryKey: Bool

    /// Traces `area`'s keypad; `concealsEveryKey` for a window whose app does not tell its
    /// secure fields apart.
    package init(scope: ResponderScope, area: KeypadArea, concealsEveryKey: Bool = false) {
        self.scope = scope
        self.area = area
        self.concealsEveryKey = concealsEveryKey
        let center = scope.notificationCenter
        for name in [
            Responder.keyboardDidShowNotification, Responder.keyboardDidChangeFrameNotification,
            TextField.textDidBeginEditingNotification, KeypadArea.contentDidChangeNotification,
        ] {
            tokens.append(observeOnMainActor(name, on: center) { [weak self] _ in self?.scheduleKeys() })
        }
        tokens.append(
            observeOnMainActor(Responder.keyboardDidHideNotification, on: center) { _ in IMTrace.write("hidden") })
        // Keys move while the keypad slides: only a keypad that has arrived is written. Each
        // transition posts one willChangeFrame and, once it ends (or is interrupted), one
        // didChangeFrame.
        for (name, step) in [
            (Responder.keyboardWillChangeFrameNotification, 1), (Responder.keyboardDidChangeFrameNotification, -1),
        ] {
            tokens.append(
                observeOnMainActor(name, on: center) { [weak self] _ in
                    guard let self else { return }
                    self.transitions = max(self.transitions + step, 0)
                })
        }
    }

    isolated deinit {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
        for (keypad, token) in observed.values { keypad.removeObserver(token) }
        if pending != 0 { g_source_remove(pending) }
    }

    /// Writes the keys once GTK has laid them out and the slide is over.
    private func scheduleKeys(retry: Bool = false) {
        retries = retry ? retries - 1 : 10
        guard pending == 0 else { return }
        pending = MainLoop.after(milliseconds: 60) { [weak self] in
            guard let self else { return }
            self.pending = 0
            self.writeKeys()
        }
    }

    private func writeKeys() {
        // The did-notifications come once the slide is over: the keys are where they stay.
        guard transitions == 0, let keypad = scope.keyboard.inputView as? Keypad, scope.keyboard.isVisible else {
            return
        }
        observe(keypad)
        guard let view = area.keypadViews[ObjectIdentifier(keypad)] else { return }
        if !IMTrace.writeKeys(of: keypad, view: view), retries > 0 { scheduleKeys(retry: true) }
    }

    private func observe(_ keypad: Keypad) {
        let id = ObjectIdentifier(keypad)
        guard observed[id] == nil else { return }
        let token = keypad.addObserver { [weak self] change in
            switch change {
            case .keys: self?.scheduleKeys()
            case .keyActivated(let key):
                IMTrace.write("tap \(self?.concealsEveryKey != false ? Keypad.concealedKeyID : key)")
            default: break
            }
        }
        observed[id] = (keypad, token)
    }
}
