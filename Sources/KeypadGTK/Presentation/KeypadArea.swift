import CGTK
import Foundation
import KeypadCore

/// Where keypads appear: the toolbar above the keypad, docked at the bottom of the
/// app window in a ``SlideContainer`` (the kiosk default), or in a separate window that
/// never takes focus. It follows the scope's keyboard notifications, sliding with
/// the duration and curve they carry, and takes the look (`keypad-light` or
/// `keypad-dark`) of the editing input's `keyboardAppearance`. The keyboard's
/// did-notifications (didChangeFrame, didShow, didHide) go out when the slide ends,
/// as UIKit posts them once the keyboard has arrived.
@MainActor
package final class KeypadArea {
    let scope: ResponderScope
    let placement: KeypadHost.Placement
    /// The widget to pack into the app window (docked), or nil (window placement).
    private(set) var dockedWidget: UnsafeMutablePointer<GtkWidget>?
    package private(set) var floatingWindow: UnsafeMutablePointer<GtkWidget>?
    let slide: SlideContainer
    private let toolbarStack: UnsafeMutablePointer<GtkWidget>
    private let keypadStack: UnsafeMutablePointer<GtkWidget>
    private let noToolbar: UnsafeMutablePointer<GtkWidget>
    /// The keys and toolbar column, which carries the look's class.
    private let column: UnsafeMutablePointer<GtkWidget>
    package private(set) var keypadViews: [ObjectIdentifier: KeypadView] = [:]
    private var toolbarViews: [ObjectIdentifier: ToolbarView] = [:]
    private var tokens: [any NSObjectProtocol] = []
    private var shownLook: KeypadLook?
    /// The app window whose monitor the keypad window spans.
    private var parent: UnsafeMutablePointer<GtkWidget>?
    /// How the keypad window gets to the bottom of the screen (X11, Wayland with or
    /// without layer-shell); asked only with the window placement, so a docked keypad
    /// never loads gtk-layer-shell.
    var windowPlacement: KeypadWindowPlacement { .current }
    /// With layer-shell: the keypad window names no output when it maps, so the compositor puts
    /// it on the output it chooses (sway: the focused one) at each show, instead of the parent's
    /// monitor. keypad-osk's parent is a window that never shows, whose monitor says nothing of
    /// where the field is (#34).
    package var outputFromCompositor = false
    /// With layer-shell and ``outputFromCompositor``: the monitor (a `GdkMonitor *`, referenced)
    /// the compositor put the keypad window on when it last showed, as GDK learnt it
    /// (wl_surface.enter), whose work area the keyboard's frames and the keypad's width take
    /// (#34); nil before it first showed: GDK's first monitor then. ``KeypadArea+Monitor``.
    package internal(set) var compositorMonitor: OpaquePointer?
    /// Called once ``compositorMonitor`` changed (the host takes its bounds and key height).
    var compositorMonitorChanged: (() -> Void)?
    /// Posted on the scope's notification center when other views took the keypad's place
    /// with no keyboard notification: a reload, while the keypad shows, to views of the same
    /// height (the editing field's traits changed: a Qt field's hints, text-input-v3's content
    /// type). The keypad's trace writes the new keypad on it.
    package static let contentDidChangeNotification = Notification.Name("KeypadAreaContentDidChange")
    /// The height of one key; follows the monitor (``monitorChanged(to:)``).
    var keyHeight: Int
    /// The area's own padding and borders above and below its keypad and toolbar.
    private let chromeHeight: Int
    /// The edge the keypad window moves to once it slid out, during a move (``KeypadArea+Edge``).
    var movingTo: KeyboardEdge?
    /// The edge the keypad window was last placed at.
    var placedEdge = KeyboardEdge.bottom

    init(
        scope: ResponderScope, placement: KeypadHost.Placement, keyHeight: Int, parent: UnsafeMutablePointer<GtkWidget>
    ) {
        self.scope = scope
        self.placement = placement
        self.keyHeight = keyHeight
        self.parent = parent
        toolbarStack = gtk_stack_new()
        keypadStack = gtk_stack_new()
        noToolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_style_context_add_class(gtk_widget_get_style_context(column), "keypad-area")
        for stack in [toolbarStack, keypadStack] {
            gtk_stack_set_vhomogeneous(keypad_stack(stack), 0)
            gtk_stack_set_transition_type(keypad_stack(stack), GTK_STACK_TRANSITION_TYPE_NONE)
            gtk_box_pack_start(keypad_box(column), stack, 0, 0, 0)
        }
        gtk_container_add(keypad_container(toolbarStack), noToolbar)
        chromeHeight = Self.verticalChrome(of: column)
        slide = SlideContainer(child: column)
        switch placement {
        case .docked:
            dockedWidget = slide.widget
        case .window:
            let window = windowPlacement.makeWindow(parent: parent)
            gtk_container_add(keypad_container(window), slide.widget)
            floatingWindow = window
        }
        slide.onSlideEnd = { [weak self] in self?.slideEnded() }
        scope.keyboard.animatesTransitions = true
        // Views are made when their keypad or toolbar first shows, not when a field is
        // bound: a form's other keypads cost no widgets (and a decimal pad no number
        // formatter) until they appear.
        scope.keyboard.willShowViews = { [weak self] inputView, accessoryView in
            guard let self else { return }
            self.prepare(inputView: inputView, accessoryView: accessoryView)
            // A reload while showing (the editing field's traits changed: keypad-osk's one
            // input taking another app's field) to a keypad of the same height posts no
            // notification: the views change once the keyboard has taken them. The same views
            // again need nothing.
            let keyboard = self.scope.keyboard
            guard keyboard.isVisible, inputView !== keyboard.inputView || accessoryView !== keyboard.accessoryView
            else { return }
            let height = (inputView?.preferredHeight ?? 0) + (accessoryView?.preferredHeight ?? 0)
            let unannounced = keyboard.frame?.height == height && accessoryView === keyboard.accessoryView
            _ = MainLoop.soon { [weak self] in
                guard let self, self.scope.keyboard.isVisible else { return }
                self.showContent()
                if unannounced {
                    self.scope.notificationCenter.post(name: Self.contentDidChangeNotification, object: nil)
                }
            }
        }
        observeKeyboard()
        updateLook()
        if let floatingWindow {
            onSignal(UnsafeMutableRawPointer(floatingWindow), "destroy") { [weak self] in self?.floatingWindow = nil }
        }
    }

    isolated deinit {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
        if let compositorMonitor { g_object_unref(UnsafeMutableRawPointer(compositorMonitor)) }
    }

    /// The app window was destroyed (and with it the docked area or, by
    /// destroy-with-parent, the keypad window): stop following the keyboard.
    func parentDestroyed() {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
        tokens = []
        // Nothing slides any more: a transition under way ends now, later ones at once.
        scope.keyboard.animatesTransitions = false
        dockedWidget = nil
        floatingWindow = nil
        parent = nil
        scope.keyboard.willShowViews = nil
    }

    /// Top and bottom padding plus borders that `widget`'s CSS gives it.
    private static func verticalChrome(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        guard let context = gtk_widget_get_style_context(widget) else { return 0 }
        let state = gtk_style_context_get_state(context)
        var padding = GtkBorder()
        var border = GtkBorder()
        gtk_style_context_get_padding(context, state, &padding)
        gtk_style_context_get_border(context, state, &border)
        return Int(padding.top) + Int(padding.bottom) + Int(border.top) + Int(border.bottom)
    }

    /// Creates (once) the views of the keypad and toolbar `responder` will get, so their
    /// real heights are known before the first keyboard notification.
    func prepare(for responder: Responder) {
        prepare(inputView: scope.resolvedInputView(for: responder), accessoryView: responder.inputAccessoryView)
    }

    /// Creates (once) the views of a keypad and toolbar, which measure their heights.
    private func prepare(inputView: (any InputView)?, accessoryView: (any InputAccessoryView)?) {
        if let keypad = inputView as? Keypad { _ = view(for: keypad) }
        if let toolbar = accessoryView as? AccessoryToolbar { _ = view(for: toolbar) }
    }

    /// The view of `keypad`, made once. Only the keypad on screen sits in the widget
    /// tree, so accessible names ("7", "Delete") stay unique within the window.
    func view(for keypad: Keypad) -> KeypadView {
        if let existing = keypadViews[ObjectIdentifier(keypad)] { return existing }
        let view = KeypadView(keypad: keypad, keyHeight: keyHeight, chromeHeight: chromeHeight)
        keypadViews[ObjectIdentifier(keypad)] = view
        return view
    }

    /// Puts `widget` alone in the keypad stack.
    private func showOnly(_ widget: UnsafeMutablePointer<GtkWidget>) {
        for view in keypadViews.values {
            guard let other = view.widget, other != widget, gtk_widget_get_parent(other) != nil else { continue }
            gtk_container_remove(keypad_container(keypadStack), other)
        }
        if gtk_widget_get_parent(widget) == nil { gtk_container_add(keypad_container(keypadStack), widget) }
        gtk_widget_show_all(widget)
        gtk_stack_set_visible_child(keypad_stack(keypadStack), widget)
    }

    private func view(for toolbar: AccessoryToolbar) -> ToolbarView {
        if let existing = toolbarViews[ObjectIdentifier(toolbar)] { return existing }
        let view = ToolbarView(toolbar: toolbar)
        if let widget = view.widget { gtk_container_add(keypad_container(toolbarStack), widget) }
        toolbarViews[ObjectIdentifier(toolbar)] = view
        return view
    }

    /// Whether the keypad is sliding in or out now.
    package var isSliding: Bool { slide.isSliding }

    /// Whether the keypad is revealed (or revealing).
    package var isRevealed: Bool { slide.isRevealed }

    /// The height the keypad and its toolbar take on screen now, if shown.
    package var shownHeight: Int? {
        guard isRevealed, gtk_widget_get_mapped(slide.widget) != 0 else { return nil }
        return Int(gtk_widget_get_allocated_height(slide.widget))
    }

    /// The widget of the keypad on screen, if any.
    package var visibleKeypadWidget: UnsafeMutablePointer<GtkWidget>? {
        guard let keypad = scope.keyboard.inputView as? Keypad else { return nil }
        return keypadViews[ObjectIdentifier(keypad)]?.widget
    }

    private func observeKeyboard() {
        let center = scope.notificationCenter
        tokens.append(
            keyboardObserver(Responder.keyboardWillShowNotification, on: center) { [weak self] transition in
                self?.show(transition)
            })
        tokens.append(
            keyboardObserver(Responder.keyboardWillHideNotification, on: center) { [weak self] transition in
                self?.hide(transition)
            })
        tokens.append(
            keyboardObserver(Responder.keyboardWillChangeFrameNotification, on: center) { [weak self] transition in
                self?.moveIfEdgeChanged(transition)
            })
        // A move to a field whose keypad (and toolbar) has the same height sends no keyboard
        // notification, yet its keypad, toolbar or look may differ (decimal pad → phone pad).
        for name in [TextField.textDidBeginEditingNotification, TextView.textDidBeginEditingNotification] {
            tokens.append(
                observeOnMainActor(name, on: center) { [weak self] _ in
                    guard let self else { return }
                    if self.scope.keyboard.isVisible { self.showContent() } else { self.updateLook() }
                })
        }
    }

    /// Puts the look of the editing input's `keyboardAppearance` on the keys and toolbar.
    /// With nothing editing the look stays, so a keypad sliding out keeps its colours.
    private func updateLook() {
        let look = KeypadLook(scope.firstResponder?.textInputTraits.keyboardAppearance, theme: Theme.installed)
        guard look != shownLook else { return }
        let context = gtk_widget_get_style_context(column)
        if let shownLook { gtk_style_context_remove_class(context, shownLook.cssClass) }
        gtk_style_context_add_class(context, look.cssClass)
        shownLook = look
    }

    /// Puts the keyboard's keypad and toolbar, in the editing input's look, in the area.
    private func showContent() {
        let keyboard = scope.keyboard
        updateLook()
        if let keypad = keyboard.inputView as? Keypad, let widget = view(for: keypad).widget {
            showOnly(widget)
        }
        let toolbarWidget = (keyboard.accessoryView as? AccessoryToolbar).flatMap { view(for: $0).widget } ?? noToolbar
        gtk_widget_show_all(toolbarWidget)
        gtk_stack_set_visible_child(keypad_stack(toolbarStack), toolbarWidget)
    }

    private func show(_ transition: KeyboardTransition?) {
        let keyboard = scope.keyboard
        showContent()
        movingTo = nil
        if let window = floatingWindow {
            placeWindow(window)
            gtk_widget_show(window)
        }
        slide.setRevealed(
            true, duration: transition?.animationDuration ?? keyboard.animationDuration,
            curve: transition?.animationCurve ?? keyboard.animationCurve)
        // A view made just now (a toolbar given to the field after it was added) may
        // measure other than the height the frame was worked out with: post it anew.
        let measured = (keyboard.inputView?.preferredHeight ?? 0) + (keyboard.accessoryView?.preferredHeight ?? 0)
        if let frame = keyboard.frame, frame.height != measured {
            MainLoop.soon { [weak self] in self?.scope.reloadInputViews() }
        }
    }

    private func hide(_ transition: KeyboardTransition?) {
        movingTo = nil
        let duration = transition?.animationDuration ?? scope.keyboard.animationDuration
        slide.setRevealed(false, duration: duration, curve: transition?.animationCurve ?? scope.keyboard.animationCurve)
    }

    /// A reveal or hide has arrived: the keyboard's did-notifications go out, and a
    /// hidden keypad's window goes away. Not on a timer of the slide's duration: a
    /// window hidden before the slide's last frame stops its frames.
    private func slideEnded() {
        if continueMove() { return }
        scope.keyboard.finishTransition()
        if !isRevealed, let window = floatingWindow { gtk_widget_hide(window) }
        if isRevealed { learnCompositorMonitor() }
    }

    /// Puts the keypad window across the bottom (or the keyboard's ``OnScreenKeyboard/edge``)
    /// of the app window's monitor's work area (on Wayland without layer-shell: of the app window).
    func placeWindow(_ window: UnsafeMutablePointer<GtkWidget>) {
        windowPlacement.place(
            window, parent: parent, height: Int(scope.keyboard.frame?.height ?? 300), edge: scope.keyboard.edge,
            outputFromCompositor: outputFromCompositor, monitor: compositorMonitor)
        placedEdge = scope.keyboard.edge
    }
}

/// The two looks of keypads and toolbars (`Resources/themes/keypad.css`).
enum KeypadLook: Equatable {
    case light, dark

    /// The look for `appearance`; `.default` (or no input) takes the installed theme's.
    init(_ appearance: KeyboardAppearance?, theme: Theme?) {
        switch appearance ?? .default {
        case .light: self = .light
        case .dark: self = .dark
        case .default: self = theme == .dark ? .dark : .light
        }
    }

    /// The class on the keypad area.
    var cssClass: String {
        switch self {
        case .light: "keypad-light"
        case .dark: "keypad-dark"
        }
    }
}
