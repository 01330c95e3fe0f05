import CGTK
import Foundation
import KeypadCore
import KeypadGTK

/// What tests and scripts read back from the real widgets: screen positions for
/// X input, the widgets' own text and cursor, and where GTK focus is.
extension KeypadHost {
    /// A point on the screen, in pixels.
    package struct ScreenPoint: Equatable, Sendable {
        package var x: Int
        package var y: Int
        package init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// The centre of `widget` on the screen.
    package static func screenCenter(of widget: UnsafeMutablePointer<GtkWidget>) -> ScreenPoint? {
        WidgetGeometry.screenRect(of: widget).map { ScreenPoint(x: Int($0.midX), y: Int($0.midY)) }
    }

    package func widget(for input: TextResponder) -> UnsafeMutablePointer<GtkWidget>? {
        coordinator.adapter(for: input)?.focusWidget
    }

    /// The view of `keypad`, while the window is open.
    func keypadView(of keypad: Keypad) -> KeypadView? {
        isClosed ? nil : area.keypadViews[ObjectIdentifier(keypad)]
    }

    /// The centre of the input's widget on the screen.
    package func screenCenter(of input: TextResponder) -> ScreenPoint? {
        widget(for: input).flatMap(Self.screenCenter(of:))
    }

    /// The centre of the key `id` of `keypad` on the screen (nil while not drawn).
    package func screenCenter(ofKey id: String, in keypad: Keypad) -> ScreenPoint? {
        keypadView(of: keypad)?.button(id: id).flatMap(Self.screenCenter(of:))
    }

    /// The long-press alternatives `keypad` shows now (["+"] over the phone pad's 0), if any.
    package func alternativesShown(in keypad: Keypad) -> [String]? {
        keypadView(of: keypad)?.alternativeLabels
    }

    /// The screen centres of the alternatives `keypad` shows now, in order.
    package func alternativeCenters(in keypad: Keypad) -> [ScreenPoint] {
        (keypadView(of: keypad)?.alternativeButtons ?? []).compactMap(Self.screenCenter(of:))
    }

    /// How the input bar of `textView` is sized now: the height of its visible text area,
    /// the height its laid-out text wants, and whether it scrolls.
    package func inputBarSizing(of textView: TextView) -> (visibleHeight: Int, contentHeight: Int, scrolls: Bool)? {
        guard !isClosed, let adapter = coordinator.adapter(for: textView) as? TextViewAdapter,
            let view = adapter.view
        else { return nil }
        var minimum: gint = 0
        var natural: gint = 0
        gtk_widget_get_preferred_height_for_width(view, gtk_widget_get_allocated_width(view), &minimum, &natural)
        // The view's allocation, not the adjustment's page size, which GtkTextView updates later.
        let visible = Int(gtk_widget_get_allocated_height(view))
        return (visible, Int(natural), Int(natural) > visible)
    }

    /// The accessible names of what labels the input's widget (its caption), as AT-SPI reads them.
    package func accessibleLabels(of input: TextResponder) -> [String] {
        guard !isClosed, let widget = widget(for: input), let accessible = gtk_widget_get_accessible(widget),
            let relations = atk_object_ref_relation_set(accessible)
        else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(relations)) }
        guard let relation = atk_relation_set_get_relation_by_type(relations, ATK_RELATION_LABELLED_BY),
            let targets = atk_relation_get_target(relation)
        else { return [] }
        return (0..<Int(targets.pointee.len)).compactMap { index in
            guard let target = targets.pointee.pdata[index],
                let name = atk_object_get_name(target.assumingMemoryBound(to: AtkObject.self))
            else { return nil }
            return String(cString: name)
        }
    }

    /// Makes the input's widget use the GTK input method `contextID` ("cyrillic_translit",
    /// "multipress"): its `im-module` property, for this widget alone.
    package func useInputMethod(_ contextID: String, for input: TextResponder) {
        guard let widget = widget(for: input) else { return }
        keypad_object_set_string(UnsafeMutableRawPointer(widget), "im-module", contextID)
    }

    /// The text the GtkEntry of `field` shows.
    package func widgetText(of field: TextField) -> String? {
        guard let entry = widget(for: field) else { return nil }
        return String(cString: gtk_entry_get_text(keypad_entry(entry)))
    }

    /// The text the GtkTextView of `textView` holds in its buffer (an IM's preedit is not in it).
    package func widgetText(of textView: TextView) -> String? {
        guard let view = widget(for: textView), let buffer = gtk_text_view_get_buffer(keypad_text_view(view)) else {
            return nil
        }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The number of characters the input's widget (entry or text view) holds.
    package func widgetCharacterCount(of input: TextResponder) -> Int? {
        guard let widget = widget(for: input) else { return nil }
        if input is TextField { return Int(gtk_entry_get_text_length(keypad_entry(widget))) }
        return Int(gtk_text_buffer_get_char_count(gtk_text_view_get_buffer(keypad_text_view(widget))))
    }

    /// The GtkEntry's cursor position in characters.
    package func widgetCursor(of field: TextField) -> Int? {
        guard let entry = widget(for: field) else { return nil }
        return Int(gtk_editable_get_position(keypad_editable(entry)))
    }

    /// The name assistive technology reads for the input's widget.
    package func accessibleName(of input: TextResponder) -> String? {
        guard let widget = widget(for: input), let accessible = gtk_widget_get_accessible(widget) else { return nil }
        return atk_object_get_name(accessible).map { String(cString: $0) }
    }

    /// Whether the input's widget has GTK focus and its window is the active one.
    package func hasKeyboardFocus(_ input: TextResponder) -> Bool {
        guard let widget = widget(for: input) else { return false }
        return gtk_widget_has_focus(widget) != 0
    }

    /// Whether the app window is the active (focused) toplevel.
    package var isActive: Bool { !isClosed && gtk_window_is_active(keypad_window(window)) != 0 }

    /// Whether the window is on screen.
    package var isMapped: Bool { !isClosed && gtk_widget_get_mapped(window) != 0 }

    /// The window's allocated width in pixels (content never widens it past its monitor).
    package var allocatedWidth: Int { isClosed ? 0 : Int(gtk_widget_get_allocated_width(window)) }

    /// The bottom edge of the input's widget and the top edge of the visible keypad, in
    /// screen coordinates (either placement).
    package func verticalEdges(of input: TextResponder) -> (fieldBottom: Int, keypadTop: Int)? {
        guard !isClosed, let widget = widget(for: input), let keypad = area.visibleKeypadWidget,
            let field = WidgetGeometry.screenRect(of: widget), let keys = WidgetGeometry.screenRect(of: keypad)
        else { return nil }
        return (Int(field.maxY), Int(keys.minY))
    }

    /// Whether the keypad is sliding in or out now.
    package var isKeypadSliding: Bool { !isClosed && area.isSliding }

    /// The height the keypad and its toolbar take on screen, while shown.
    package var keypadAreaHeight: Int? { isClosed ? nil : area.shownHeight }

    /// Hides the keypad's own window (window placement) at once, as a window manager or
    /// the app may, even mid-slide.
    package func hideKeypadWindow() {
        if let window = area.floatingWindow { gtk_widget_hide(window) }
    }

    /// Destroys the widget of `input`, as an app that tears a form down would.
    package func destroyWidget(of input: TextResponder) {
        let adapter = coordinator.adapter(for: input)
        if let frame = (adapter as? TextViewAdapter)?.frame?.widget {
            gtk_widget_destroy(frame)
        } else if let widget = adapter?.focusWidget {
            gtk_widget_destroy(widget)
        }
    }
}

