import CGTK
import Foundation
import KeypadCore

/// What tests and scripts read back from the real widgets: screen positions for
/// X input, the widgets' own text and cursor, and where GTK focus is.
extension KioskWindow {
    /// A point on the screen, in pixels.
    public struct ScreenPoint: Equatable, Sendable {
        public var x: Int
        public var y: Int
    }

    /// The frame of `widget` on the screen.
    static func screenRect(of widget: UnsafeMutablePointer<GtkWidget>) -> CGRect? {
        guard let toplevel = gtk_widget_get_toplevel(widget), let gdkWindow = gtk_widget_get_window(toplevel) else {
            return nil
        }
        var x: gint = 0
        var y: gint = 0
        guard gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &x, &y) != 0 else { return nil }
        var originX: gint = 0
        var originY: gint = 0
        gdk_window_get_origin(gdkWindow, &originX, &originY)
        return CGRect(
            x: Int(originX + x), y: Int(originY + y), width: Int(gtk_widget_get_allocated_width(widget)),
            height: Int(gtk_widget_get_allocated_height(widget)))
    }

    /// The centre of `widget` on the screen.
    static func screenCenter(of widget: UnsafeMutablePointer<GtkWidget>) -> ScreenPoint? {
        screenRect(of: widget).map { ScreenPoint(x: Int($0.midX), y: Int($0.midY)) }
    }

    func widget(for input: TextResponder) -> UnsafeMutablePointer<GtkWidget>? {
        coordinator.adapter(for: input)?.focusWidget
    }

    /// The centre of the input's widget on the screen.
    public func screenCenter(of input: TextResponder) -> ScreenPoint? {
        widget(for: input).flatMap(Self.screenCenter(of:))
    }

    /// The centre of the key `id` of `keypad` on the screen (nil while not drawn).
    public func screenCenter(ofKey id: String, in keypad: Keypad) -> ScreenPoint? {
        area.keypadViews[ObjectIdentifier(keypad)]?.button(id: id).flatMap(Self.screenCenter(of:))
    }

    /// The long-press alternatives `keypad` shows now (["+"] over the phone pad's 0), if any.
    public func alternativesShown(in keypad: Keypad) -> [String]? {
        area.keypadViews[ObjectIdentifier(keypad)]?.alternativeLabels
    }

    /// The screen centres of the alternatives `keypad` shows now, in order.
    public func alternativeCenters(in keypad: Keypad) -> [ScreenPoint] {
        (area.keypadViews[ObjectIdentifier(keypad)]?.alternativeButtons ?? []).compactMap(Self.screenCenter(of:))
    }

    /// How the input bar of `textView` is sized now: the height of its visible text area,
    /// the height its laid-out text wants, and whether it scrolls.
    public func inputBarSizing(of textView: TextView) -> (visibleHeight: Int, contentHeight: Int, scrolls: Bool)? {
        guard !isClosed, let adapter = textViewAdapters.first(where: { $0.textView === textView }),
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
    public func accessibleLabels(of input: TextResponder) -> [String] {
        guard !isClosed, let widget = widget(for: input), let accessible = gtk_widget_get_accessible(widget),
            let relations = atk_object_ref_relation_set(accessible)
        else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(relations)) }
        guard let relation = atk_relation_set_get_relation_by_type(relations, ATK_RELATION_LABELLED_BY),
            let targets = atk_relation_get_target(relation)
        else { return [] }
        return (0..<Int(targets.pointee.len)).compactMap { index in
            guard let target = targets.pointee.pdata[index], let name = atk_object_get_name(target.assumingMemoryBound(to: AtkObject.self)) else { return nil }
            return String(cString: name)
        }
    }

    /// The text the GtkEntry of `field` shows.
    public func widgetText(of field: TextField) -> String? {
        guard let entry = widget(for: field) else { return nil }
        return String(cString: gtk_entry_get_text(keypad_entry(entry)))
    }

    /// The number of characters the input's widget (entry or text view) holds.
    public func widgetCharacterCount(of input: TextResponder) -> Int? {
        guard let widget = widget(for: input) else { return nil }
        if input is TextField { return Int(gtk_entry_get_text_length(keypad_entry(widget))) }
        return Int(gtk_text_buffer_get_char_count(gtk_text_view_get_buffer(keypad_text_view(widget))))
    }

    /// The GtkEntry's cursor position in characters.
    public func widgetCursor(of field: TextField) -> Int? {
        guard let entry = widget(for: field) else { return nil }
        return Int(gtk_editable_get_position(keypad_editable(entry)))
    }

    /// The name assistive technology reads for the input's widget.
    public func accessibleName(of input: TextResponder) -> String? {
        guard let widget = widget(for: input), let accessible = gtk_widget_get_accessible(widget) else { return nil }
        return atk_object_get_name(accessible).map { String(cString: $0) }
    }

    /// Whether the input's widget has GTK focus and its window is the active one.
    public func hasKeyboardFocus(_ input: TextResponder) -> Bool {
        guard let widget = widget(for: input) else { return false }
        return gtk_widget_has_focus(widget) != 0
    }

    /// Whether the app window is the active (focused) toplevel.
    public var isActive: Bool { !isClosed && gtk_window_is_active(keypad_window(window)) != 0 }

    /// Whether the window is on screen.
    public var isMapped: Bool { !isClosed && gtk_widget_get_mapped(window) != 0 }

    /// The window's allocated width in pixels (content never widens it past its monitor).
    public var allocatedWidth: Int { isClosed ? 0 : Int(gtk_widget_get_allocated_width(window)) }

    /// The bottom edge of the input's widget and the top edge of the visible keypad, in
    /// screen coordinates (either placement).
    public func verticalEdges(of input: TextResponder) -> (fieldBottom: Int, keypadTop: Int)? {
        guard !isClosed, let widget = widget(for: input), let keypad = area.visibleKeypadWidget,
            let field = Self.screenRect(of: widget), let keys = Self.screenRect(of: keypad)
        else { return nil }
        return (Int(field.maxY), Int(keys.minY))
    }

    /// The height the keypad and its toolbar take on screen, while shown.
    public var keypadAreaHeight: Int? { isClosed ? nil : area.shownHeight }

    /// Destroys the widget of `input`, as an app that tears a form down would.
    public func destroyWidget(of input: TextResponder) {
        let adapter = coordinator.adapter(for: input)
        if let frame = (adapter as? TextViewAdapter)?.frame?.widget {
            gtk_widget_destroy(frame)
        } else if let widget = adapter?.focusWidget {
            gtk_widget_destroy(widget)
        }
    }

    /// Runs the main loop until `condition` holds or `timeout` seconds pass; returns the condition.
    @discardableResult
    public static func pump(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let end = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > end { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
        }
        return true
    }
}
