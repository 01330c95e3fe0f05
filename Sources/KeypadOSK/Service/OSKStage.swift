import CGTK
import CKeypadWayland
import Foundation
import KeypadCore
import KeypadForeignField
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
    private var tokens: [any NSObjectProtocol] = []

    init(configuration: OSKConfiguration, visibilityChanged: @escaping @MainActor (Bool) -> Void) {
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
        if let host, IMTrace.isOn { tracer = KeypadTracer(scope: scope, area: host.area) }
        scope.defaultKeypad(for: .numberPad).scramblesDigitsForSecureInput = configuration.scramblesPIN
        let center = scope.notificationCenter
        for (name, visible) in [
            (Responder.keyboardWillShowNotification, true), (Responder.keyboardWillHideNotification, false),
        ] {
            tokens.append(observeOnMainActor(name, on: center) { _ in visibilityChanged(visible) })
        }
        if configuration.exclusive {
            tokens.append(
                observeOnMainActor(Responder.keyboardWillChangeFrameNotification, on: center) { [weak self] _ in
                    self?.reserveKeypadHeight()
                })
        }
    }

    /// Begins editing `input`; the input editing before ends as it does.
    func begin(_ input: ForeignField) {
        guard let host, !input.isEditing else { return }
        input.locale = configuration.locale
        // The field editing now stays until the new one takes over, as focus moves in a window.
        for responder in scope.responders where !responder.isFirstResponder { scope.remove(responder) }
        scope.add(input)
        input.inputAccessoryView = toolbar
        host.prepare(for: input)
        for keypad in scope.createdDefaultKeypads where keypad.locale != configuration.locale {
            keypad.locale = configuration.locale
        }
        input.becomeFirstResponder()
        // One field at a time: the toolbar's previous and next have nowhere to go.
        for responder in scope.responders where !responder.isFirstResponder { scope.remove(responder) }
        toolbar.order = .declared  // redraws previous and next, now with nowhere to go
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
