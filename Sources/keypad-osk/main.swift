import CGTK
import Foundation
import KeypadForeignField
import KeypadGTK
import KeypadOSK

// --help and --version print and exit 0; a bad flag or value prints the error and usage, exit 64.
let command = OSKCommand.parseOrExit()
Log.program = "keypad-osk"

/// Prints one line on standard error and exits with `status`.
func refuse(_ message: String, _ status: OSKExit) -> Never {
    Log.warning(message)
    exit(status.rawValue)
}

guard KeypadHost.initializeGTK() else {
    refuse("cannot open a display (set WAYLAND_DISPLAY or DISPLAY)", .noDisplay)
}

let service = OSKService(configuration: command.serviceConfiguration)
// gtk4: DBusFront.start(service: service)
gtk_main()
