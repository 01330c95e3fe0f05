import Foundation

/// A GTK CSS file that cannot be used, with its file, line and GTK's message.
public struct ThemeError: Error, CustomStringConvertible, Equatable {
    /// The CSS file's name.
    public var file: String
    /// The line GTK complained about, when it said.
    public var line: Int?
    /// GTK's message.
    public var message: String
    /// `file:line: message`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
