import CKeypadWayland
import Foundation
import KeypadGTK

/// keypad-osk on a Wayland compositor without input-method-v2 or layer-shell (cage). As a
/// Wayland client there it could only open a second toplevel, which cage maximizes over the
/// app (measured, docs/wayland.md). Where the compositor runs Xwayland (DISPLAY is set: cage
/// sets it for its clients), keypad-osk draws on the Xwayland instead and serves the apps'
/// thin modules over D-Bus. Its keypad window is then an override-redirect X window of the
/// utility type (``KeypadWindowPlacement/x11Overlay``), which cage shows where it asks, above
/// the app, and never focuses.
public enum XwaylandFallback {
    /// What keypad-osk needs of a compositor to serve it as a Wayland client.
    nonisolated static let neededGlobals = ["zwp_input_method_manager_v2", "zwlr_layer_shell_v1"]

    /// The global the Wayland compositor lacks, when keypad-osk should go to its Xwayland;
    /// nil to open the display GTK chooses. `offers` asks the compositor (1 yes, 0 no, -1 no
    /// compositor answers); it is not asked when the environment rules the fallback out:
    /// no Wayland display, no X display, or GDK_BACKEND naming no Wayland.
    nonisolated static func lackedGlobal(environment: [String: String], offers: (String) -> Int32) -> String? {
        guard environment["WAYLAND_DISPLAY"]?.isEmpty == false, environment["DISPLAY"]?.isEmpty == false else {
            return nil
        }
        if let backend = environment["GDK_BACKEND"], !backend.isEmpty, !backend.contains("wayland") { return nil }
        return neededGlobals.first { offers($0) == 0 }
    }

    /// Decides before GTK opens a display: on a compositor that lacks a needed global, GTK is
    /// set to open the X display (GDK_BACKEND=x11) and keypad windows become overlays; one line
    /// says so. True when keypad-osk goes to the Xwayland.
    public static func choose() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard let lacked = lackedGlobal(environment: environment, offers: { keypad_wayland_compositor_offers($0) })
        else { return false }
        setenv("GDK_BACKEND", "x11", 1)
        KeypadWindowPlacement.useX11Overlay()
        Log.warning(
            "the Wayland compositor offers no \(lacked): serving the apps' keypad modules from its Xwayland "
                + "(DISPLAY=\(environment["DISPLAY"] ?? ""))")
        return true
    }
}
