import Foundation
import KeypadCore
import KeypadGTK

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keypad-demo: \(message)\n".utf8))
    exit(2)
}

// --help and --version print and exit 0; a bad flag or value prints the error and usage, exit 64.
let options = DemoCommand.parseOrExit().options

guard KeypadHost.initializeGTK() else { fail("cannot open a display (set DISPLAY, or use `make demo`)") }

do {
    try options.customization.theme.install()
} catch {
    FileHandle.standardError.write(Data("keypad-demo: theme \(error); using GTK's default look\n".utf8))
}
if let css = options.customization.css {
    do {
        try Theme.installOverride(url: css)
    } catch {
        FileHandle.standardError.write(Data("keypad-demo: CSS \(error); ignoring it\n".utf8))
    }
}

let scope = ResponderScope()
let recorder = options.trace ? DemoTrace.recorder(for: scope) : nil
let form = DemoForm(options: options, scope: scope)
if let recorder { DemoTrace.record(form, with: recorder) }
form.window.host.present(fullscreen: options.fullscreen)

if let screenshot = options.screenshot {
    DemoScreenshot.take(form: form, to: screenshot)
} else if let plan = options.soak {
    exit(DemoSoak.run(form: form, plan: plan))
} else {
    form.window.host.run()
}
