import ArgumentParser
import Foundation
import KeypadCommandLine
import KeypadCore
import KeypadGTK

extension KioskWindow.Placement: ExpressibleByArgument {}

/// The demo's command line, parsed by swift-argument-parser: `--flag value` and
/// `--flag=value`, generated `--help`, `--version`, and errors that name the allowed values.
struct DemoOptions: ParsableArguments {
    /// `--theme`, `--locale`, `--layouts` and `--css`, as keypad-osk takes them.
    @OptionGroup var customization: CustomizationOptions

    @Flag(help: "Fill the screen, as a kiosk does.")
    var fullscreen = false

    @Option(help: "Keypad docked in the window, or in its own window that never takes focus.")
    var placement = KioskWindow.Placement.docked

    @Flag(
        help: """
            Print one line per delegate call, control event, notification and key, each prefixed with \
            CLOCK_MONOTONIC nanoseconds; a line `mark TEXT` on standard input is answered with \
            `mark TEXT` once every event before it has been handled.
            """)
    var trace = false

    @Flag(help: "Shuffle the PIN pad's digits each time it appears.")
    var scramble = false

    @Option(
        help: ArgumentHelp("Render with the keypad up, save a PNG and exit.", valueName: "file.png"),
        transform: { URL(fileURLWithPath: $0) })
    var screenshot: URL?

    @Option(
        help: ArgumentHelp(
            "Move focus SWITCHES times and press TAPS keys from inside the app, print the resident memory "
                + "as it goes, check the widgets, and exit.", valueName: "switches,taps"),
        transform: { text in
            guard let plan = DemoSoak.Plan(text) else {
                throw ValidationError("--soak wants SWITCHES,TAPS (e.g. 100000,1000000), not \(text)")
            }
            return plan
        })
    var soak: DemoSoak.Plan?
}

/// `keypad-demo`: the command, with its name, abstract and version.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keypad-demo",
        abstract: "A kiosk form (PIN, amount, phone, notes) typed on Keypad's on-screen keypads.",
        version: KeypadVersion.current)

    @OptionGroup var options: DemoOptions
}
