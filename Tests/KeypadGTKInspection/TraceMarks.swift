import CGTK
import Foundation
import KeypadGTK

/// Marks a driving script asks for on standard input, answered on the main loop once
/// everything before them has run: the script writes `mark TEXT`, sends X input before it
/// as it likes, and reads `mark TEXT` on the trace knowing that every line before it is all
/// that input made (keypad-demo's `--trace`, read by Tests/Support/keypad_harness/demo.py).
///
/// A mark is answered after an X round trip (every event the server made before it is in
/// GDK's queue) and then at idle priority, below GDK's events and GTK's layout and drawing,
/// so the events already queued and what they set going have run first.
@MainActor
package enum TraceMarks {
    /// The longest line read from standard input; a longer one is reported and skipped.
    package static let maximumLine = 256

    private static var answer: ((String) -> Void)?
    private static var pending: [UInt8] = []
    private static var skipping = false

    private static let readable: GIOFunc = { _, _, _ in
        MainActor.assumeIsolated { TraceMarks.readAvailable() } ? 1 : 0
    }

    /// Starts reading standard input on the main loop; each `mark TEXT` is answered by
    /// calling `write` with `mark TEXT`. Any other line is reported on standard error.
    package static func answer(with write: @escaping (String) -> Void) {
        answer = write
        let channel = g_io_channel_unix_new(STDIN_FILENO)
        g_io_add_watch(channel, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), readable, nil)
        g_io_channel_unref(channel)  // the watch keeps its own reference
    }

    /// Reads what standard input holds now; false (the watch ends) at its end or on an error.
    private static func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        guard count > 0 else { return false }
        for byte in buffer[0..<count] {
            if byte == UInt8(ascii: "\n") {
                if !skipping { handle(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll(keepingCapacity: true)
                skipping = false
            } else if pending.count < maximumLine {
                pending.append(byte)
            } else if !skipping {
                skipping = true
                report("a line longer than \(maximumLine) bytes; skipping it")
            }
        }
        return true
    }

    private static func handle(_ line: String) {
        guard line.hasPrefix("mark ") else {
            report("expected `mark TEXT`, got \(line.debugDescription); ignoring it")
            return
        }
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        MainLoop.whenIdle { answer?(line) }
    }

    private static func report(_ problem: String) {
        FileHandle.standardError.write(Data("keypad-demo: standard input: \(problem)\n".utf8))
    }
}
