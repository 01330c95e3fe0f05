import CGTK
import CKeypadWayland
import Foundation
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

// --show, --hide, --toggle: a request to the keypad-osk already running, over the session bus.
if let request = command.onRequest { exit(OSKRemote.send(request)) }

// cage (no input-method-v2, no layer-shell): keypad-osk draws on its Xwayland instead (docs/wayland.md).
_ = XwaylandFallback.choose()
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
// org.keypad.OSK1 for the thin modules (GTK 3, GTK 4, Qt; docs/thin-modules.md): on X11 the only front.
let dbusFront = DBusFront.start(service: service)
if !onWayland, dbusFront == nil {
    refuse("no Wayland input method and no session bus: no app can reach the keypad", .unsupported)
}
dbusFront?.nameLost = { takenByAnother in
    guard takenByAnother else { exit(0) }  // the session bus went away: so does the session
    // On Wayland this keypad-osk still serves the compositor's apps; on X11 it has none.
    if !onWayland { refuse("another keypad-osk serves this session (org.keypad.OSK1)", .seatTaken) }
}
if keypad_display_backend(gdk_display_get_default()) == KEYPAD_BACKEND_X11 {
    dbusFront?.fieldMoved = { window, cursor, keepsItselfInView, stacking in
        service.followX11Field(
            window: window, cursor: cursor, keepsItselfInView: keepsItselfInView, stacking: stacking)
    }
}
// The keyboard on request (#35) types through the virtual keyboard on Wayland, XTest on X11.
if onWayland {
    service.useTyper(VirtualKeyboardTyper())
} else if let typer = XTestTyper() {
    service.useTyper(typer)
}
PuriOSK.start(service: service)
gtk_main()
