import CGTK
import Foundation
import KeypadCore
import KeypadForeignField
import KeypadGTK

/// One app window that has had an editing field: its scope (focus, default keypads,
/// keyboard notifications), the accessory toolbar, and a ``KeypadHost`` with the keypad
/// in its own window across the bottom of this window's monitor, which never takes
/// focus and slides in and out. No widget is bound to the host: the module's fields
/// stand for the widgets instead.
///
/// The scope holds the editing field between two ``NeighbourFieldStandIn``s, so the toolbar's
/// previous and next move GTK focus along the window's focus chain.
@MainActor
final class IMWindow {
    let toplevel: UnsafeMutablePointer<GtkWidget>
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    private let toolbar: AccessoryToolbar
    private let host: KeypadHost
    private var neighbours: [NeighbourFieldStandIn] = []
    /// The scrolled windows the host keeps editing widgets visible in.
    private var avoidedScrollers: Set<UnsafeMutablePointer<GtkWidget>> = []
    /// The session editing now.
    private weak var editing: IMSession?
    private let configuration: IMConfiguration
    private(set) var isClosed = false
    /// Writes the keypad to the trace, when `KEYPAD_IM_TRACE` is set.
    private var tracer: KeypadTracer?

    /// Creates the window's keypad host; `closed` runs once GTK destroys the window.
    /// Whether the window's fields sit in GTK's focus chain, for previous and next: not in the
    /// ``StandInWindow`` of an app that gives no widget, nor in a web page (Firefox), where a
    /// step along GTK's chain leaves the page and comes back to the same field.
    private let hasFocusChain: Bool

    /// `tellsSecureFields`: whether the app gives a password field a purpose of its own (not
    /// in the ``StandInWindow`` of an app that gives no widget: Chromium); if not, the trace
    /// conceals every key.
    init?(
        toplevel: UnsafeMutablePointer<GtkWidget>, configuration: IMConfiguration, hasFocusChain: Bool = true,
        tellsSecureFields: Bool = true, closed: @escaping () -> Void
    ) {
        self.toplevel = toplevel
        self.hasFocusChain = hasFocusChain
        self.configuration = configuration
        toolbar = AccessoryToolbar(notificationCenter: scope.notificationCenter, locale: configuration.labelLocale)
        scope.layoutCatalog = configuration.layoutCatalog
        guard let host = try? KeypadHost(window: UnsafeMutableRawPointer(toplevel), scope: scope, placement: .window)
        else { return nil }
        self.host = host
        host.unboundEditingWidget = { [weak self] in self?.editing?.client?.widget }
        if IMTrace.isOn {
            tracer = KeypadTracer(scope: scope, area: host.area, concealsEveryKey: !tellsSecureFields)
        }
        scope.defaultKeypad(for: .numberPad).scramblesDigitsForSecureInput = configuration.scramblesPIN
        neighbours = [.backward, .forward].map { direction in
            NeighbourFieldStandIn(direction) { [weak self] direction in self?.moveFocus(direction) }
        }
        onSignal(UnsafeMutableRawPointer(toplevel), "destroy") { [weak self] in
            guard let self else { return }
            self.isClosed = true
            closed()
        }
    }

    /// Begins editing the session's field: its previous neighbour, itself, its next neighbour in the scope.
    func begin(_ session: IMSession) {
        guard !isClosed else { return }
        let field = session.field
        field.locale = configuration.numericLocale
        session.refreshTraits()
        session.refreshMirror()
        guard !field.isEditing else { return }
        for responder in scope.responders where !responder.isFirstResponder { scope.remove(responder) }
        if hasFocusChain { scope.add(neighbours[0]) }
        scope.add(field)
        if hasFocusChain { scope.add(neighbours[1]) }
        field.inputAccessoryView = toolbar
        host.prepare(for: field)
        editing = session
        avoidKeypad(around: session)
        for keypad in scope.createdDefaultKeypads where keypad.locale != configuration.labelLocale {
            keypad.locale = configuration.labelLocale
        }
        field.becomeFirstResponder()
    }

    /// Keeps the widget visible above the keypad where GTK allows it: inside a scrolled
    /// window, which then gets a bottom margin as tall as the keypad covers of it and
    /// scrolls the widget into the rest (and gives both back when the keypad hides).
    private func avoidKeypad(around session: IMSession) {
        guard let widget = session.client?.widget,
            let scroller = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
            !avoidedScrollers.contains(scroller)
        else { return }
        avoidedScrollers.insert(scroller)
        onSignal(UnsafeMutableRawPointer(scroller), "destroy") { [weak self] in self?.avoidedScrollers.remove(scroller)
        }
        try? host.avoidKeyboard(in: UnsafeMutableRawPointer(scroller))
    }

    /// Ends editing of `field` if it edits here.
    func end(_ field: ForeignField, force: Bool = false) {
        guard field.scope === scope else { return }
        if force { scope.remove(field) } else { field.resignFirstResponder() }
    }

    /// Moves GTK focus one step along the window's focus chain, once the toolbar's tap is over.
    private func moveFocus(_ direction: NeighbourFieldStandIn.Direction) {
        MainLoop.soon { [weak self] in
            guard let self, !self.isClosed else { return }
            gtk_widget_child_focus(self.toplevel, direction == .forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
        }
    }
}
