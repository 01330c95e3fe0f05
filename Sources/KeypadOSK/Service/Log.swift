import Glibc

/// keypad-osk's only output: one line on standard error, never a field's text. Never
/// `g_warning`, which `G_DEBUG=fatal-warnings` turns into a crash.
package enum Log {
    /// The program each line begins with.
    package static var program = "keypad-osk"

    package static func warning(_ message: String) {
        let line = "\(program): \(message)\n"
        line.withCString { _ = Glibc.write(2, $0, strlen($0)) }
    }
}
