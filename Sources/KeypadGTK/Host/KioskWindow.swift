import CGTK
import Foundation
import KeypadCore

/// A kiosk form window: labelled fields in a scrolling column, an optional input bar
/// docked at the bottom (a growing text view), and the keypad area below them.
///
/// The window keeps the editing field visible: as the docked keypad slides in, the
/// column shrinks and scrolls in step with the animation; when the keypad hides,
/// the column scrolls back to where it was.
@MainActor
public final class KioskWindow {
    /// Where the keypad appears.
    public enum Placement: String, Sendable, CaseIterable {
        /// Docked at the bottom of this window (the kiosk default; no window manager needed).
        case docked
        /// In a separate window across the bottom of the screen that never takes focus.
        case window
    }

    /// The window's focus, keyboard and notifications.
    public let scope: ResponderScope
    let window: UnsafeMutablePointer<GtkWidget>
    let coordinator: FocusCoordinator
    let area: KeypadArea
    private let form: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let bottomBar: UnsafeMutablePointer<GtkWidget>
    /// Below everything: as tall as the part of this window a separate keypad window
    /// covers, so the form and the input bar stay above it (window placement).
    private let keypadInset: UnsafeMutablePointer<GtkWidget>
    /// Whether the window was destroyed (set as destruction starts, before its children
    /// go: fields destroyed after the form's scroller end editing, and the keypad's hide
    /// must not scroll it). Nothing touches its widgets afterwards.
    public private(set) var isClosed = false
    private var rows: gint = 0
    private var avoidance = AvoidanceState()
    private(set) var entryAdapters: [EntryAdapter] = []
    private(set) var textViewAdapters: [TextViewAdapter] = []
    private var tokens: [any NSObjectProtocol] = []
    /// Space kept between the editing field and the keypad, in pixels.
    public var avoidanceMargin: CGFloat = 16

    /// Initializes GTK once; false when there is no display to open.
    public static func initializeGTK() -> Bool {
        if g_get_prgname() == nil, let program = CommandLine.arguments.first {
            g_set_prgname(URL(fileURLWithPath: program).lastPathComponent)
        }
        return gtk_init_check(nil, nil) != 0
    }

    /// Creates the window (hidden until ``present()``).
    public init(
        title: String, scope: ResponderScope, placement: Placement = .docked, width: Int = 540, height: Int = 720
    ) {
        self.scope = scope
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(keypad_window(window), title)
        gtk_window_set_default_size(keypad_window(window), gint(width), gint(height))
        gtk_style_context_add_class(gtk_widget_get_style_context(window), "keypad-kiosk")
        coordinator = FocusCoordinator(scope: scope, window: keypad_window(window))
        let keyHeight = KeySize.height(pixelsPerMillimetre: KeySize.monitorPixelsPerMillimetre())
        area = KeypadArea(scope: scope, placement: placement, keyHeight: keyHeight, parent: window)
        form = gtk_grid_new()
        gtk_grid_set_row_spacing(keypad_grid(form), 12)
        gtk_grid_set_column_spacing(keypad_grid(form), 12)
        for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            set(form, 16)
        }
        scroller = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(keypad_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_overlay_scrolling(keypad_scrolled_window(scroller), 0)
        // Tab moves between the fields, never onto the form's scroller itself.
        gtk_widget_set_can_focus(scroller, 0)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_container_add(keypad_container(scroller), form)
        bottomBar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        let column: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(keypad_box(column), scroller, 1, 1, 0)
        gtk_box_pack_start(keypad_box(column), bottomBar, 0, 0, 0)
        keypadInset = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(keypad_box(column), keypadInset, 0, 0, 0)
        if let docked = area.dockedWidget { gtk_box_pack_start(keypad_box(column), docked, 0, 0, 0) }
        gtk_container_add(keypad_container(window), column)
        onSignal(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.destroyed() }
        onSignalIgnoringArgument(UnsafeMutableRawPointer(scroller), "size-allocate", after: true) { [weak self] in self?.revealEditingField() }
        onSignalIgnoringArgument(UnsafeMutableRawPointer(window), "size-allocate", after: true) { [weak self] in self?.updateScreenBounds() }
        observeKeyboard()
    }

