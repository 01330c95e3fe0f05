import CGTK
import Foundation
import KeypadCore

/// Mirrors a `TextView` in a GtkTextView, optionally inside a ``TextViewFrame`` (which
/// grows with its content between a minimum and a maximum height, then scrolls, and
/// shows the placeholder while the text is empty). A view the app placed itself has no
/// frame: it keeps its own container and shows no placeholder.
///
/// As with entries, the buffer's `insert-text` and `delete-range` are stopped and
/// become `replace(_:withText:)` on the model; the model's text is written back
/// before the next input event (a buffer may not change while it emits). An input
/// method's preedit becomes the model's marked text, as in the entry (``PreeditFollower``).
package final class TextViewAdapter: FieldAdapter {
    let textView: TextView
    package var responder: TextResponder { textView }
    /// The frame around the view; nil once destroyed.
    package private(set) var frame: TextViewFrame?
    package private(set) var view: UnsafeMutablePointer<GtkWidget>?
    package var focusWidget: UnsafeMutablePointer<GtkWidget>? { view }
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>?
    private weak var coordinator: FocusCoordinator?
    private var isSyncing = false
    private var pendingDeletion: NSRange?
    private var syncSource: guint = 0
    private var observation: ObservationToken?
    private let style = WidgetStyle(target: .textView)
    private let connections = SignalConnections()
    /// The IM's preedit, followed into the text view's marked text.
    private lazy var preedit = PreeditFollower(
        responder: textView,
        resetIM: { [weak self] in self?.view.map { gtk_text_view_reset_im_context(keypad_text_view($0)) } },
        sync: { [weak self] in self?.scheduleSync() })

    /// The most text a view is given, in UTF-8 bytes: Pango lays out one long line at about
    /// 100 bytes of memory per character (10 MB on one line took 1 GB), so a view holds
    /// at most 256 KiB, which it lays out in well under a second.
    static let capacity = 256 * 1024

    /// Binds `view`, an existing GtkTextView (inside `frame` when the binding made it),
    /// to `textView`: the adapter holds references to view and buffer until ``unbind()``
    /// or the view's destruction.
    init(
        textView: TextView, view: UnsafeMutablePointer<GtkWidget>, frame: TextViewFrame?, coordinator: FocusCoordinator
    ) {
        self.textView = textView
        self.coordinator = coordinator
        self.view = view
        self.frame = frame
        g_object_ref(UnsafeMutableRawPointer(view))
        textView.maximumUTF8Length = min(textView.maximumUTF8Length ?? Self.capacity, Self.capacity)
        buffer = gtk_text_view_get_buffer(keypad_text_view(view))
        if let buffer { g_object_ref(UnsafeMutableRawPointer(buffer)) }
        connectSignals()
        observation = textView.addObserver { [weak self] change in self?.modelDidChange(change) }
        coordinator.add(self)
        syncAppearance()
        syncNow()
    }

    /// Gives the view back to plain GTK: every handler disconnected, the model's own CSS
    /// and the references dropped, the text view out of the scope (its editing ends).
    package func unbind() {
        guard let view else { return }
        connections.disconnectAll()
        preedit.cancel()
        if let observation { textView.removeObserver(observation) }
        observation = nil
        MainLoop.cancel(syncSource)
        syncSource = 0
        style.detach(from: view)
        let buffer = self.buffer
        self.view = nil
        self.buffer = nil
        frame = nil
        coordinator?.remove(self)
        if let buffer { g_object_unref(UnsafeMutableRawPointer(buffer)) }
        g_object_unref(UnsafeMutableRawPointer(view))
    }

    private func connectSignals() {
        guard let view, let buffer else { return }
        let bufferPointer = UnsafeMutableRawPointer(buffer)
        for id in [
            onBufferInsert(bufferPointer) { [weak self] iter, text in self?.userInserted(at: iter, text) },
            onBufferDelete(bufferPointer) { [weak self] start, end in self?.userDeleted(start, end) },
            onSignalIgnoringTwoArguments(bufferPointer, "mark-set") { [weak self] in self?.userMovedCursor() },
        ] {
            connections.keep(bufferPointer, id)
        }
        let viewPointer = UnsafeMutableRawPointer(view)
        for id in [
            onSignal(viewPointer, "backspace") { [weak self] in self?.userBackspaced() },
            onStringSignal(viewPointer, "preedit-changed") { [weak self] text in self?.preedit.preeditChanged(text) },
            onNotify(viewPointer, "is-focus") { [weak self] in self?.focusChanged() },
            onSignal(viewPointer, "destroy") { [weak self] in self?.unbind() },
            onEvent(viewPointer, "button-press-event") { [weak self] _ in
                if let self { self.coordinator?.widgetClicked(self) }
                return false
            },
        ] {
            connections.keep(viewPointer, id)
        }
    }

    // MARK: - GTK → model

    private func userInserted(at iter: UnsafeMutablePointer<GtkTextIter>?, _ text: String) {
        guard !isSyncing, let buffer else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(buffer), "insert-text")
        defer { scheduleSync() }
        if preedit.commit(text) != nil { return }
        let location = TextOffsets.utf16(
            fromScalar: Int(iter.map { gtk_text_iter_get_offset($0) } ?? 0), in: preedit.shownText)
        let range = pendingDeletion ?? preedit.modelRange(NSRange(location: location, length: 0))
        pendingDeletion = nil
        textView.replace(range, withText: text)
    }

    private func userDeleted(_ start: UnsafeMutablePointer<GtkTextIter>?, _ end: UnsafeMutablePointer<GtkTextIter>?) {
        guard !isSyncing, let buffer, let start, let end else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(buffer), "delete-range")
        let lower = Int(min(gtk_text_iter_get_offset(start), gtk_text_iter_get_offset(end)))
        let upper = Int(max(gtk_text_iter_get_offset(start), gtk_text_iter_get_offset(end)))
        let range = preedit.modelRange(TextOffsets.utf16Range(fromScalars: lower, upper, in: preedit.shownText))
        if range == textView.selectedRange, range.length > 0 {
            pendingDeletion = range
            MainLoop.soon { [weak self] in
                guard let self, let pending = self.pendingDeletion else { return }
                self.pendingDeletion = nil
                self.textView.replace(pending, withText: "")
                self.syncNow()
            }
        } else {
            textView.replace(range, withText: "")
        }
        scheduleSync()
    }

    private func userBackspaced() {
        guard let view else { return }
        g_signal_stop_emission_by_name(UnsafeMutableRawPointer(view), "backspace")
        textView.deleteBackward()
    }

    private func userMovedCursor() {
        guard !isSyncing, syncSource == 0, let buffer else { return }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer, &start, &end)
        let lower = Int(min(gtk_text_iter_get_offset(&start), gtk_text_iter_get_offset(&end)))
        let upper = Int(max(gtk_text_iter_get_offset(&start), gtk_text_iter_get_offset(&end)))
        let shown = TextOffsets.utf16Range(fromScalars: lower, upper, in: preedit.shownText)
        // The cursor where GTK draws the preedit stands for the model's caret inside the marked text.
        if preedit.hidesMarkedText, shown == preedit.shownRange(textView.selectedRange) { return }
        textView.selectByUser(preedit.modelRange(shown))
    }

    private func focusChanged() {
        guard let view, let coordinator else { return }
        if gtk_widget_is_focus(view) != 0 {
            coordinator.widgetGainedFocus(self)
        } else {
            coordinator.widgetLostFocus(self)
        }
    }

    // MARK: - Model → GTK

    private func modelDidChange(_ change: TextResponder.Change) {
        preedit.modelChanged()
        switch change {
        case .text:
            scheduleSync()
            syncPlaceholder()
        case .selection, .markedText: scheduleSync()
        case .enabled, .appearance, .traits: syncAppearance()
        case .editing: frame?.showEditing(textView.isEditing)
        case .views: break
        }
    }

    /// Sensitivity, input purpose, font, colours, border, alignment, placeholder and
    /// accessible name, as the entry does.
    private func syncAppearance() {
        guard let view else { return }
        gtk_widget_set_sensitive(view, textView.isEnabled ? 1 : 0)
        gtk_text_view_set_input_purpose(
            keypad_text_view(view), InputPurposeTable.purpose(announcing: textView.keyboardType))
        style.apply(textView.appearance, isEnabled: textView.isEnabled, to: view)
        gtk_text_view_set_justification(keypad_text_view(view), textView.appearance.textAlignment.justification)
        frame?.apply(textView.appearance, isEnabled: textView.isEnabled)
        Accessibility.name(view, textView.accessibilityLabel ?? textView.placeholder ?? "")
        syncPlaceholder()
    }

    private func syncPlaceholder() {
        frame?.showPlaceholder(textView.text.isEmpty ? textView.placeholder : nil)
    }

    private func scheduleSync() {
        guard syncSource == 0 else { return }
        syncSource = MainLoop.soon { [weak self] in
            guard let self else { return }
            self.syncSource = 0
            self.syncNow()
        }
    }

    private func syncNow() {
        guard let buffer else { return }
        isSyncing = true
        defer { isSyncing = false }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let current = gtk_text_buffer_get_text(buffer, &start, &end, 1).map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        let text = preedit.shownText
        if let current, current != text {
            // Only the part that differs changes, as in the entry.
            let edit = TextOffsets.difference(from: current, to: text)
            gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(edit.start))
            if edit.end > edit.start {
                gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(edit.end))
                gtk_text_buffer_delete(buffer, &start, &end)
            }
            if !edit.inserted.isEmpty { gtk_text_buffer_insert(buffer, &start, edit.inserted, -1) }
        } else if current == nil {
            gtk_text_buffer_set_text(buffer, text, -1)
        }
        let range = preedit.shownRange(textView.selectedRange)
        var insert = GtkTextIter()
        var bound = GtkTextIter()
        // As in the entry: a selection GTK already shows keeps GTK's direction.
        gtk_text_buffer_get_selection_bounds(buffer, &bound, &insert)
        let shown = (Int(gtk_text_iter_get_offset(&bound)), Int(gtk_text_iter_get_offset(&insert)))
        let wanted = (
            TextOffsets.scalar(fromUTF16: range.location, in: text),
            TextOffsets.scalar(fromUTF16: range.location + range.length, in: text)
        )
        if shown == wanted {
            if let view, let mark = gtk_text_buffer_get_insert(buffer) {
                gtk_text_view_scroll_mark_onscreen(keypad_text_view(view), mark)
            }
            return
        }
        gtk_text_buffer_get_iter_at_offset(
            buffer, &bound, gint(TextOffsets.scalar(fromUTF16: range.location, in: text)))
        gtk_text_buffer_get_iter_at_offset(
            buffer, &insert, gint(TextOffsets.scalar(fromUTF16: range.location + range.length, in: text)))
        gtk_text_buffer_select_range(buffer, &insert, &bound)
        if let view, let mark = gtk_text_buffer_get_insert(buffer) {
            gtk_text_view_scroll_mark_onscreen(keypad_text_view(view), mark)
        }
    }
}
