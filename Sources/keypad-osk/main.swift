import CGTK
import CKeypadWayland
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
// org.keypad.OSK1 for GTK 4 apps (docs/gtk4.md); on X11 it is the only front.
let onX11 = keypad_display_backend(gdk_display_get_default()) == KEYPAD_BACKEND_X11
let dbusFront = DBusFront.start(service: service)
if onX11 {
    guard let dbusFront else { refuse("no session bus: keypad-osk has no app to serve on X11", .unsupported) }
    dbusFront.nameLost = { takenByAnother in
        guard takenByAnother else { exit(0) }  // the session bus went away: so does the session
        refuse("another keypad-osk serves this session (org.keypad.OSK1)", .seatTaken)
    }
    dbusFront.fieldMoved = { window, cursor in service.followX11Field(window: window, cursor: cursor) }
}
gtk_main()