    isolated deinit {
        for token in tokens { scope.notificationCenter.removeObserver(token) }
    }

    /// The window is gone: stop listening, and never touch its widgets again.
    private func destroyed() {
        isClosed = true
        for token in tokens { scope.notificationCenter.removeObserver(token) }
        tokens = []
        area.parentDestroyed()
    }

    // MARK: - Building the form

    /// Adds a labelled single-line field; its model joins the scope in this order.
    public func addField(_ field: TextField, label: String) {
        let adapter = EntryAdapter(field: field, coordinator: coordinator)
        entryAdapters.append(adapter)
        let caption: UnsafeMutablePointer<GtkWidget> = gtk_label_new(label)
        gtk_widget_set_halign(caption, GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(caption), "keypad-caption")
        gtk_grid_attach(keypad_grid(form), caption, 0, rows, 1, 1)
        if let entry = adapter.entry {
            gtk_grid_attach(keypad_grid(form), entry, 0, rows + 1, 1, 1)
            // The caption labels the entry for assistive technology (label-for / labelled-by).
            gtk_label_set_mnemonic_widget(keypad_label(caption), entry)
        }
        rows += 2
        area.prepare(for: field)
    }

    /// Docks a growing text view at the bottom, above the keypad (a chat-style input
    /// bar): it rides up with the keypad and grows line by line up to `maximumHeight`.
    public func setInputBar(_ textView: TextView, minimumHeight: Int = 36, maximumHeight: Int = 120) {
        let adapter = TextViewAdapter(
            textView: textView, coordinator: coordinator, minimumHeight: minimumHeight, maximumHeight: maximumHeight)
        textViewAdapters.append(adapter)
        if let frame = adapter.frame?.widget {
            gtk_widget_set_margin_start(frame, 16)
            gtk_widget_set_margin_end(frame, 16)
            gtk_widget_set_margin_bottom(frame, 8)
            gtk_box_pack_start(keypad_box(bottomBar), frame, 1, 1, 0)
        }
        area.prepare(for: textView)
    }

    // MARK: - Showing

    /// Shows the window (and, for tests without a window manager, gives it focus).
    ///
    /// No field edits until the user (or the app) picks one: GTK's habit of focusing
    /// the first entry of a new window would otherwise pop the keypad up at start.
    public func present(fullscreen: Bool = false) {
        coordinator.isSuppressed = true
        gtk_widget_show_all(window)
        if scope.firstResponder == nil { gtk_window_set_focus(keypad_window(window), nil) }
        coordinator.isSuppressed = false
        if fullscreen { gtk_window_fullscreen(keypad_window(window)) }
        gtk_window_present(keypad_window(window))
    }

    /// Runs the GTK main loop until the window closes.
    public func run() {
        onSignal(UnsafeMutableRawPointer(window), "destroy") { gtk_main_quit() }
        gtk_main()
    }

    /// Closes the window, destroying its widgets (their fields leave the scope).
    public func close() {
        guard !isClosed else { return }
        gtk_widget_destroy(window)
    }

    /// Saves what the window shows (with the keypad window, the whole screen) as a PNG.
    public func saveScreenshot(to url: URL) throws(ThemeError) {
        MainLoop.drain()
        guard !isClosed else { throw ThemeError(file: url.lastPathComponent, line: nil, message: "the window is closed") }
        let target = area.floatingWindow == nil ? gtk_widget_get_window(window) : gdk_get_default_root_window()
        guard let target else { throw ThemeError(file: url.lastPathComponent, line: nil, message: "window not realized") }
        let width = gdk_window_get_width(target)
        let height = gdk_window_get_height(target)
        guard let pixbuf = gdk_pixbuf_get_from_window(target, 0, 0, width, height) else {
            throw ThemeError(file: url.lastPathComponent, line: nil, message: "could not read the window")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_savev(pixbuf, url.path, "png", nil, nil, &error)
        if saved == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not saved"
            if let error { g_error_free(error) }
            throw ThemeError(file: url.lastPathComponent, line: nil, message: message)
        }
    }

