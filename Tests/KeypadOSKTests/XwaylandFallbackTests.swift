import Testing

@testable import KeypadOSK

@Suite("keypad-osk on a compositor without input-method-v2 goes to its Xwayland")
struct XwaylandFallbackTests {
    private let cage = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":1", "GDK_BACKEND": "wayland"]

    @Test("cage (no input method, no layer-shell) sends it to DISPLAY; it names the first global missing")
    func cageLacksInputMethod() {
        #expect(XwaylandFallback.lackedGlobal(environment: cage) { _ in 0 } == "zwp_input_method_manager_v2")
        let noLayerShell = XwaylandFallback.lackedGlobal(environment: cage) { $0 == "zwlr_layer_shell_v1" ? 0 : 1 }
        #expect(noLayerShell == "zwlr_layer_shell_v1")
    }

    @Test("A compositor with both, or one that does not answer, keeps GTK's choice")
    func servedOrSilent() {
        #expect(XwaylandFallback.lackedGlobal(environment: cage) { _ in 1 } == nil)
        #expect(XwaylandFallback.lackedGlobal(environment: cage) { _ in -1 } == nil)
    }

    @Test(
        "No Wayland display, no X display, or GDK_BACKEND without Wayland: the compositor is not asked",
        arguments: [
            ["DISPLAY": ":1"], ["WAYLAND_DISPLAY": "wayland-0"], ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""],
            ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":1", "GDK_BACKEND": "x11"],
        ])
    func notAsked(environment: [String: String]) {
        var asked = false
        let lacked = XwaylandFallback.lackedGlobal(environment: environment) { _ in
            asked = true
            return 0
        }
        #expect(lacked == nil)
        #expect(!asked)
    }
}
