import CGTK

/// A pointer handed to KeypadGTK is not the widget the call needs.
///
/// Thrown by ``KeypadHost`` and ``UIDefinition`` when, say, a `GtkLabel` is bound as an
/// entry, or a `.ui` file has no object with the id asked for.
public struct WidgetError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, for people.
    public var description: String

    init(_ description: String) { self.description = description }

    /// Checks that `pointer` is a GObject whose type is (or derives from) what `isA`
    /// tests, and returns it as a widget.
    static func check(
        _ pointer: UnsafeMutableRawPointer?, is expected: String, _ isA: (gpointer?) -> gboolean
    ) throws(WidgetError) -> UnsafeMutablePointer<GtkWidget> {
        guard let pointer else { throw WidgetError("expected a \(expected), got a null pointer") }
        guard keypad_is_object(pointer) != 0 else {
            throw WidgetError("expected a \(expected), got something not a GObject")
        }
        guard isA(pointer) != 0 else {
            let actual = keypad_type_name(pointer).map { String(cString: $0) } ?? "an unknown type"
            throw WidgetError("expected a \(expected), got a \(actual)")
        }
        return pointer.assumingMemoryBound(to: GtkWidget.self)
    }
}
