import CGTK
import Foundation
import KeypadCore

/// Mirrors a `TextField` in a GtkEntry, with the model as the source of truth.
///
/// Typing, paste and cut never reach the entry's buffer directly: `insert-text`
/// and `delete-text` are stopped and turned into `field.replace(_:withText:)`,
/// which asks the delegate; what the model then holds is written back. A refused
/// edit so never reaches the buffer and the cursor stays put. Backspace deletes one
/// whole grapheme as Swift counts it, like the keypad's delete key. Typing over a
/// selection is one edit (the selection's range and the typed text), as in UIKit.
/// An input method's preedit becomes the model's marked text (``PreeditFollower``), so
/// the buffer holds the model's text less the marked text GTK draws as preedit.
package final class EntryAdapter: FieldAdapter {
    let field: TextField
    package var responder: TextResponder { field }
    private(set) var entry: UnsafeMutablePointer<GtkWidget>?
    package var focusWidget: UnsafeMutablePointer<GtkWidget>? { entry }
    private weak var coordinator: FocusCoordinator?
    private var isSyncing = false
    /// True from a refused insertion until its selection is put back (see `userInserted`).
    private var isRestoringSelection = false
    private var pendingDeletion: NSRange?
    private var observation: ObservationToken?
    private let style = WidgetStyle(target: .entry)
    /// The text area's width the font was last fitted to (refit only when it changes).
    private var fittedWidth: gint = -1
    private var shownLeft: OverlayView?
    private var shownRight: OverlayView?
    private var shownClear = false
    private var overlays: EntryOverlays?
    private let connections = SignalConnections()
    /// The IM's preedit, followed into the field's marked text.
    private lazy var preedit = PreeditFollower(
        responder: field,
        resetIM: { [weak self] in self?.gtkEntry.map { gtk_entry_reset_im_context($0) } },
        sync: { [weak self] in self?.syncText() })

    /// Binds `widget`, an existing GtkEntry, to `field`: the adapter holds a reference
    /// to it until ``unbind()`` or its destruction.
    init(field: TextField, entry widget: UnsafeMutablePointer<GtkWidget>, coordinator: FocusCoordinator) {
        self.field = field
        self.coordinator = coordinator
        entry = widget
        g_object_ref(UnsafeMutableRawPointer(widget))
        overlays = EntryOverlays(entry: widget)
        // The model holds no more than the entry can, so the two never differ.
        field.maximumUTF8Length = min(field.maximumUTF8Length ?? Self.entryCapacity, Self.entryCapacity)
        connectSignals(UnsafeMutableRawPointer(widget))
        observation = field.addObserver { [weak self] change in self?.modelDidChange(change) }
        coordinator.add(self)
        syncAll()
    }

    /// Gives the entry back to plain GTK: every handler disconnected, the model's own CSS
    /// and the reference dropped, the field out of the scope (its editing ends).
    package func unbind() {
        guard let widget = entry else { return }
        connections.disconnectAll()
        preedit.cancel()
        if let observation { field.removeObserver(observation) }
        observation = nil
        style.detach(from: widget)
        _ = overlays?.show(left: nil, right: nil)
        overlays = nil
        entry = nil
        coordinator?.remove(self)
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// The most text a GtkEntry holds, in UTF-8 bytes: its buffer's 65 535, less the terminating NUL.
    static let entryCapacity = 65_534

    private var editable: OpaquePointer? { entry.map { keypad_editable($0) } }
    private var gtkEntry: UnsafeMutablePointer<GtkEntry>? { entry.map { keypad_entry($0) } }

    private func connectSignals(_ widget: UnsafeMutableRawPointer) {
        let ids = [
            onInsertText(widget) { [weak self] text, position in self?.userInserted(text, position: position) },
            onStringSignal(widget, "preedit-changed") { [weak self] text in self?.preedit.preeditChanged(text) },
            onDeleteText(widget) { [weak self] start, end in self?.userDeleted(start, end) },
            onSignal(widget, "backspace") { [weak self] in self?.userBackspaced() },
            onNotify(widget, "cursor-position") { [weak self] in self?.userMovedCursor() },
            onNotify(widget, "selection-bound") { [weak self] in self?.userMovedCursor() },
            onNotify(widget, "is-focus") { [weak self] in self?.focusChanged() },
            onIconPress(widget) { [weak self] position in self?.iconPressed(position) },
            onDraw(widget) { [weak self] cairo in self?.overlays?.draw(cairo) },
            onSignal(widget, "activate") { [weak self] in self?.field.performReturn() },
            onSignal(widget, "destroy") { [weak self] in self?.unbind() },
            onEvent(widget, "button-press-event") { [weak self] _ in
                if let self { self.coordinator?.widgetClicked(self) }
                return false
            },
            onSignalIgnoringArgument(widget, "size-allocate", after: true) { [weak self] in self?.allocationChanged() },
        ]
        for id in ids { connections.keep(widget, id) }
    }

    // MARK: - GTK → model

    private func userInserted(_ text: String, position: UnsafeMutablePointer<gint>?) {
        guard !isSyncing, let widget = entry else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(widget), "insert-text")
        let accepted: Bool
        if let committed = preedit.commit(text) {
            accepted = committed
        } else {
            let shown = preedit.shownText
            let location = TextOffsets.utf16(fromScalar: Int(position?.pointee ?? 0), in: shown)
            let range = pendingDeletion ?? preedit.modelRange(NSRange(location: location, length: 0))
            pendingDeletion = nil
            accepted = field.replace(range, withText: text)
        }
        let caret = preedit.shownRange(field.selectedRange).location
        position?.pointee = gint(TextOffsets.scalar(fromUTF16: caret, in: preedit.shownText))
        if !accepted {
            // GTK moves its cursor to `position` once this handler returns, collapsing the
            // selection a refused paste or keystroke would have replaced: ignore that move
            // and put the model's selection back before the next input event.
            isRestoringSelection = true
            MainLoop.soon { [weak self] in
                guard let self else { return }
                self.isRestoringSelection = false
                self.syncSelection()
            }
        }
    }

    private func userDeleted(_ start: Int, _ end: Int) {
        guard !isSyncing, let widget = entry else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(widget), "delete-text")
        let range = preedit.modelRange(TextOffsets.utf16Range(fromScalars: start, end, in: preedit.shownText))
        if range == field.selectedRange, range.length > 0 {
            // Typing or pasting over a selection deletes it first: wait for the insertion,
            // so the delegate sees one edit; a plain Delete applies when the loop is idle.
            pendingDeletion = range
            MainLoop.whenIdle { [weak self] in
                guard let self, let pending = self.pendingDeletion else { return }
                self.pendingDeletion = nil
                self.field.replace(pending, withText: "")
            }
        } else {
            field.replace(range, withText: "")
        }
    }

    private func userBackspaced() {
        guard let widget = entry else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(widget), "backspace")
        field.deleteBackward()
    }

    private func userMovedCursor() {
        guard !isSyncing, !isRestoringSelection, let editable else { return }
        var start: gint = 0
        var end: gint = 0
        gtk_editable_get_selection_bounds(editable, &start, &end)
        let shown = TextOffsets.utf16Range(
            fromScalars: Int(min(start, end)), Int(max(start, end)), in: preedit.shownText)
        // The cursor where GTK draws the preedit stands for the model's caret inside the marked text.
        if preedit.hidesMarkedText, shown == preedit.shownRange(field.selectedRange) { return }
        let range = preedit.modelRange(shown)
        field.selectByUser(range)
        if field.selectedRange != range { syncSelection() }
    }

    private func focusChanged() {
        guard let entry, let coordinator else { return }
        if gtk_widget_is_focus(entry) != 0 {
            coordinator.widgetGainedFocus(self)
        } else {
            coordinator.widgetLostFocus(self)
        }
    }

    private func iconPressed(_ position: GtkEntryIconPosition) {
        guard position == GTK_ENTRY_ICON_SECONDARY, field.isClearButtonVisible else { return }
        field.clear()
    }

    // MARK: - Model → GTK

    private func modelDidChange(_ change: TextResponder.Change) {
        preedit.modelChanged()
        switch change {
        case .text:
            syncText()
            syncIcons()
        case .selection: syncSelection()
        case .markedText: syncText()
        case .editing, .views: syncIcons()
        case .enabled, .appearance, .traits: syncAll()
        }
    }

    private func syncAll() {
        guard let entry, let gtkEntry else { return }
        gtk_widget_set_sensitive(entry, field.isEnabled ? 1 : 0)
        gtk_entry_set_visibility(gtkEntry, field.isSecureTextEntry ? 0 : 1)
        gtk_entry_set_placeholder_text(gtkEntry, field.placeholder)
        gtk_entry_set_input_purpose(gtkEntry, InputPurposeTable.purpose(announcing: field.keyboardType))
        gtk_entry_set_alignment(gtkEntry, Float(field.appearance.textAlignment.xAlign))
        style.apply(field.appearance, isEnabled: field.isEnabled, to: entry)
        Accessibility.name(entry, field.accessibilityLabel ?? field.placeholder ?? "")
        syncText()
        syncIcons()
    }

    /// Writes the model's text into the entry as the one edit that differs, so a key
    /// costs one small buffer change (and AT-SPI hears of that change, not of the whole
    /// text removed and typed again).
    private func syncText() {
        guard let gtkEntry, let editable else { return }
        let current = String(cString: gtk_entry_get_text(gtkEntry))
        let text = preedit.shownText
        if current != text {
            let edit = TextOffsets.difference(from: current, to: text)
            isSyncing = true
            if edit.end > edit.start { gtk_editable_delete_text(editable, gint(edit.start), gint(edit.end)) }
            if !edit.inserted.isEmpty {
                var position = gint(edit.start)
                gtk_editable_insert_text(editable, edit.inserted, -1, &position)
            }
            isSyncing = false
        }
        syncSelection()
        fitFontToWidth()
    }

    private func syncSelection() {
        guard let editable else { return }
        let text = preedit.shownText
        let range = preedit.shownRange(field.selectedRange)
        let start = gint(TextOffsets.scalar(fromUTF16: range.location, in: text))
        let end = gint(TextOffsets.scalar(fromUTF16: range.location + range.length, in: text))
        // The model's range has no direction; when GTK already shows it, leave GTK's
        // anchor and cursor as they are (Shift+Left keeps extending to the left).
        var shownStart: gint = 0
        var shownEnd: gint = 0
        gtk_editable_get_selection_bounds(editable, &shownStart, &shownEnd)
        let position = gtk_editable_get_position(editable)
        if min(shownStart, shownEnd) == start, max(shownStart, shownEnd) == end, range.length > 0 || position == start {
            return
        }
        isSyncing = true
        if range.length == 0 {
            gtk_editable_set_position(editable, start)
        } else {
            gtk_editable_select_region(editable, start, end)
        }
        isSyncing = false
    }

    /// Draws the left and right views in the entry's padding and shows the clear button
    /// in the end icon slot, just before the right view when both show.
    private func syncIcons() {
        guard let entry, let gtkEntry else { return }
        let left = field.isLeftViewVisible ? field.leftView : nil
        let right = field.isRightViewVisible ? field.rightView : nil
        if left != shownLeft || right != shownRight {
            shownLeft = left
            shownRight = right
            style.extraCSS = overlays?.show(left: left, right: right) ?? ""
            style.apply(field.appearance, isEnabled: field.isEnabled, to: entry)
        }
        let clear = field.isClearButtonVisible
        guard clear != shownClear else { return }
        shownClear = clear
        gtk_entry_set_icon_from_icon_name(gtkEntry, GTK_ENTRY_ICON_SECONDARY, clear ? "edit-clear-symbolic" : nil)
        gtk_entry_set_icon_tooltip_text(gtkEntry, GTK_ENTRY_ICON_SECONDARY, clear ? "Clear text" : nil)
    }

    /// The entry got a new size: refit the font if the text area's width changed. A new
    /// font size alone reallocates the entry at the same width, so it ends there.
    private func allocationChanged() {
        guard field.appearance.adjustsFontSizeToFitWidth, textAreaWidth != fittedWidth else { return }
        fitFontToWidth()
    }

    /// The width the text is drawn in: the allocation less border, padding and icons.
    private var textAreaWidth: gint {
        guard let gtkEntry, let entry, gtk_widget_get_realized(entry) != 0 else { return 0 }
        var area = GdkRectangle()
        gtk_entry_get_text_area(gtkEntry, &area)
        return area.width
    }

    /// Shrinks the font, down to `minimumFontSize`, until the whole text fits the text area.
    private func fitFontToWidth() {
        guard let entry, let gtkEntry else { return }
        let appearance = field.appearance
        var size: CGFloat?
        let width = textAreaWidth
        if appearance.adjustsFontSizeToFitWidth, width > 0, let layout = gtk_entry_get_layout(gtkEntry) {
            fittedWidth = width
            let fitting = appearance.fittingFontSize(width: CGFloat(width)) { points in
                TextMeasure.width(of: layout, atPoints: points)
            }
            size = fitting < appearance.font.size ? fitting : nil
        }
        guard size != style.fontSizeOverride else { return }
        style.fontSizeOverride = size
        style.apply(appearance, isEnabled: field.isEnabled, to: entry)
    }
}
