import CGTK
import CKeypadWayland
import Foundation
import KeypadCore

/// How the keypad's own window (the ``KeypadHost/Placement/window`` placement, and
/// keypad-osk's keypad) gets across the bottom of the app window's output without ever
/// taking keyboard focus. Chosen once per process from GDK's backend at run time, so one
/// library serves X11 and Wayland:
///
/// - ``x11``: a toplevel that refuses focus (accept-focus and focus-on-map off, a
///   utility hint, transient for the app window), moved to the bottom of the app
///   window's monitor's work area. The window manager honours all of it.
/// - ``layerShell``: Wayland compositors with wlr-layer-shell (sway, labwc, wayfire,
///   KDE). A layer surface on the OVERLAY layer (TOP sits under fullscreen kiosk
///   windows), anchored to the bottom, left and right edges of the app window's output,
///   with no keyboard interactivity and no exclusive zone. Wayland ignores a toplevel's
///   position, type hint and accept-focus, so nothing less works there. gtk-layer-shell
///   is loaded with `dlopen` only here and never unloaded.
/// - ``attached``: Wayland compositors without layer-shell (cage, mutter, weston's
///   kiosk-shell). A `GTK_WINDOW_POPUP` transient for the app window, which GDK maps as
///   a `wl_subsurface` of the app window's surface: the keypad is part of the app window,
///   across the bottom of its content, and a tap on it never moves focus.
/// - ``x11Overlay``: keypad-osk on the Xwayland of a Wayland compositor without layer-shell
///   (cage), chosen by ``useX11Overlay()``. An override-redirect window of the utility type:
///   cage maximizes a toplevel over the app, but shows an override-redirect window where it
///   asks, above the app, and gives a utility window no focus (wlroots' xwayland). cage reads
///   its position only as it maps, so a move while it shows maps it again.
/// - ``ownWindow``: any other backend (Broadway, say): the X11 window, which the
///   backend may place as it likes; one line on standard error says so.
package enum KeypadWindowPlacement: Equatable {
    case x11
    case layerShell
    case attached
    case x11Overlay
    case ownWindow

    /// The placement for this process's default display (chosen once).
    static var current: KeypadWindowPlacement {
        if let chosen { return chosen }
        let placement = choose(display: gdk_display_get_default())
        chosen = placement
        return placement
    }

    private static var chosen: KeypadWindowPlacement?

    /// Makes this process's keypad windows ``x11Overlay`` ones (keypad-osk on cage's
    /// Xwayland): called before the first keypad window.
    package static func useX11Overlay() { chosen = .x11Overlay }

    /// Whether the Wayland compositor's seats had no keyboard when first asked (a
    /// touch-only kiosk, where no window ever gets keyboard focus); false on X11.
    package static var seatLacksKeyboard: Bool {
        keypad_wayland_seat_lacks_keyboard(gdk_display_get_default()) != 0
    }

    /// The wlr-layer-shell global a compositor offers when it has layer-shell.
    static let layerShellGlobal = "zwlr_layer_shell_v1"

    private static func choose(display: OpaquePointer?) -> KeypadWindowPlacement {
        switch keypad_display_backend(display) {
        case KEYPAD_BACKEND_X11:
            return .x11
        case KEYPAD_BACKEND_WAYLAND:
            guard keypad_wayland_has_global(display, layerShellGlobal) != 0 else { return .attached }
            if let error = keypad_layer_shell_load() {
                log("\(String(cString: error)): the keypad docks at the bottom of the app window instead")
                return .attached
            }
            return .layerShell
        default:
            let name = display.flatMap { keypad_type_name(UnsafeMutableRawPointer($0)) }.map { String(cString: $0) }
            log(
                "GDK backend \(name ?? "none") can neither place nor dock a window: the keypad opens as a window of its own"
            )
            return .ownWindow
        }
    }

    /// One line on standard error (never `g_warning`, which `G_DEBUG=fatal-warnings`
    /// turns into a crash).
    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("keypad: \(message)\n".utf8))
    }

    /// Makes the keypad's window for `parent`'s keypad (hidden; ``place(_:parent:height:)``
    /// puts it in place before it shows). It goes away with `parent`.
    func makeWindow(parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(
            self == .attached || self == .x11Overlay ? GTK_WINDOW_POPUP : GTK_WINDOW_TOPLEVEL)
        let gtkWindow = keypad_window(window)
        gtk_window_set_accept_focus(gtkWindow, 0)
        gtk_window_set_focus_on_map(gtkWindow, 0)
        gtk_window_set_skip_taskbar_hint(gtkWindow, 1)
        gtk_window_set_decorated(gtkWindow, 0)
        gtk_window_set_title(gtkWindow, "Keypad")
        switch self {
        case .layerShell:
            // A layer surface has no parent: it goes with the app window by hand.
            keypad_layer_shell_setup(gtkWindow, Monitor.of(parent))
            let alive = WindowAlive(window)
            onSignal(UnsafeMutableRawPointer(parent), "destroy") {
                if alive.value { gtk_widget_destroy(window) }
            }
        case .x11, .attached, .x11Overlay, .ownWindow:
            if self == .attached {
                followResizes(of: parent, window: window)
            } else {
                gtk_window_set_type_hint(gtkWindow, GDK_WINDOW_TYPE_HINT_UTILITY)
            }
            gtk_window_set_transient_for(gtkWindow, keypad_window(parent))
            // Closing the app window closes this one too, instead of leaving it over the screen.
            gtk_window_set_destroy_with_parent(gtkWindow, 1)
        }
        return window
    }

    /// The rectangle whose bottom the keypad spans, in the coordinates the keyboard's
    /// frames use: the app window's monitor's work area (screen coordinates), or for
    /// ``attached`` the app window's content (the window's own coordinates, which are
    /// the screen's as far as a Wayland client can tell). `monitor`, where given, is the
    /// monitor instead of the app window's (keypad-osk's keypad: the output the compositor put
    /// it on, KeypadArea's ``KeypadArea/compositorMonitor``).
    func bounds(of parent: UnsafeMutablePointer<GtkWidget>?, monitor: OpaquePointer? = nil) -> GdkRectangle? {
        switch self {
        case .x11, .layerShell, .x11Overlay, .ownWindow:
            return monitor.map(Monitor.workArea(ofMonitor:)) ?? Monitor.workArea(of: parent)
        case .attached:
            return parent.flatMap(Self.contentRect(of:))
        }
    }

    /// Puts `window` (`height` pixels tall) across the bottom (or the top) of ``bounds(of:)``;
    /// with layer-shell and `outputFromCompositor`, on the output the compositor chooses as it
    /// maps (KeypadArea's ``KeypadArea/outputFromCompositor``).
    func place(
        _ window: UnsafeMutablePointer<GtkWidget>, parent: UnsafeMutablePointer<GtkWidget>?, height: Int,
        edge: KeyboardEdge = .bottom, outputFromCompositor: Bool = false, monitor: OpaquePointer? = nil
    ) {
        guard let area = bounds(of: parent, monitor: monitor) else { return }
        let gtkWindow = keypad_window(window)
        let height = gint(height)
        gtk_window_set_default_size(gtkWindow, area.width, height)
        gtk_widget_set_size_request(window, area.width, height)
        // A size request only sets a minimum: a narrower monitor (a rotation) needs a resize.
        gtk_window_resize(gtkWindow, area.width, height)
        switch self {
        case .layerShell:
            // The anchors give the position; the output follows the app window's.
            keypad_layer_shell_set_top(gtkWindow, edge == .top ? 1 : 0)
            if gtk_widget_get_visible(window) == 0, outputFromCompositor {
                keypad_layer_shell_set_monitor(gtkWindow, nil)
            } else if gtk_widget_get_visible(window) == 0, let monitor = Monitor.of(parent) {
                keypad_layer_shell_set_monitor(gtkWindow, monitor)
            }
        case .attached:
            // Relative to the app window's surface. A window shorter than the keypad (a
            // dialog) gets it below its content, centred on it, rather than over it.
            var minimum: gint = 0
            gtk_widget_get_preferred_width(window, &minimum, nil)
            let x = area.x + min(0, (area.width - minimum) / 2)
            let bottom = height > area.height ? area.y + area.height : area.y + area.height - height
            let y = edge == .top ? area.y : bottom
            gtk_window_move(gtkWindow, x, y)
            // A subsurface's position and first content apply with its parent's next
            // commit: have the app window draw a frame.
            if let parent { gtk_widget_queue_draw(parent) }
        case .x11, .x11Overlay, .ownWindow:
            let frame = KeypadPlacement.windowFrame(
                in: CGRect(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)),
                height: Int(height), edge: edge)
            var x: gint = 0
            var y: gint = 0
            gtk_window_get_position(gtkWindow, &x, &y)
            // cage takes an override-redirect window's place only as it maps (measured: a
            // move while mapped left it drawn where it was).
            let remaps =
                self == .x11Overlay && gtk_widget_get_mapped(window) != 0
                && (x != gint(frame.minX) || y != gint(frame.minY))
            if remaps { gtk_widget_hide(window) }
            gtk_window_move(gtkWindow, gint(frame.minX), gint(frame.minY))
            if remaps { gtk_widget_show(window) }
        }
    }

    /// Keeps an attached keypad at the bottom of its app window as the window changes size
    /// (maximized, rotated): its position is relative to the window's top left.
    private func followResizes(of parent: UnsafeMutablePointer<GtkWidget>, window: UnsafeMutablePointer<GtkWidget>) {
        let alive = WindowAlive(window)
        onSignalIgnoringArgument(UnsafeMutableRawPointer(parent), "size-allocate", after: true) {
            guard alive.value, gtk_widget_get_visible(window) != 0 else { return }
            var height: gint = 0
            gtk_widget_get_size_request(window, nil, &height)
            guard height > 0 else { return }
            self.place(window, parent: parent, height: Int(height))
        }
    }

    /// The app window's content (its child with the child's margins, without client-side
    /// shadows and title bar) in the window's own coordinates. The margins count: keeping
    /// a field above the keypad gives a scrolled window a bottom margin as tall as the
    /// keypad, which must not lift the keypad in turn.
    private static func contentRect(of parent: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard gtk_widget_get_realized(parent) != 0 else { return nil }
        guard let child = gtk_bin_get_child(keypad_bin(parent)), gtk_widget_get_visible(child) != 0 else {
            return GdkRectangle(
                x: 0, y: 0, width: gtk_widget_get_allocated_width(parent),
                height: gtk_widget_get_allocated_height(parent))
        }
        var x: gint = 0
        var y: gint = 0
        _ = gtk_widget_translate_coordinates(child, parent, 0, 0, &x, &y)
        let left = gtk_widget_get_margin_start(child)
        let top = gtk_widget_get_margin_top(child)
        return GdkRectangle(
            x: x - left, y: y - top,
            width: gtk_widget_get_allocated_width(child) + left + gtk_widget_get_margin_end(child),
            height: gtk_widget_get_allocated_height(child) + top + gtk_widget_get_margin_bottom(child))
    }
}

/// Whether a window is still there, for handlers on another widget that outlive it.
private final class WindowAlive {
    private(set) var value = true

    init(_ window: UnsafeMutablePointer<GtkWidget>) {
        onSignal(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.value = false }
    }
}
