import CGTK
import Foundation
import KeypadCore

/// Adds keypads to a `GtkWindow` the app built (by hand or from a `.ui` file).
///
/// The host keeps GTK focus and the scope's first responder the same for the widgets
/// bound to it (``bind(_:toEntry:)``, ``bind(_:toTextView:)``): clicking or tabbing into
/// a bound entry begins its model's editing, and a model that begins editing takes GTK
/// focus. An unbound widget taking focus ends the bound model's editing and otherwise
/// behaves as GTK makes it. The keypad and accessory toolbar of the editing input show
/// where ``placement`` says, following the scope's keyboard notifications; with
/// ``avoidKeyboard(in:insetting:)`` a scrolled window keeps the editing widget above them.
///
/// ```swift
/// let ui = try UIDefinition(contentsOf: url)
/// let host = try KeypadHost(window: ui.object("window"), scope: scope)
/// try host.bind(amount, toEntry: ui.object("amount"))
/// try ui.pack(host.keypadWidget, into: "root")
/// host.present()
/// host.run()
/// ```
///
/// The window owns the host: it lives until the window is destroyed, even when the
/// app keeps no reference to it, so bound widgets keep asking their delegates. (A
/// model's `delegate` is weak, as in UIKit: the app keeps its delegates alive.)
@MainActor
public final class KeypadHost {
    /// Where the keypad appears.
    public enum Placement: String, Sendable, CaseIterable {
        /// In ``KeypadHost/keypadWidget``, which the app packs at the bottom of its window
        /// (no window manager needed).
        case docked
        /// In a separate window across the bottom of the window's monitor, which never
        /// takes focus and slides in and out.
        case window
    }

    /// The window's responders, keyboard and notifications.
    public let scope: ResponderScope
    /// Where the keypad appears.
    public let placement: Placement
    package let window: UnsafeMutablePointer<GtkWidget>
    package let coordinator: FocusCoordinator
    package let area: KeypadArea
    private var allBindings: [FieldBinding] = []
    private var avoiders: [KeyboardAvoider] = []
    private var keepAlive: Unmanaged<KeypadHost>?
    /// Follows the monitors, so the keypad follows the one under the window.
    private var monitorWatch: MonitorWatch?
    /// Whether the window was destroyed (set as destruction starts, before its
    /// children go). Nothing touches its widgets afterwards.
    public private(set) var isClosed = false
    /// Space kept between the editing widget and the keypad, in pixels.
    public var avoidanceMargin: CGFloat = 16

    /// Initializes GTK once; false when there is no display to open.
    public static func initializeGTK() -> Bool {
        if g_get_prgname() == nil, let program = CommandLine.arguments.first {
            g_set_prgname(URL(fileURLWithPath: program).lastPathComponent)
        }
        return gtk_init_check(nil, nil) != 0
    }

    /// Creates a host for `window`, a `GtkWindow *`.
    /// - Parameters:
    ///   - window: the app's window (from `gtk_window_new` or ``UIDefinition/object(_:)``).
    ///   - scope: the scope the bound models join, in the order they are bound.
    ///   - placement: where the keypad shows; with `.docked`, pack ``keypadWidget``.
    /// - Throws: ``WidgetError`` when `window` is not a `GtkWindow`.
    public init(window: UnsafeMutableRawPointer, scope: ResponderScope, placement: Placement = .docked)
        throws(WidgetError)
    {
        let widget = try WidgetError.check(window, is: "GtkWindow", keypad_is_window)
        self.window = widget
        self.scope = scope
        self.placement = placement
        coordinator = FocusCoordinator(scope: scope, window: keypad_window(widget))
        let keyHeight = KeySize.height(pixelsPerMillimetre: Monitor.pixelsPerMillimetre(of: widget))
        area = KeypadArea(scope: scope, placement: placement, keyHeight: keyHeight, parent: widget)
        onSignal(window, "destroy") { [weak self] in self?.destroyed() }
        onSignalIgnoringArgument(window, "size-allocate", after: true) { [weak self] in self?.updateScreenBounds() }
        keepAlive = Unmanaged.passRetained(self)
        updateScreenBounds()
        monitorWatch = MonitorWatch(
            layout: { [weak self] in self.flatMap { $0.isClosed ? nil : $0.monitorLayout } },
            changed: { [weak self] monitor in self?.monitorChanged(to: monitor) })
        area.compositorMonitorChanged = { [weak self] in
            guard let self, let layout = self.monitorLayout else { return }
            self.monitorChanged(to: layout)
        }
    }

