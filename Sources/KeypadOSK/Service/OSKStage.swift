import CGTK
import CKeypadWayland
import Foundation
import KeypadCore
import KeypadGTK

/// Where keypad-osk's keypad lives: a scope, the accessory toolbar, and a ``KeypadHost``
/// with the window placement, whose keypad window spans the bottom of the screen. The
/// host's own window is a GtkWindow that is never shown: keypad-osk has no window of its
/// own, only the keypad's (on Wayland a layer surface, which never takes focus).
@MainActor
final class OSKStage {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    private let toolbar: AccessoryToolbar
    let host: KeypadHost?
    private let configuration: OSKConfiguration
    private var tracer: KeypadTracer?
    /// Keeps the keypad off the caret (#34).
    let placer: KeypadPlacer
    /// Whether the trace conceals every key: the field's app does not tell secure fields
    /// apart, or the keyboard on request types into whatever has focus.
    var concealsKeys = false {
        didSet { tracer?.concealsEveryKey = concealsKeys }
    }
    private var tokens: [any NSObjectProtocol] = []
    /// The field's neighbours in its app's focus chain, for the toolbar's previous and next.
    private var neighbours: [NeighbourFieldStandIn] = []

    /// `visibilityChanged` is called as the keypad starts to show or hide; `frameChanged` with
    /// its frame (screen coordinates) once it has arrived, nil once it has gone; `moveFocus`
    /// for the toolbar's previous and next, when the field has a focus chain.
    init(
        configuration: OSKConfiguration, visibilityChanged: @escaping @MainActor (Bool) -> Void,
        frameChanged: @escaping @MainActor (CGRect?) -> Void = { _ in },
        moveFocus: @escaping @MainActor (NeighbourFieldStandIn.Direction) -> Void = { _ in }
    ) {
        self.configuration = configuration
        Self.installStyle(configuration)
        var catalog = LayoutCatalog()
        if let directory = configuration.layoutsDirectory {
            catalog.overrideDirectory = directory
            for problem in catalog.problems {
                Log.warning("\(directory.path)/\(problem.description) (using the bundled layouts)")
            }
        }
        scope.layoutCatalog = catalog
        toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter, locale: configuration.locale)
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(keypad_window(window), "keypad-osk")
        host = try? KeypadHost(window: UnsafeMutableRawPointer(window), scope: scope, placement: .window)
        // On Wayland, where the hidden window's monitor is GDK's first: the focused output (#34).
        host?.area.outputFromCompositor = true
        if let host, IMTrace.isOn { tracer = KeypadTracer(scope: scope, area: host.area) }
        placer = KeypadPlacer(scope: scope, position: configuration.position)
        scope.defaultKeypad(for: .numberPad).scramblesDigitsForSecureInput = configuration.scramblesPIN
        let center = scope.notificationCenter
        for (name, visible) in [
            (Responder.keyboardWillShowNotification, true), (Responder.keyboardWillHideNotification, false),
        ] {
            tokens.append(observeOnMainActor(name, on: center) { _ in visibilityChanged(visible) })
        }
        tokens.append(
            observeOnMainActor(Responder.keyboardDidChangeFrameNotification, on: center) { [weak self] _ in
                frameChanged(self?.keypadFrame)
            })
        neighbours = [.backward, .forward].map { NeighbourFieldStandIn($0, move: moveFocus) }
        if configuration.exclusive {
            tokens.append(
                observeOnMainActor(Responder.keyboardWillChangeFrameNotification, on: center) { [weak self] _ in
                    self?.reserveKeypadHeight()
                })
        }
    }

    /// Where the keypad is on screen once it has arrived, nil while hidden: on X11 its window's
    /// frame (measured: after a taller keypad the window stayed taller than the model's frame,
    /// 54 px higher), the model's frame where there is no window. On Wayland a surface's origin
    /// reads 0,0 (no client can know where the compositor put it: a keypad along the bottom
    /// was sent as covering the top, and the GTK 3 module scrolled its field out of view), so
    /// there it is the model's frame, in the output's coordinates.
    private var keypadFrame: CGRect? {
        guard let frame = scope.keyboard.frame else { return nil }
        guard keypad_display_backend(gdk_display_get_default()) == KEYPAD_BACKEND_X11 else { return frame }
        return host?.keypadWindowScreenRect ?? frame
    }

    /// Which of the field's neighbours in its app's focus chain the toolbar's previous and next
    /// go to (the app moves focus); with neither, both are disabled.
    struct Neighbours: Equatable {
        var previous = false
        var next = false
    }

    /// Begins editing `input`; the input editing before ends as it does. The toolbar's previous
    /// and next are enabled where the field has `neighbours`.
    func begin(_ input: ForeignField, neighbours chain: Neighbours = Neighbours()) {
        guard host != nil, !input.isEditing else { return }
        input.locale = configuration.locale
        // The field editing now stays until the new one takes over, as focus moves in a window.
        for responder in scope.responders where !responder.isFirstResponder { scope.remove(responder) }
        if chain.previous { scope.add(neighbours[0]) }
        scope.add(input)
        if chain.next { scope.add(neighbours[1]) }
        expectKeypad(for: input)
        for keypad in scope.createdDefaultKeypads where keypad.locale != configuration.locale {
            keypad.locale = configuration.locale
        }
        input.becomeFirstResponder()
        // One field at a time: the toolbar's previous and next go to the field's neighbours in
        // its app, or nowhere.
        for responder in scope.responders where !responder.isFirstResponder && !(responder is NeighbourFieldStandIn) {
            scope.remove(responder)
        }
        toolbar.order = .declared  // redraws previous and next
    }

    /// Builds and measures the keypad and toolbar `input` is about to get, before they show, and
    /// tells the placer their height: it decides the keypad's edge in time (#34).
    func expectKeypad(for input: ForeignField) {
        guard let host else { return }
        input.inputAccessoryView = toolbar
        host.prepare(for: input)
        let height = (scope.resolvedInputView(for: input)?.preferredHeight ?? 0) + toolbar.preferredHeight
        placer.expect(keypadHeight: Int(height))
    }

    /// `--exclusive`: the keypad's layer surface reserves its height, so tiled windows shrink above it.
    private func reserveKeypadHeight() {
        guard let window = host?.area.floatingWindow else { return }
        let height = scope.keyboard.frame.map { Int32($0.height) } ?? 0
        keypad_layer_shell_set_exclusive_zone(keypad_window(window), height)
    }

    /// The bundled theme asked for, else the bundled `keypad.css`; the user's CSS above it (`--css`,
    /// as in the demo: what it sets wins, the theme styles the rest).
    private static func installStyle(_ configuration: OSKConfiguration) {
        do {
            if let theme = configuration.theme { try theme.install() } else { try Theme.installKeypadCSS() }
        } catch {
            Log.warning("\(error.description) (using GTK's look)")
        }
        guard let css = configuration.css else { return }
        do {
            try Theme.installOverride(url: css)
        } catch {
            Log.warning("\(error.description) (ignoring it: the theme's look stays)")
        }
    }
}
