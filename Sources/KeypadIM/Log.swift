import Foundation

/// The module's only output: one line on standard error, never a field's text.
///
/// A module runs inside someone else's app, so it never uses `g_warning` (which
/// `G_DEBUG=fatal-warnings` turns into a crash of the host).
enum Log {
    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("keypad-im: \(message)\n".utf8))
    }
}
