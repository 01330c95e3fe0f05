import Foundation
import Glibc
import KeypadCore
import KeypadGTKInspection
import KeypadTesting

/// `--trace`: one line per delegate call, control event, notification and key, each
/// prefixed with CLOCK_MONOTONIC nanoseconds, written as it happens (the end-to-end
/// test reads it). A line `mark TEXT` on standard input is answered with `mark TEXT` on the
/// trace once everything before it has run (TraceMarks).
@MainActor
enum DemoTrace {
    /// A recorder listening to `scope`. Made before the form, so that its observers see
    /// each notification before the form's own do.
    static func recorder(for scope: ResponderScope) -> EventRecorder {
        let recorder = EventRecorder(scope: scope)
        // One write per line, unbuffered, so a driving script reads each line as it happens;
        // nothing is kept, so a long session's memory stays flat.
        recorder.retainsLines = false
        recorder.onLine = write
        return recorder
    }

    /// Writes one trace line, with its time.
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data("\(monotonicNanoseconds()) \(line)\n".utf8))
    }

    /// Records the form's inputs (after their delegates are set) and its keypads, and
    /// answers marks from standard input on the trace.
    static func record(_ form: DemoForm, with recorder: EventRecorder) {
        TraceMarks.answer(with: write)
        for field in [form.pin, form.amount, form.phone] { recorder.record(field) }
        recorder.record(form.notes)
        recorder.record(form.pinPad, name: "keypad")
        for keypad in form.scope.createdDefaultKeypads { recorder.record(keypad, name: "keypad") }
    }
}

/// Nanoseconds of CLOCK_MONOTONIC, the prefix of every trace line.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
