import CGTK
import CKeypadIM
import Foundation
import KeypadCore
import KeypadGTK

/// The module's state in the app: a session per context that has had focus, and a
/// keypad host per app window that has had an editing field — all made on first use,
/// so an app that never focuses a field pays for two empty dictionaries.
///
/// The keypad follows GTK focus: a widget's focus-in begins editing of its field in its
/// window's scope; its focus-out ends it once the main loop is idle (a move from field
/// to field in one window is one move, with no hide between); a field of another window
/// shows that window's keypad, so the keypad follows focus between the app's windows.
@MainActor
final class InputMethod {
    static let shared = InputMethod()

    /// Client windows of contexts that have not had focus yet (the window comes first).
    private var clientWindows: [UnsafeMutablePointer<GtkIMContext>: OpaquePointer] = [:]
    private var sessions: [UnsafeMutablePointer<GtkIMContext>: IMSession] = [:]
    private var windows: [UnsafeMutablePointer<GtkWidget>: IMWindow] = [:]
    private var configuration: IMConfiguration?
    /// The contexts whose app set `input-purpose` since their last focus-out (Firefox sets it
    /// just before a focus-in, or not at all).
    private var toldPurpose: Set<UnsafeMutablePointer<GtkIMContext>> = []
    /// Whether the module's data is there (looked up at the first focus-in).
    private lazy var canShowKeypads = ResourceCheck.resourcesAvailable()
    /// Focus on a seat without a keyboard (a touch-only Wayland kiosk), where GTK gives
    /// contexts no focus-in.
    private lazy var keyboardless = KeyboardlessFocus(
        context: { [weak self] widget in self?.context(of: widget) },
        focusIn: { [weak self] context in self?.focusIn(context) },
        focusOut: { [weak self] context in self?.focusOut(context) })

    func focusIn(_ context: UnsafeMutablePointer<GtkIMContext>) {
        let session = sessions[context] ?? makeSession(context)
        session.hasFocus = true
        IMTrace.write("focus-in \(session.kind.traceDescription) widget=\(session.client?.traceName ?? "none")")
        guard canShowKeypads, let toplevel = session.client?.toplevel ?? StandInWindow.placed() else { return }
        if session.client != nil { PointerRootFocus.hold(in: toplevel) }
        if let client = session.client, FirefoxFirstFocus.applies(to: client) {
            if toldPurpose.contains(context) {
                session.refocusesWithoutPurpose = 0
            } else if session.refocusesWithoutPurpose < FirefoxFirstFocus.maximumRefocuses {
                // Firefox focused the field without telling its purpose (its first focus does):
                // the keypad waits for a focus that tells it.
                session.refocusesWithoutPurpose += 1
                FirefoxFirstFocus.scheduleRefocus(toplevel)
                return
            }
        }
        guard let window = windows[toplevel] ?? makeWindow(toplevel, for: session) else { return }
        guard session.kind.wantsKeypad else {
            // INHIBIT_OSK: no keypad; whatever edited in this window stops.
            window.scope.endEditing()
            return
        }
        window.begin(session)
        if session.client == nil { StandInWindow.stackKeypadsOverFocusedWindow() }
    }

    func focusOut(_ context: UnsafeMutablePointer<GtkIMContext>) {
        toldPurpose.remove(context)
        guard let session = sessions[context] else { return }
        session.hasFocus = false
        IMTrace.write("focus-out")
        MainLoop.whenIdle { [weak self, weak session] in
            guard let self, let session, !session.hasFocus, session.field.isEditing else { return }
            self.window(of: session)?.end(session.field)
        }
    }

    func setClientWindow(_ context: UnsafeMutablePointer<GtkIMContext>, _ window: OpaquePointer?) {
        clientWindows[context] = window
        if let window, KeyboardlessFocus.seatHasNoKeyboard, let client = ClientWidget(window: window),
            let toplevel = client.toplevel
        {
            keyboardless.follow(toplevel, widget: client.widget)
        }
        guard let session = sessions[context] else { return }
        if window == nil, let host = self.window(of: session) {
            // The widget is going (unrealized or destroyed): its editing ends at once.
            host.end(session.field, force: true)
        }
        session.setClientWindow(window)
    }

    func cursorMoved(_ context: UnsafeMutablePointer<GtkIMContext>) {
        guard let session = sessions[context], session.field.isEditing else { return }
        session.refreshMirror()
    }

    func surroundingChanged(_ context: UnsafeMutablePointer<GtkIMContext>) {
        guard let session = sessions[context], session.field.isEditing else { return }
        session.mirrorLastSurrounding()
    }

    func traitsChanged(_ context: UnsafeMutablePointer<GtkIMContext>) {
        toldPurpose.insert(context)
        if let session = sessions[context], session.hasFocus {
            IMTrace.write("purpose \(session.kind.traceDescription)")
        }
        guard let session = sessions[context], session.field.isEditing else { return }
        guard session.kind.wantsKeypad else {
            window(of: session)?.end(session.field)
            return
        }
        session.refreshTraits()
    }

    func finalize(_ context: UnsafeMutablePointer<GtkIMContext>) {
        clientWindows[context] = nil
        toldPurpose.remove(context)
        guard let session = sessions.removeValue(forKey: context) else { return }
        window(of: session)?.end(session.field, force: true)
    }

    // MARK: - Made on first use

    private func makeSession(_ context: UnsafeMutablePointer<GtkIMContext>) -> IMSession {
        let session = IMSession(context: context, clientWindow: clientWindows[context])
        session.onTapWhileDismissed = { [weak self] in self?.focusIn(context) }
        sessions[context] = session
        return session
    }

    private func makeWindow(_ toplevel: UnsafeMutablePointer<GtkWidget>, for session: IMSession) -> IMWindow? {
        let configuration = self.configuration ?? IMConfiguration.load()
        self.configuration = configuration
        guard
            let window = IMWindow(
                toplevel: toplevel, configuration: configuration,
                hasFocusChain: session.client.map { !$0.isMozContainer } ?? false,
                tellsSecureFields: session.client != nil,
                closed: { [weak self] in
                    self?.windows[toplevel] = nil
                })
        else { return nil }
        windows[toplevel] = window
        return window
    }

    /// The context whose client window belongs to `widget`.
    private func context(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkIMContext>? {
        clientWindows.first { _, window in ClientWidget(window: window)?.widget == widget }?.key
    }

    private func window(of session: IMSession) -> IMWindow? {
        windows.values.first { $0.scope === session.field.scope }
    }
}