    /// The window is going: stop listening, unbind every widget (their models leave the
    /// scope, ending any editing), and let go of the host.
    private func destroyed() {
        isClosed = true
        monitorWatch?.stop()
        for avoider in avoiders { avoider.stop() }
        avoiders = []
        area.parentDestroyed()
        for adapter in coordinator.adapters { adapter.unbind() }
        keepAlive?.release()
        keepAlive = nil
    }

    // MARK: - Binding widgets

    /// The docked keypad panel (a `GtkWidget *`) to pack at the bottom of the window;
    /// nil with the `.window` placement or once the window is closed.
    public var keypadWidget: UnsafeMutableRawPointer? { area.dockedWidget.map { UnsafeMutableRawPointer($0) } }

    /// The bindings still in force, in the order they were made.
    public var bindings: [FieldBinding] { allBindings.filter(\.isBound) }

    /// Binds `entry`, a `GtkEntry *` the app made, to `field`, which joins the scope.
    /// - Throws: ``WidgetError`` when `entry` is not a `GtkEntry`, is already bound, or
    ///   the window is closed.
    @discardableResult
    public func bind(_ field: TextField, toEntry entry: UnsafeMutableRawPointer) throws(WidgetError) -> FieldBinding {
        let widget = try checkBindable(entry, is: "GtkEntry", keypad_is_entry)
        return add(EntryAdapter(field: field, entry: widget, coordinator: coordinator))
    }

    /// Binds `view`, a `GtkTextView *` the app made, to `textView`, which joins the scope.
    /// The view keeps its own container; no placeholder is drawn over it.
    /// - Throws: ``WidgetError`` when `view` is not a `GtkTextView`, is already bound, or
    ///   the window is closed.
    @discardableResult
    public func bind(_ textView: TextView, toTextView view: UnsafeMutableRawPointer) throws(WidgetError) -> FieldBinding
    {
        let widget = try checkBindable(view, is: "GtkTextView", keypad_is_text_view)
        return add(TextViewAdapter(textView: textView, view: widget, frame: nil, coordinator: coordinator))
    }

    /// Makes a text view that grows line by line from `minimumHeight` to `maximumHeight`
    /// pixels, then scrolls (a chat-style input bar), showing `textView`'s placeholder
    /// while empty, and binds it to `textView`. Pack the binding's ``FieldBinding/outerWidget``.
    public func makeGrowingTextView(for textView: TextView, minimumHeight: Int = 36, maximumHeight: Int = 120)
        -> FieldBinding
    {
        let view: UnsafeMutablePointer<GtkWidget> = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(keypad_text_view(view), GTK_WRAP_WORD_CHAR)
        let frame = TextViewFrame(view: view, minimumHeight: minimumHeight, maximumHeight: maximumHeight)
        return add(TextViewAdapter(textView: textView, view: view, frame: frame, coordinator: coordinator))
    }

    private func checkBindable(
        _ pointer: UnsafeMutableRawPointer, is expected: String, _ isA: (gpointer?) -> gboolean
    ) throws(WidgetError) -> UnsafeMutablePointer<GtkWidget> {
        guard !isClosed else { throw WidgetError("cannot bind a \(expected): the window is closed") }
        let widget = try WidgetError.check(pointer, is: expected, isA)
        guard !coordinator.adapters.contains(where: { $0.focusWidget == widget }) else {
            throw WidgetError("this \(expected) is already bound")
        }
        return widget
    }

    private func add(_ adapter: any FieldAdapter) -> FieldBinding {
        // The field's keypad exists once it is bound (an app may set its locale, a trace
        // record it); its widgets wait until it first shows.
        _ = area.scope.resolvedInputView(for: adapter.responder)
        let binding = FieldBinding(adapter: adapter)
        allBindings.removeAll { !$0.isBound }
        allBindings.append(binding)
        return binding
    }

