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
let onWayland = WaylandFront.start(service: service) { refusal in
    switch refusal {
    case .unsupported: refuse(refusal.message, .unsupported)
    case .seatTaken: refuse(refusal.message, .seatTaken)
    case .compositorGone: refuse(refusal.message, .compositorGone)
    }
}
if !onWayland, SessionBus.connection() == nil {
    refuse("no Wayland input method and no session bus: no app can reach the keypad", .unsupported)
}
PuriOSK.start(service: service)
// gtk4: DBusFront.start(service: service)
gtk_main()
