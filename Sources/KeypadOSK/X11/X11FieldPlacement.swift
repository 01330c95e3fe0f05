import CGTK
import CKeypadOSKX11
import Foundation

/// keypad-osk's keypad on X11 where the field is another app's: across the bottom of the
/// work area of the monitor showing the field's caret, and kept above the field's window
/// (a fullscreen kiosk too) as the GTK 3 module's keypad window is above its app's.
///
/// The keypad's placement takes the monitor of the ``KeypadHost``'s own window, which
/// never shows: realized (unmapped) and moved onto the caret, it names that monitor. The
/// keypad window is made transient for the field's toplevel, which the window manager
/// keeps it above and with.
/// What a move of the focused field does to the keypad's X11 stacking (its WM_TRANSIENT_FOR:
/// the window manager keeps it above the field's window). Each change is a PropertyNotify
/// back, read one per main-loop turn (#31: see keypad_osk_x11_set_transient_for).
public enum X11Stacking: Sendable {
    /// Nothing: a FocusIn's placement before the keypad shows, which ``again`` follows once
    /// it shows.
    case unchanged
    /// Stacked above the field's window if it is another window than last time (the caret moved).
    case ifNewWindow
    /// Stacked above the field's window again: the field has just taken focus, and the window
    /// manager may have restacked its window since (made it fullscreen, say).
    case again
}

extension OSKService {
    /// The focused field is at `cursor` (its toplevel's coordinates) in X window `window`. An
    /// app that keeps its field in view itself (`keepsItselfInView`: it scrolls the field
    /// above the keypad's frame) keeps the keypad at its edge: its caret is not followed.
    /// `stacking`: whether the keypad is stacked above the field's window (``X11Stacking``).
    public func followX11Field(
        window: UInt64, cursor: GdkRectangle, keepsItselfInView: Bool = false, stacking: X11Stacking = .ifNewWindow
    ) {
        let stage = self.stage ?? makeStage()
        guard window != 0, let display = gdk_display_get_default(), let host = stage.host else {
            return
        }
        var rootX: Int32 = 0
        var rootY: Int32 = 0
        guard keypad_osk_x11_root_point(display, guint64(window), cursor.x, cursor.y, &rootX, &rootY) != 0 else {
            return
        }
        gtk_widget_realize(host.window)
        // Moved only onto another monitor: only its monitor counts, and each move is an X
        // event back (#31: see keypad_osk_x11_set_transient_for).
        if let hostWindow = gtk_widget_get_window(host.window),
            gdk_display_get_monitor_at_point(display, rootX, rootY)
                != gdk_display_get_monitor_at_window(display, hostWindow)
        {
            gdk_window_move_resize(hostWindow, rootX, rootY, 1, 1)
        }
        if let keypadWindow = host.area.floatingWindow, stacking != .unchanged {
            keypad_osk_x11_set_transient_for(keypadWindow, guint64(window), stacking == .again ? 1 : 0)
        }
        // Off the caret (#34): the keyboard's bounds are the caret's monitor's work area now.
        let caret = CGRect(x: Int(rootX), y: Int(rootY), width: Int(cursor.width), height: Int(cursor.height))
        let known = !keepsItselfInView && (cursor.width > 0 || cursor.height > 0)
        stage.placer.caretMoved(known ? .rect(caret, area: stage.scope.keyboard.screenBounds) : .unknown)
    }
}
