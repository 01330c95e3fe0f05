import CGTK
import CKeypadIM
import Foundation
import KeypadCore
import KeypadForeignField
import KeypadGTK

/// One GTK input-method context (one widget) once it has had focus: the model field
/// standing for the widget, and the edits the keys send to the widget.
@MainActor
final class IMSession: ForeignFieldOwner {
    let context: UnsafeMutablePointer<GtkIMContext>
    let field = ForeignField()
    /// The widget, while GTK gives the context a client window.
    private(set) var client: ClientWidget?
    /// Whether GTK focus is in the widget (between the context's focus-in and focus-out).
    var hasFocus = false
    /// The refocuses the module made since the app last told the field's purpose (Firefox:
    /// see ``FirefoxFirstFocus``).
    var refocusesWithoutPurpose = 0

    /// Called when the widget is clicked while it has focus and the keypad is dismissed:
    /// a tap on a field brings its keypad back, as in UIKit.
    var onTapWhileDismissed: (@MainActor () -> Void)?
    private var pressHandler: gulong = 0

    init(context: UnsafeMutablePointer<GtkIMContext>, clientWindow: OpaquePointer?) {
        self.context = context
        field.owner = self
        setClientWindow(clientWindow)
    }

    /// Follows the widget GTK gives the context (nil as the widget unrealizes, while it
    /// still exists: the click handler goes with it).
    func setClientWindow(_ window: OpaquePointer?) {
        if let old = client?.widget, pressHandler != 0,
            g_signal_handler_is_connected(UnsafeMutableRawPointer(old), pressHandler) != 0
        {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(old), pressHandler)
        }
        pressHandler = 0
        // Not `window.flatMap(ClientWidget.init(window:))`: with Swift 6.3 that gave a
        // non-nil garbage value for a nil window (a miscompile; the host crashed).
        if let window { client = ClientWidget(window: window) } else { client = nil }
        guard let widget = client?.widget else { return }
        pressHandler = onEvent(UnsafeMutableRawPointer(widget), "button-press-event") { [weak self] _ in
            guard let self, self.hasFocus, !self.field.isEditing else { return false }
            self.onTapWhileDismissed?()
            return false
        }
    }

    /// The field as GTK describes it now.
    var kind: FieldKind {
        FieldKind(
            purpose: keypad_im_context_purpose(context).rawValue, hints: keypad_im_context_hints(context).rawValue,
            isSpinButton: client?.isSpinButton ?? false, hidesText: client?.hidesText ?? false)
    }

    /// Reads the traits, title and locale of the field from GTK into the model.
    func refreshTraits() {
        let traits = kind.traits
        if field.traits != traits { field.traits = traits }
        let title = client?.title
        if field.placeholder != title { field.placeholder = title }
    }

    /// Mirrors the widget's text and selection into the model field.
    func refreshMirror() {
        if let (text, selection) = client?.textAndSelection {
            field.mirror(
                text: text,
                selection: TextOffsets.utf16Range(fromScalars: selection.lowerBound, selection.upperBound, in: text))
            return
        }
        // Asks the app; its answer (now, or later from a browser) arrives through set_surrounding.
        var chars: UnsafeMutablePointer<gchar>?
        var cursorIndex: gint = 0
        if gtk_im_context_get_surrounding(context, &chars, &cursorIndex) != 0 { g_free(chars) }
        mirrorLastSurrounding()
    }

    /// The text a widget stands for when its app tells none (Chromium): one character of
    /// unknown content before the caret, so Delete and the return key act.
    static let unknownText = "\u{FFFC}"

    /// Mirrors the surrounding text the app last set; the unknown text when it set none.
    func mirrorLastSurrounding() {
        var chars: UnsafePointer<gchar>?
        var cursorIndex: gint = 0
        guard keypad_im_context_last_surrounding(context, &chars, &cursorIndex) != 0, let chars else {
            field.mirror(text: Self.unknownText, selection: NSRange(location: 1, length: 0))
            return
        }
        let bytes = UnsafeRawBufferPointer(start: chars, count: strlen(chars))
        let cursor = SurroundingTextOffsets.utf16Offset(ofByte: Int(cursorIndex), in: bytes)
        field.mirror(text: String(decoding: bytes, as: UTF8.self), selection: NSRange(location: cursor, length: 0))
    }

    // MARK: - Edits the keys ask for

    /// Makes the widget do the edit the model was asked for: replace the UTF-16 `range`
    /// (the selection, or the grapheme before the caret) with `replacement`.
    func apply(_ range: NSRange, replacement: String) {
        if replacement.isEmpty {
            deleteBackward(range)
        } else {
            // GTK's entries and text views replace their selection with a commit.
            IMTrace.write("commit \(replacement.unicodeScalars.count)")
            replacement.withCString { keypad_im_context_commit(context, $0) }
        }
        refreshMirror()
    }

    private func deleteBackward(_ range: NSRange) {
        guard let client else {
            // No widget (Chromium): BackSpace through the X server, as a physical key.
            IMTrace.write("x-key BackSpace")
            XTestKey.tap(GDK_KEY_BackSpace)
            return
        }
        if !client.isEntry, !client.isTextView {
            // A browser's own widget (Firefox): its text lives in another process, and the
            // surrounding text it answers with lags behind the last commit. BackSpace deletes
            // there as a physical key does: a character, or the selection.
            IMTrace.write("key-event BackSpace")
            SyntheticKey.tap(guint(GDK_KEY_BackSpace), in: client.window)
            return
        }
        if range.length > 0, field.selectedRange.length > 0, client.hasSelection {
            // No IM call deletes a selection: BackSpace does, as on a physical keyboard.
            IMTrace.write("key-event BackSpace")
            SyntheticKey.tap(guint(GDK_KEY_BackSpace), in: client.window)
            return
        }
        guard let count = SurroundingTextOffsets.scalarCount(inUTF16: range, of: field.text), count > 0 else { return }
        // The grapheme ends at the caret: delete its characters (code points) before it.
        IMTrace.write("delete \(count)")
        gtk_im_context_delete_surrounding(context, -gint(count), gint(count))
    }

    /// The return key: a Return key event, so an entry activates and a text view breaks the line.
    func pressReturn() {
        guard let client else {
            IMTrace.write("x-key Return")
            XTestKey.tap(GDK_KEY_Return)
            return
        }
        IMTrace.write("key-event Return")
        SyntheticKey.tap(guint(GDK_KEY_Return), in: client.window)
        refreshMirror()
    }
}
