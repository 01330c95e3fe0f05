import CGTK
import Foundation
import KeypadCore

/// Keeps GTK focus and the model's first responder the same, in both directions.
///
/// GTK moves focus from entry A to entry B as "A loses focus", then "B gains it";
/// the model must see one direct A→B move, not a moment with nobody editing (which
/// would hide and re-show the keypad). So a focus loss is acted on only when the
/// main loop is idle, and a focus gain that comes first turns it into A→B.
/// A refusal by the model (shouldBeginEditing or shouldEndEditing false) puts GTK
/// focus back where the model says it is.
@MainActor
package final class FocusCoordinator {
    let scope: ResponderScope
    private(set) var adapters: [any FieldAdapter] = []
    private var window: UnsafeMutablePointer<GtkWindow>?
    private var pendingResign: guint = 0
    /// While true, GTK focus changes are not passed to the model (GTK's own focusing of
    /// the first entry when a window is shown).
    var isSuppressed = false
    private var tokens: [any NSObjectProtocol] = []

    init(scope: ResponderScope, window: UnsafeMutablePointer<GtkWindow>) {
        self.scope = scope
        self.window = window
        onSignal(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.window = nil }
        let center = scope.notificationCenter
        for name in [TextField.textDidBeginEditingNotification, TextView.textDidBeginEditingNotification] {
            tokens.append(
                observeOnMainActor(name, on: center) { [weak self] note in
                    self?.modelDidBegin(note.object as? TextResponder)
                })
        }
        for name in [TextField.textDidEndEditingNotification, TextView.textDidEndEditingNotification] {
            tokens.append(observeOnMainActor(name, on: center) { [weak self] _ in self?.modelDidEnd() })
        }
    }

    isolated deinit {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
        MainLoop.cancel(pendingResign)
    }

    func add(_ adapter: any FieldAdapter) {
        adapters.append(adapter)
        scope.add(adapter.responder)
    }

    /// The widget of `adapter` was destroyed: its field leaves the scope (ending editing).
    func remove(_ adapter: any FieldAdapter) {
        adapters.removeAll { $0 === adapter }
        scope.remove(adapter.responder)
    }

    package func adapter(for responder: Responder?) -> (any FieldAdapter)? {
        guard let responder else { return nil }
        return adapters.first { $0.responder === responder }
    }

    // MARK: - GTK → model

    func widgetGainedFocus(_ adapter: any FieldAdapter) {
        guard !isSuppressed else { return }
        MainLoop.cancel(pendingResign)
        pendingResign = 0
        guard !adapter.responder.isFirstResponder else { return }
        if !adapter.responder.becomeFirstResponder() { restoreFocus() }
    }

    /// A click on a widget that keeps GTK focus while its model does not edit (editing
    /// ended from code, or by Done) begins editing again, as a tap on a field does in UIKit.
    func widgetClicked(_ adapter: any FieldAdapter) {
        guard adapter.hasGTKFocus else { return }
        widgetGainedFocus(adapter)
    }

    func widgetLostFocus(_ adapter: any FieldAdapter) {
        guard !isSuppressed else { return }
        MainLoop.cancel(pendingResign)
        pendingResign = MainLoop.whenIdle { [weak self, weak adapter] in
            guard let self, let adapter else { return }
            self.pendingResign = 0
            guard adapter.responder.isFirstResponder, !adapter.hasGTKFocus else { return }
            if !adapter.responder.resignFirstResponder() { adapter.grabFocus() }
        }
    }

    /// Puts GTK focus on the model's first responder, or on nothing.
    func restoreFocus() {
        if let current = adapter(for: scope.firstResponder) {
            current.grabFocus()
        } else if let window {
            gtk_window_set_focus(window, nil)
        }
    }

    // MARK: - Model → GTK

    private func modelDidBegin(_ responder: TextResponder?) {
        adapter(for: responder)?.grabFocus()
    }

    /// Editing ended: once the loop settles (an A→B move passes through "nobody"),
    /// take GTK focus off the field if nothing edits, so no caret blinks in it.
    private func modelDidEnd() {
        MainLoop.whenIdle { [weak self] in
            guard let self, self.scope.firstResponder == nil, let window = self.window else { return }
            if let focused = gtk_window_get_focus(window), self.adapters.contains(where: { $0.focusWidget == focused })
            {
                gtk_window_set_focus(window, nil)
            }
        }
    }
}