/// What tests read back from widgets an app made (pointers from a `.ui` file), bound or not.
extension KeypadHost {
    private static func widget(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidget>? {
        keypad_is_widget(pointer) != 0 ? pointer.assumingMemoryBound(to: GtkWidget.self) : nil
    }

    /// The centre of the widget on the screen.
    package static func screenCenter(ofWidget pointer: UnsafeMutableRawPointer) -> ScreenPoint? {
        widget(pointer).flatMap { screenCenter(of: $0) }
    }

    /// The text a GtkEntry shows.
    package static func entryText(_ pointer: UnsafeMutableRawPointer) -> String? {
        guard keypad_is_entry(pointer) != 0 else { return nil }
        return String(cString: gtk_entry_get_text(keypad_entry(pointer)))
    }

    /// Whether the widget has GTK focus in its active window.
    package static func hasFocus(_ pointer: UnsafeMutableRawPointer) -> Bool {
        widget(pointer).map { gtk_widget_has_focus($0) != 0 } ?? false
    }

    /// Destroys the widget, as an app that tears part of a form down would.
    package static func destroy(_ pointer: UnsafeMutableRawPointer) {
        widget(pointer).map { gtk_widget_destroy($0) }
    }
}

extension KioskWindow {
    /// A point on the screen, in pixels.
    package typealias ScreenPoint = KeypadHost.ScreenPoint
}
