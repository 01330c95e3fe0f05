import CGTK
import Foundation

/// The input side of a drawn keypad: one input-only event box above the keys takes
/// every press, motion and release, finds the key under the pointer and reports it.
/// The keys stay GtkButtons for drawing and for AT-SPI's press, but their own input
/// windows are hidden, so GtkButton never sees the pointer.
///
/// Why: GtkWindow's capture-phase gesture asks the widget under every press for its
/// `window-dragging` style property before any handler runs. A key's style changes
/// at every tap (`:active`, `:hover`), which empties GTK's style-property cache, so
/// each press recomputed the property from the CSS first: about 0.12 ms of a 0.19 ms
/// press → handler dispatch (measured, `keypad-gtk-bench dispatch-*`). The surface's
/// own style never changes, so the lookup stays cached; GtkButton's own press,
/// prelight and release handling go as well.
@MainActor
final class KeyTouchSurface {
    /// A key the surface can hit: its id and button.
    typealias Key = (id: String, button: UnsafeMutablePointer<GtkWidget>)

    /// The event box; the keypad's top widget.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The keys to hit-test, in any order.
    var keys: () -> [Key] = { [] }
    /// A key went down under the pointer.
    var onPress: (String) -> Void = { _ in }
    /// The pointer moved while key `id` is held, to the screen point given.
    var onDrag: (_ id: String, _ x: Double, _ y: Double) -> Void = { _, _, _ in }
    /// The held key `id` was let go at the screen point given (or its grab broke).
    var onRelease: (_ id: String, _ x: Double, _ y: Double) -> Void = { _, _, _ in }
    /// The key held down now: its id, and its button unless the keys were rebuilt since.
    private var held: (id: String, button: UnsafeMutablePointer<GtkWidget>?)?

    /// Wraps `child` (the grid of keys).
    init(child: UnsafeMutablePointer<GtkWidget>) {
        widget = gtk_event_box_new()
        gtk_event_box_set_visible_window(keypad_event_box(widget), 0)
        gtk_event_box_set_above_child(keypad_event_box(widget), 1)
        let mask =
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
            | GDK_POINTER_MOTION_MASK.rawValue
        gtk_widget_add_events(widget, gint(mask))
        gtk_container_add(keypad_container(widget), child)
        // Shown from the start: GTK measures a hidden widget as 0 px tall, and the keypad
        // measures its height through this widget before any window shows it.
        gtk_widget_show(widget)
        let pointer = UnsafeMutableRawPointer(widget)
        onEvent(pointer, "button-press-event") { [weak self] event in
            guard let event else { return false }
            self?.pressed(event)
            return true
        }
        onEvent(pointer, "motion-notify-event") { [weak self] event in
            guard let self, let event, let held = self.held else { return false }
            self.onDrag(held.id, event.pointee.motion.x_root, event.pointee.motion.y_root)
            return true
        }
        onEvent(pointer, "button-release-event") { [weak self] event in
            guard let event, event.pointee.button.button == 1 else { return false }
            self?.release(atX: event.pointee.button.x_root, y: event.pointee.button.y_root)
            return true
        }
        onEvent(pointer, "grab-broken-event") { [weak self] _ in
            self?.releaseHeldKey()
            return false
        }
    }

    /// Makes `button` a key drawn under the surface: its own input window stays hidden
    /// each time GTK maps it.
    func adopt(_ button: UnsafeMutablePointer<GtkWidget>) {
        onSignal(UnsafeMutableRawPointer(button), "map", after: true) {
            if let window = InputOnlyWindow.of(button) { gdk_window_hide(window) }
        }
    }

    /// The keys are being rebuilt: the held key's button is going away, but its
    /// release still reaches ``onRelease``.
    func dropHeldButton() { held?.button = nil }

    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>) {
        // GDK follows a quick second press with a GDK_2BUTTON_PRESS (and a third with
        // GDK_3BUTTON_PRESS) on top of the plain press: those are not taps.
        guard event.pointee.type == GDK_BUTTON_PRESS, event.pointee.button.button == 1,
            let key = key(atX: event.pointee.button.x, y: event.pointee.button.y)
        else { return }
        // A press with a key still held (its release was lost): let that key go first.
        releaseHeldKey()
        held = (key.id, key.button)
        onPress(key.id)
        // After the key has acted: the pressed look is for the next frame.
        gtk_widget_set_state_flags(key.button, GTK_STATE_FLAG_ACTIVE, 0)
    }

    /// Lets the held key go over its own middle (a broken grab, a lost release).
    private func releaseHeldKey() {
        guard let held else { return }
        let frame = held.button.flatMap { WidgetGeometry.screenRect(of: $0) }
        release(atX: Double(frame?.midX ?? -1), y: Double(frame?.midY ?? -1))
    }

    private func release(atX x: Double, y: Double) {
        guard let key = held else { return }
        held = nil
        if let button = key.button { gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_ACTIVE) }
        onRelease(key.id, x, y)
    }

    /// The sensitive key whose button contains the surface point (`x`, `y`). The
    /// surface and its keys draw in one GdkWindow (none of them has its own), so
    /// their allocations share one origin and a key is found without translating.
    private func key(atX x: Double, y: Double) -> Key? {
        var area = GtkAllocation()
        gtk_widget_get_allocation(widget, &area)
        let pointX = Int(area.x) + Int(x.rounded(.down))
        let pointY = Int(area.y) + Int(y.rounded(.down))
        return keys().first { key in
            var frame = GtkAllocation()
            gtk_widget_get_allocation(key.button, &frame)
            return pointX >= Int(frame.x) && pointY >= Int(frame.y) && pointX < Int(frame.x) + Int(frame.width)
                && pointY < Int(frame.y) + Int(frame.height) && gtk_widget_is_sensitive(key.button) != 0
                && gtk_widget_get_mapped(key.button) != 0
        }
    }
}
