import Foundation
import Glibc
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// Nanoseconds of CLOCK_MONOTONIC, the prefix of every trace line.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keypad-demo: \(message)\n".utf8))
    exit(2)
}

// --help and --version print and exit 0; a bad flag or value prints the error and usage, exit 64.
let options = DemoCommand.parseOrExit().options

guard KeypadHost.initializeGTK() else { fail("cannot open a display (set DISPLAY, or use `make demo`)") }

do {
    try options.theme.install()
} catch {
    FileHandle.standardError.write(Data("keypad-demo: theme \(error); using GTK's default look\n".utf8))
}
if let css = options.css {
    do {
        try Theme.installOverride(url: css)
    } catch {
        FileHandle.standardError.write(Data("keypad-demo: CSS \(error); ignoring it\n".utf8))
    }
}

let form = DemoForm(options: options)
if let recorder = form.recorder {
    // One write per line, unbuffered, so a driving script reads each line as it happens;
    // nothing is kept, so a long session's memory stays flat.
    recorder.retainsLines = false
    recorder.onLine = { line in
        FileHandle.standardOutput.write(Data("\(monotonicNanoseconds()) \(line)\n".utf8))
    }
}
form.window.host.present(fullscreen: options.fullscreen)

if let screenshot = options.screenshot {
    DemoScreenshot.take(form: form, to: screenshot)
} else if let plan = options.soak {
    exit(DemoSoak.run(form: form, plan: plan))
} else {
    form.window.host.run()
}
