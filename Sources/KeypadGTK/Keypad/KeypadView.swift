import CGTK
import Foundation
import KeypadCore

/// Draws a `Keypad` as touch-sized GtkButtons that never take focus.
///
/// Keys act on the pointer's or a finger's press, not on release; both reach them
/// through one ``KeyTouchSurface`` above the grid, every finger on a key of its own. The release, and a one-shot GLib timer
/// scheduled only while the keypad has a deadline (repeat, long press), do the rest —
/// an idle keypad runs no timer. AT-SPI's "press" action arrives as `clicked` and
/// taps the key.
@MainActor
package final class KeypadView {
    let keypad: Keypad
    /// The keypad's top widget (the touch surface over its grid); nil once destroyed.
    package private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var grid: UnsafeMutablePointer<GtkWidget>?
    private let surface: KeyTouchSurface
    private var buttons: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var shownIDs: [[String]] = []
    private var shownKeys: [String: KeypadKey] = [:]
    private var timer: guint = 0
    /// The height of one key in pixels; set anew when the monitor changes, it resizes the
    /// keys and the keypad's `preferredHeight`.
    var keyHeight: Int {
        didSet { if keyHeight != oldValue { resizeKeys() } }
    }
    private var observation: ObservationToken?
    private let alternatives = AlternativesPopover()

    /// Pixels the keypad's surroundings add to its own height (the area's padding).
    private let chromeHeight: Int

    /// - Parameters:
    ///   - keyHeight: the height of one key in pixels (at least 9 mm on the monitor).
    ///   - chromeHeight: pixels the surroundings add, counted into the keypad's
    ///     `preferredHeight` so the keyboard's frame is what the screen shows.
    init(keypad: Keypad, keyHeight: Int, chromeHeight: Int = 0) {
        self.keypad = keypad
        self.keyHeight = keyHeight
        self.chromeHeight = chromeHeight
        let grid: UnsafeMutablePointer<GtkWidget> = gtk_grid_new()
        self.grid = grid
        gtk_grid_set_row_spacing(keypad_grid(grid), 6)
        gtk_grid_set_column_spacing(keypad_grid(grid), 6)
        gtk_grid_set_column_homogeneous(keypad_grid(grid), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(grid), "keypad")
        surface = KeyTouchSurface(child: grid)
        widget = surface.widget
        g_object_ref_sink(UnsafeMutableRawPointer(surface.widget))
        onSignal(UnsafeMutableRawPointer(surface.widget), "destroy") { [weak self] in self?.destroyed() }
        observation = keypad.addObserver { [weak self] change in self?.keypadChanged(change) }
        alternatives.onChoose = { [weak self] index in self?.chooseAlternative(index) }
        connectSurface()
        rebuild()
    }

    isolated deinit {
        MainLoop.cancel(timer)
        if let observation { keypad.removeObserver(observation) }
        if let widget { g_object_unref(UnsafeMutableRawPointer(widget)) }
    }

    /// The button of key `id`, if it is on the page shown.
    package func button(id: String) -> UnsafeMutablePointer<GtkWidget>? { buttons[id] }

    /// The height the keypad takes: its rows of keys plus spacing, and the padding and
    /// borders its CSS gives it, as GTK measures them.
    var height: Int {
        guard let widget else { return 0 }
        var minimum: gint = 0
        var natural: gint = 0
        gtk_widget_get_preferred_height(widget, &minimum, &natural)
        return Int(max(minimum, natural))
    }

    private func destroyed() {
        alternatives.destroy()
        MainLoop.cancel(timer)
        timer = 0
        buttons = [:]
        surface.dropHeldButton()
        if let widget { g_object_unref(UnsafeMutableRawPointer(widget)) }
        widget = nil
        grid = nil
    }

    /// Presses, drags and releases from the touch surface act on the keypad, each
    /// finger (and the pointer) holding its own key.
    private func connectSurface() {
        // In reading order: a press exactly between two keys goes to the first.
        surface.keys = { [weak self] in
            guard let self else { return [] }
            return self.shownIDs.joined().compactMap { id in self.buttons[id].map { (id: id, button: $0) } }
        }
        surface.onPress = { [weak self] id, touch in
            guard let self else { return }
            self.keypad.pressKey(id, at: MainLoop.now, touch: touch)
            self.scheduleTimer()
        }
        // A finger holding a key with alternatives slides over them to choose.
        surface.onDrag = { [weak self] id, touch, x, y in
            guard let self, let popup = self.keypad.alternativesPopup, popup.keyID == id, popup.touch == touch,
                let index = self.alternatives.index(atScreenX: x, y: y)
            else { return }
            self.keypad.selectAlternative(index)
        }
        surface.onRelease = { [weak self] id, touch, x, y in
            guard let self else { return }
            // Lifting over an offered alternative chooses it, whether or not a drag got there first.
            if self.keypad.alternativesPopup?.keyID == id, let index = self.alternatives.index(atScreenX: x, y: y) {
                self.keypad.selectAlternative(index)
            }
            self.keypad.releaseKey(id, at: MainLoop.now, touch: touch)
            self.scheduleTimer()
        }
        surface.onCancel = { [weak self] _, touch in
            guard let self else { return }
            self.keypad.cancelPress(touch: touch)
            self.scheduleTimer()
        }
    }

    private func keypadChanged(_ change: Keypad.Change) {
        switch change {
        case .binding, .keys: refresh()
        case .alternatives: showAlternatives()
        case .keyActivated, .keyRejected: break
        }
    }

    /// The held key's alternatives above it while the keypad offers them.
    private func showAlternatives() {
        guard let popup = keypad.alternativesPopup, let key = buttons[popup.keyID] else { return alternatives.hide() }
        alternatives.show(popup, above: key, keyHeight: keyHeight)
    }

    /// An alternative was clicked (AT-SPI's press, or a tap once offered): it types.
    private func chooseAlternative(_ index: Int) {
        guard let popup = keypad.alternativesPopup else { return }
        keypad.selectAlternative(index)
        keypad.releaseKey(popup.keyID, at: MainLoop.now, touch: popup.touch)
        scheduleTimer()
    }

    /// The labels of the alternatives on screen, if any (for tests and scripts).
    package var alternativeLabels: [String]? { alternatives.labels }

    /// The buttons of the alternatives on screen, in order.
    package var alternativeButtons: [UnsafeMutablePointer<GtkWidget>] { alternatives.alternativeButtons }

    /// Updates labels and enabled states in place; rebuilds only when the keys themselves changed.
    private func refresh() {
        let rows = Self.drawable(keypad.rows)
        guard rows.map({ $0.map(\.id) }) == shownIDs else { return rebuild() }
        for key in rows.joined() where shownKeys[key.id] != key {
            guard let button = buttons[key.id] else { continue }
            let old = shownKeys[key.id]
            if old?.label != key.label { gtk_button_set_label(keypad_button(button), key.label) }
            if old?.isEnabled != key.isEnabled { gtk_widget_set_sensitive(button, key.isEnabled ? 1 : 0) }
            if old?.accessibleName != key.accessibleName { Accessibility.name(button, key.accessibleName) }
            shownKeys[key.id] = key
        }
    }

    private func rebuild() {
        guard let grid else { return }
        alternatives.destroy()
        surface.dropHeldButton()
        for button in buttons.values { gtk_widget_destroy(button) }
        buttons = [:]
        let rows = Self.drawable(keypad.rows)
        shownIDs = rows.map { $0.map(\.id) }
        // Half-key grid columns; widths clamped first, so no width converts to Int or gint out of range.
        let spans = rows.map { row in
            row.map { max(1, Int((KeypadLayout.Limits.drawableWidth($0.width) * 2).rounded())) }
        }
        let columns = spans.map { $0.reduce(0, +) }.max() ?? 0
        for (rowIndex, row) in rows.enumerated() {
            var column = (columns - spans[rowIndex].reduce(0, +)) / 2
            for (keyIndex, key) in row.enumerated() {
                let button = makeButton(key)
                gtk_grid_attach(
                    keypad_grid(grid), button, gint(column), gint(rowIndex), gint(spans[rowIndex][keyIndex]), 1)
                column += spans[rowIndex][keyIndex]
            }
        }
        gtk_widget_show_all(grid)
        // Before the keyboard's frame is worked out anew (a page with more rows, say).
        keypad.preferredHeight = CGFloat(height + chromeHeight)
    }

    /// The rows as far as a window can show them: at most the layout limits' rows and
    /// keys per row, labels cut to their limit (a layout built in code is not checked).
    private static func drawable(_ rows: [[KeypadKey]]) -> [[KeypadKey]] {
        typealias Limits = KeypadLayout.Limits
        return rows.prefix(Limits.maximumRows).map { row in
            row.prefix(Limits.maximumKeysPerRow).map { key in
                var key = key
                if key.label.count > Limits.maximumLabelLength {
                    key.label = String(key.label.prefix(Limits.maximumLabelLength))
                }
                return key
            }
        }
    }

    private func makeButton(_ key: KeypadKey) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(key.label)
        gtk_widget_set_can_focus(button, 0)
        gtk_widget_set_focus_on_click(button, 0)
        gtk_widget_set_size_request(button, -1, gint(keyHeight))
        gtk_widget_set_sensitive(button, key.isEnabled ? 1 : 0)
        let context = gtk_widget_get_style_context(button)
        gtk_style_context_add_class(context, "keypad-key")
        gtk_style_context_add_class(context, "keypad-key-\(key.role.rawValue)")
        gtk_widget_set_name(button, "key-\(key.id)")
        Accessibility.name(button, key.accessibleName)
        let id = key.id
        surface.adopt(button)
        // The pointer acts through the surface; AT-SPI's press action arrives here.
        onSignal(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
            self?.keypad.tapKey(id, at: MainLoop.now)
        }
        buttons[id] = button
        shownKeys[id] = key
        return button
    }

    /// Gives every key the current ``keyHeight``, and the keypad the height it now takes.
    private func resizeKeys() {
        for button in buttons.values { gtk_widget_set_size_request(button, -1, gint(keyHeight)) }
        keypad.preferredHeight = CGFloat(height + chromeHeight)
    }

    /// Arms a one-shot timer for the keypad's next deadline, or none.
    private func scheduleTimer() {
        MainLoop.cancel(timer)
        timer = 0
        guard let deadline = keypad.nextDeadline else { return }
        let delay = deadline - MainLoop.now
        let milliseconds = Int(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
        timer = MainLoop.after(milliseconds: max(0, milliseconds)) { [weak self] in
            guard let self else { return }
            self.timer = 0
            self.keypad.advance(to: MainLoop.now)
            self.scheduleTimer()
        }
    }
}