    // MARK: - Keeping the field visible

    private func observeKeyboard() {
        let center = scope.notificationCenter
        tokens.append(keyboardObserver(Responder.keyboardWillShowNotification, on: center) { [weak self] transition in
            self?.keypadWillShow(transition)
        })
        tokens.append(keyboardObserver(Responder.keyboardDidHideNotification, on: center) { [weak self] _ in
            self?.keypadDidHide()
        })
    }

    private func keypadWillShow(_ transition: KeyboardTransition?) {
        guard area.placement == .window, let frame = transition?.endFrame ?? scope.keyboard.frame else { return }
        gtk_widget_set_size_request(keypadInset, -1, gint(KeyboardAvoidance.keypadOverlap(container: screenFrame, keyboardFrame: frame)))
    }

    private func keypadDidHide() {
        // A show that interrupted the hide's slide posts its will-notifications before
        // the hide's did-notifications (UIKit's order): the keypad is coming back.
        guard !scope.keyboard.isVisible else { return }
        gtk_widget_set_size_request(keypadInset, -1, 0)
        restoreScroll()
    }

    /// The window's frame on the screen (the keyboard's frames are in screen coordinates
    /// with the window placement).
    private var screenFrame: CGRect {
        var x: gint = 0
        var y: gint = 0
        if let gdkWindow = gtk_widget_get_window(window) { gdk_window_get_origin(gdkWindow, &x, &y) }
        return CGRect(
            x: Int(x), y: Int(y), width: Int(gtk_widget_get_allocated_width(window)),
            height: Int(gtk_widget_get_allocated_height(window)))
    }

    private func updateScreenBounds() {
        let width = gtk_widget_get_allocated_width(window)
        let height = gtk_widget_get_allocated_height(window)
        if area.placement == .docked {
            scope.keyboard.screenBounds = CGRect(x: 0, y: 0, width: Int(width), height: Int(height))
        } else if let display = gdk_display_get_default(),
            let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        {
            var area = GdkRectangle()
            gdk_monitor_get_workarea(monitor, &area)
            scope.keyboard.screenBounds = CGRect(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height))
        }
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment>? {
        guard !isClosed else { return nil }
        return gtk_scrolled_window_get_vadjustment(keypad_scrolled_window(scroller))
    }

    /// Scrolls the form so the editing entry (plus the margin) is inside the visible part.
    private func revealEditingField() {
        guard !isClosed, scope.keyboard.isVisible, let adjustment,
            let entry = entryAdapters.first(where: { $0.field.isFirstResponder })?.entry
        else { return }
        // In the scrolled content's coordinates: where the viewport shows the entry now,
        // plus how far the content is scrolled (the form's own margins included).
        var x: gint = 0
        var y: gint = 0
        guard let viewport = gtk_bin_get_child(keypad_bin(scroller)),
            gtk_widget_translate_coordinates(entry, viewport, 0, 0, &x, &y) != 0
        else { return }
        let target = CGRect(
            x: CGFloat(x), y: CGFloat(y) + gtk_adjustment_get_value(adjustment), width: 1,
            height: CGFloat(gtk_widget_get_allocated_height(entry)))
        let offset = avoidance.keypadShown(
            revealing: target, margin: avoidanceMargin, currentOffset: gtk_adjustment_get_value(adjustment),
            visibleHeight: gtk_adjustment_get_page_size(adjustment), contentHeight: gtk_adjustment_get_upper(adjustment))
        if offset != gtk_adjustment_get_value(adjustment) { gtk_adjustment_set_value(adjustment, offset) }
    }

    private func restoreScroll() {
        guard let adjustment else { return }
        gtk_adjustment_set_value(adjustment, avoidance.keypadHidden(currentOffset: gtk_adjustment_get_value(adjustment)))
    }
}

extension KioskWindow {
    /// Runs the main loop for `seconds` (for scripts and tests that wait for an animation).
    public static func pump(seconds: Double) {
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        while g_get_monotonic_time() < end {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(2000) }
        }
    }
}
