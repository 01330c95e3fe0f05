/// The editing events a ``TextField`` sends to its actions, as UIKit's `UIControl.Event`.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Editing began (after the delegate's didBeginEditing).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// The user changed the text.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// Editing ended (after the delegate's didEndEditing).
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// The return key was pressed and the delegate's shouldReturn agreed.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    /// All four editing events.
    public static let allEditingEvents: ControlEvents = [
        .editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit,
    ]

    /// The single event's name, as traces print it ("editingChanged").
    public var description: String {
        let names: [(ControlEvents, String)] = [
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "[]" : present.joined(separator: "|")
    }
}
