import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// One app window that has had an editing field: its scope (focus, default keypads,
/// keyboard notifications), the accessory toolbar, and the keypad's own window across
/// the bottom of this window's monitor, which never takes focus and slides in and out.
///
/// The scope holds the editing field between two ``FocusChainStep``s, so the toolbar's
/// previous and next move GTK focus along the window's focus chain.
@MainActor
final class IMWindow {
    let toplevel: UnsafeMutablePointer<GtkWidget>
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    private let toolbar: AccessoryToolbar
    private let area: KeypadArea
    private var steps: [FocusChainStep] = []
    private(set) var isClosed = false

    /// Creates the window's keypad host; `closed` runs once GTK destroys the window.
    init(toplevel: UnsafeMutablePointer<GtkWidget>, configuration: IMConfiguration, closed: @escaping () -> Void) {
        self.toplevel = toplevel
        toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter)
        scope.layoutCatalog = configuration.layoutCatalog
        let keyHeight = KeySize.height(pixelsPerMillimetre: KeySize.monitorPixelsPerMillimetre())
        area = KeypadArea(scope: scope, placement: .window, keyHeight: keyHeight, parent: toplevel)
        scope.defaultKeypad(for: .numberPad).scramblesDigitsForSecureInput = configuration.scramblesPIN
        steps = [.backward, .forward].map { direction in
            FocusChainStep(direction) { [weak self] direction in self?.moveFocus(direction) }
        }
        onSignal(UnsafeMutableRawPointer(toplevel), "destroy") { [weak self] in
            guard let self else { return }
            self.isClosed = true
            self.area.parentDestroyed()
            closed()
        }
    }

    /// Begins editing the session's field: previous step, field, next step in the scope.
    func begin(_ session: IMSession) {
        guard !isClosed else { return }
        let field = session.field
        session.refreshTraits()
        session.refreshMirror()
        guard !field.isEditing else { return }
        updateScreenBounds()
        for responder in scope.responders where !responder.isFirstResponder { scope.remove(responder) }
        scope.add(steps[0])
        scope.add(field)
        scope.add(steps[1])
        field.inputAccessoryView = toolbar
        field.becomeFirstResponder()
    }

    /// Ends editing of `field` if it edits here.
    func end(_ field: IMField, force: Bool = false) {
        guard field.scope === scope else { return }
        if force { scope.remove(field) } else { field.resignFirstResponder() }
    }

    /// Moves GTK focus one step along the window's focus chain, once the toolbar's tap is over.
    private func moveFocus(_ direction: FocusChainStep.GtkDirection) {
        MainLoop.soon { [weak self] in
            guard let self, !self.isClosed else { return }
            gtk_widget_child_focus(self.toplevel, direction == .forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
        }
    }

    /// The keyboard's frames are in screen coordinates: the work area of this window's monitor.
    private func updateScreenBounds() {
        guard let display = gdk_display_get_default(),
            let monitor = gtk_widget_get_window(toplevel).flatMap({ gdk_display_get_monitor_at_window(display, $0) })
        else { return }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        scope.keyboard.screenBounds = CGRect(
            x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height))
    }
}