    /// Builds the keypad and toolbar views `input` will get ahead of its editing. Not
    /// needed for their heights: a view is built and measured when it first shows, before
    /// the keyboard notification. Call it to pay for the widgets up front (an input
    /// method's window, say), not on the first focus.
    public func prepare(for input: Responder) {
        guard !isClosed else { return }
        area.prepare(for: input)
    }

    /// Keeps the editing widget inside `scrolledWindow` (a `GtkScrolledWindow *`) visible
    /// above the keypad: as the keypad slides in the view scrolls, and scrolls back when
    /// it hides. With the `.window` placement, `insetting` (default: the scrolled window)
    /// gets a bottom margin as tall as the part of it the keypad window covers.
    /// - Throws: ``WidgetError`` when a pointer is not what it should be.
    public func avoidKeyboard(in scrolledWindow: UnsafeMutableRawPointer, insetting: UnsafeMutableRawPointer? = nil)
        throws(WidgetError)
    {
        guard !isClosed else { throw WidgetError("cannot avoid the keypad: the window is closed") }
        let scroller = try WidgetError.check(scrolledWindow, is: "GtkScrolledWindow", keypad_is_scrolled_window)
        let inset = try insetting.map { pointer throws(WidgetError) in
            try WidgetError.check(pointer, is: "GtkWidget", keypad_is_widget)
        }
        avoiders.append(KeyboardAvoider(host: self, scroller: scroller, inset: inset ?? scroller))
    }

    // MARK: - Showing

    /// Shows the window and everything in it, and presents it.
    ///
    /// No input edits until the user (or the app) picks one: GTK's habit of focusing the
    /// first entry of a new window would otherwise pop the keypad up at start.
    public func present(fullscreen: Bool = false) {
        guard !isClosed else { return }
        coordinator.isSuppressed = true
        gtk_widget_show_all(window)
        if scope.firstResponder == nil { gtk_window_set_focus(keypad_window(window), nil) }
        coordinator.isSuppressed = false
        if fullscreen { gtk_window_fullscreen(keypad_window(window)) }
        gtk_window_present(keypad_window(window))
    }

    /// Runs the GTK main loop until the window closes (returns at once if it is closed).
    public func run() {
        guard !isClosed else { return }
        onSignal(UnsafeMutableRawPointer(window), "destroy") { gtk_main_quit() }
        gtk_main()
    }

    /// Closes the window, destroying its widgets (their models leave the scope).
    public func close() {
        guard !isClosed else { return }
        gtk_widget_destroy(window)
    }

    // MARK: - Geometry

    /// The monitor under the window changed: the keyboard docks to its new work area
    /// (the window placement; a docked keypad follows the window's own size), and the
    /// keypad follows with keys of at least 9 mm there.
    private func monitorChanged(to monitor: MonitorLayout) {
        guard !isClosed else { return }
        updateScreenBounds()
        area.monitorChanged(to: monitor)
    }

    /// The monitor the keypad serves: the app window's, or the one the compositor put
    /// keypad-osk's keypad on (``KeypadArea/compositorMonitor``).
    private var monitorLayout: MonitorLayout? {
        area.compositorMonitor.map(Monitor.layout(ofMonitor:)) ?? Monitor.layout(of: window)
    }

    /// The keyboard's frames are in the window's coordinates (docked) or the screen's
    /// (the keypad window, across the bottom of the window's monitor).
    private func updateScreenBounds() {
        guard !isClosed else { return }
        switch placement {
        case .docked:
            scope.keyboard.screenBounds = CGRect(
                x: 0, y: 0, width: Int(gtk_widget_get_allocated_width(window)),
                height: Int(gtk_widget_get_allocated_height(window)))
        case .window:
            guard let area = area.windowPlacement.bounds(of: window, monitor: area.compositorMonitor) else { return }
            scope.keyboard.screenBounds = CGRect(
                x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height))
        }
    }

    /// The bound widget of the input editing now, if any.
    var editingWidget: UnsafeMutablePointer<GtkWidget>? {
        coordinator.adapter(for: scope.firstResponder)?.focusWidget
    }
}
