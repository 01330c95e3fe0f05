import CGTK
import Foundation
import KeypadCore

/// Draws a `Keypad` as touch-sized GtkButtons that never take focus.
///
/// Keys act on the pointer's press (`button-press-event`), not on release; the
/// release, and a one-shot GLib timer scheduled only while the keypad has a
/// deadline (repeat, long press), do the rest — an idle keypad runs no timer.
/// AT-SPI's "press" action arrives as `clicked` and taps the key.
@MainActor
package final class KeypadView {
    let keypad: Keypad
    /// The keypad's top widget (a GtkGrid); nil once destroyed.
    package private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var buttons: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var shownIDs: [[String]] = []
    private var shownKeys: [String: KeypadKey] = [:]
    private var pointerPressed: Set<String> = []
    private var timer: guint = 0
    private let keyHeight: Int
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
        widget = grid
        gtk_grid_set_row_spacing(keypad_grid(grid), 6)
        gtk_grid_set_column_spacing(keypad_grid(grid), 6)
        gtk_grid_set_column_homogeneous(keypad_grid(grid), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(grid), "keypad")
        g_object_ref_sink(UnsafeMutableRawPointer(grid))
        onSignal(UnsafeMutableRawPointer(grid), "destroy") { [weak self] in self?.destroyed() }
        observation = keypad.addObserver { [weak self] change in self?.keypadChanged(change) }
        alternatives.onChoose = { [weak self] index in self?.chooseAlternative(index) }
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
        if let widget { g_object_unref(UnsafeMutableRawPointer(widget)) }
        widget = nil
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
        pointerPressed.remove(popup.keyID)
        keypad.releaseKey(popup.keyID, at: MainLoop.now)
        scheduleTimer()
    }

    /// The labels of the alternatives on screen, if any (for tests and scripts).
    var alternativeLabels: [String]? { alternatives.labels }

    /// The buttons of the alternatives on screen, in order.
    var alternativeButtons: [UnsafeMutablePointer<GtkWidget>] { alternatives.alternativeButtons }

    /// Updates labels and enabled states in place; rebuilds only when the keys themselves changed.
    private func refresh() {
        let rows = keypad.rows
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
        guard let grid = widget else { return }
        alternatives.destroy()
        for button in buttons.values { gtk_widget_destroy(button) }
        buttons = [:]
        let rows = keypad.rows
        shownIDs = rows.map { $0.map(\.id) }
        let spans = rows.map { row in row.map { max(1, Int(($0.width * 2).rounded())) } }
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
        let pointer = UnsafeMutableRawPointer(button)
        onEvent(pointer, "button-press-event") { [weak self] event in
            // GDK follows a quick second press with a GDK_2BUTTON_PRESS (and a third with
            // GDK_3BUTTON_PRESS) on top of the plain press: those are not taps.
            guard let self, let event, event.pointee.type == GDK_BUTTON_PRESS, event.pointee.button.button == 1 else {
                return false
            }
            self.pointerPressed.insert(id)
            self.keypad.pressKey(id, at: MainLoop.now)
            self.scheduleTimer()
            return false
        }
        // A finger holding a key with alternatives slides over them to choose.
        gtk_widget_add_events(button, gint(GDK_POINTER_MOTION_MASK.rawValue))
        onEvent(pointer, "motion-notify-event") { [weak self] event in
            guard let self, let event, self.keypad.alternativesPopup?.keyID == id,
                let index = self.alternatives.index(
                    atScreenX: event.pointee.motion.x_root, y: event.pointee.motion.y_root)
            else { return false }
            self.keypad.selectAlternative(index)
            return false
        }
        onEvent(pointer, "button-release-event") { [weak self] event in
            guard let self, let event, event.pointee.button.button == 1 else { return false }
            // Lifting over an offered alternative chooses it, whether or not motion got there first.
            if self.keypad.alternativesPopup?.keyID == id,
                let index = self.alternatives.index(
                    atScreenX: event.pointee.button.x_root, y: event.pointee.button.y_root)
            {
                self.keypad.selectAlternative(index)
            }
            self.keypad.releaseKey(id, at: MainLoop.now)
            self.scheduleTimer()
            // `clicked` follows a release on the button at once; a release elsewhere has none.
            MainLoop.whenIdle { [weak self] in self?.pointerPressed.remove(id) }
            return false
        }
        onSignal(pointer, "clicked") { [weak self] in
            guard let self else { return }
            // A pointer click already acted on press; AT-SPI's press action and keyboard
            // activation arrive here alone.
            if self.pointerPressed.remove(id) == nil {
                self.keypad.tapKey(id, at: MainLoop.now)
            }
        }
        buttons[id] = button
        shownKeys[id] = key
        return button
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
