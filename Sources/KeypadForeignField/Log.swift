import Glibc

/// The module's (and keypad-osk's) only output: one line on standard error, never a field's text.
///
/// A module runs inside someone else's app, so it never uses `g_warning` (which
/// `G_DEBUG=fatal-warnings` turns into a crash of the host), and writes with C stdio
/// rather than Foundation's FileHandle.
package enum Log {
    /// The program each line begins with: the module's, or the keypad process's.
    package static var program = "keypad-im"

    package static func warning(_ message: String) {
        let line = "\(program): \(message)\n"
        line.withCString { _ = Glibc.write(2, $0, strlen($0)) }
    }
}
