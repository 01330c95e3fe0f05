import CGTK
import Foundation
import KeypadCore

/// The input side of a drawn keypad: one input-only event box above the keys takes
/// every press, motion and release, and every touch, finds the key under it and
/// reports it. The keys stay GtkButtons for drawing and for AT-SPI's press, but their
/// own input windows are hidden, so GtkButton never sees the pointer.
///
/// Why: GtkWindow's capture-phase gesture asks the widget under every press for its
/// `window-dragging` style property before any handler runs. A key's style changes
/// at every tap (`:active`, `:hover`), which empties GTK's style-property cache, so
/// each press recomputed the property from the CSS first: about 0.12 ms of a 0.19 ms
/// press → handler dispatch (measured, `keypad-gtk-bench dispatch-*`). The surface's
/// own style never changes, so the lookup stays cached; GtkButton's own press,
/// prelight and release handling go as well.
///
/// Touchscreens: GTK 3 turns only the first finger into pointer events, so the surface
/// selects touch events and follows every touch sequence itself, one key per sequence
/// (``KeyTouch`` numbers them): each finger acts on its begin, slides and lifts as a
/// dragged pointer does, and a cancelled sequence lets its key go without typing. The
/// pointer events GTK emulates from a touch, and pointer events from a touchscreen
/// device, are left alone, so a finger never types twice. A press that misses every key
/// (the spacing between them) goes to the nearest enabled key (``KeyTargeting``).
@MainActor
final class KeyTouchSurface {
    /// A key the surface can hit: its id and button.
    typealias Key = (id: String, button: UnsafeMutablePointer<GtkWidget>)

    /// The event box; the keypad's top widget.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The keys to hit-test, in reading order (ties between two nearest keys go to the first).
    var keys: () -> [Key] = { [] }
    /// A key went down under the pointer or a finger.
    var onPress: (_ id: String, _ touch: KeyTouch) -> Void = { _, _ in }
    /// The pointer or finger holding key `id` moved, to the screen point given.
    var onDrag: (_ id: String, _ touch: KeyTouch, _ x: Double, _ y: Double) -> Void = { _, _, _, _ in }
    /// The key `id` held by `touch` was let go at the screen point given (or the pointer's grab broke).
    var onRelease: (_ id: String, _ touch: KeyTouch, _ x: Double, _ y: Double) -> Void = { _, _, _, _ in }
    /// The touch sequence holding key `id` was cancelled: the key goes without acting.
    var onCancel: (_ id: String, _ touch: KeyTouch) -> Void = { _, _ in }

    /// A key held down now: its id, its button unless the keys were rebuilt since, and
    /// the pointer or finger holding it.
    private struct Held {
        var id: String
        var button: UnsafeMutablePointer<GtkWidget>?
        var touch: KeyTouch
    }

    /// The keys held now, in the order they went down.
    private var held: [Held] = []
    /// The finger each touch sequence GTK follows is, while it is down.
    private var fingers: [OpaquePointer?: KeyTouch] = [:]
    /// The number the next touch sequence gets (0 is the pointer).
    private var nextFinger: UInt = 1

    /// Wraps `child` (the grid of keys).
    init(child: UnsafeMutablePointer<GtkWidget>) {
        widget = gtk_event_box_new()
        gtk_event_box_set_visible_window(keypad_event_box(widget), 0)
        gtk_event_box_set_above_child(keypad_event_box(widget), 1)
        let mask =
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
            | GDK_POINTER_MOTION_MASK.rawValue | GDK_TOUCH_MASK.rawValue
        gtk_widget_add_events(widget, gint(mask))
        gtk_container_add(keypad_container(widget), child)
        // Shown from the start: GTK measures a hidden widget as 0 px tall, and the keypad
        // measures its height through this widget before any window shows it.
        gtk_widget_show(widget)
        connectEvents()
    }

    private func connectEvents() {
        let pointer = UnsafeMutableRawPointer(widget)
        onEvent(pointer, "button-press-event") { [weak self] event in
            guard let self, let event else { return false }
            guard !Self.comesFromTouch(event) else { return true }
            self.pressed(event)
            return true
        }
        onEvent(pointer, "motion-notify-event") { [weak self] event in
            guard let self, let event, let held = self.heldIndex(of: .pointer).map({ self.held[$0] }) else {
                return false
            }
            guard !Self.comesFromTouch(event) else { return true }
            self.onDrag(held.id, .pointer, event.pointee.motion.x_root, event.pointee.motion.y_root)
            return true
        }
        onEvent(pointer, "button-release-event") { [weak self] event in
            guard let event, event.pointee.button.button == 1 else { return false }
            guard !Self.comesFromTouch(event) else { return true }
            self?.release(.pointer, atX: event.pointee.button.x_root, y: event.pointee.button.y_root)
            return true
        }
        onEvent(pointer, "touch-event") { [weak self] event in
            guard let self, let event else { return false }
            self.touched(event)
            // Handled: GTK emulates no pointer events from it for this widget.
            return true
        }
        onEvent(pointer, "grab-broken-event") { [weak self] _ in
            self?.releaseHeldKey(.pointer)
            return false
        }
        // Another widget's grab shadows the surface, or it leaves the screen: GTK sends
        // the fingers down on it nothing more, so their keys go without acting.
        onSignal(pointer, "unmap") { [weak self] in self?.cancelTouches() }
        onGrabNotify(pointer) { [weak self] wasGrabbed in
            if !wasGrabbed { self?.cancelTouches() }
        }
    }

    /// Whether a pointer event stands for a finger: GTK emulated it from a touch
    /// sequence, or a touchscreen sent it. The touch itself reaches ``touched(_:)``.
    private static func comesFromTouch(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        if gdk_event_get_pointer_emulated(event) != 0 { return true }
        guard let device = gdk_event_get_source_device(event) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// Makes `button` a key drawn under the surface: its own input window stays hidden
    /// each time GTK maps it.
    func adopt(_ button: UnsafeMutablePointer<GtkWidget>) {
        onSignal(UnsafeMutableRawPointer(button), "map", after: true) {
            if let window = InputOnlyWindow.of(button) { gdk_window_hide(window) }
        }
    }

    /// The keys are being rebuilt: the held keys' buttons are going away, but their
    /// releases still reach ``onRelease``.
    func dropHeldButton() {
        for index in held.indices { held[index].button = nil }
    }

    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>) {
        // GDK follows a quick second press with a GDK_2BUTTON_PRESS (and a third with
        // GDK_3BUTTON_PRESS) on top of the plain press: those are not taps.
        guard event.pointee.type == GDK_BUTTON_PRESS, event.pointee.button.button == 1,
            let key = key(atX: event.pointee.button.x, y: event.pointee.button.y)
        else { return }
        // A press with a key still held (its release was lost): let that key go first.
        releaseHeldKey(.pointer)
        press(key, by: .pointer)
    }

    private func touched(_ event: UnsafeMutablePointer<GdkEvent>) {
        let touch = event.pointee.touch
        switch event.pointee.type {
        case GDK_TOUCH_BEGIN:
            let finger = KeyTouch(nextFinger)
            nextFinger = nextFinger == UInt.max ? 1 : nextFinger + 1
            fingers[touch.sequence] = finger
            if let key = key(atX: touch.x, y: touch.y) { press(key, by: finger) }
        case GDK_TOUCH_UPDATE:
            guard let finger = fingers[touch.sequence], let index = heldIndex(of: finger) else { return }
            onDrag(held[index].id, finger, touch.x_root, touch.y_root)
        case GDK_TOUCH_END:
            guard let finger = fingers.removeValue(forKey: touch.sequence) else { return }
            release(finger, atX: touch.x_root, y: touch.y_root)
        case GDK_TOUCH_CANCEL:
            guard let finger = fingers.removeValue(forKey: touch.sequence) else { return }
            cancel(finger)
        default:
            break
        }
    }

    private func press(_ key: Key, by touch: KeyTouch) {
        held.append(Held(id: key.id, button: key.button, touch: touch))
        onPress(key.id, touch)
        // After the key has acted: the pressed look is for the next frame. Not when acting
        // rebuilt the keys (a page key): its button is gone (``dropHeldButton()``).
        guard let index = heldIndex(of: touch), let button = held[index].button else { return }
        gtk_widget_set_state_flags(button, GTK_STATE_FLAG_ACTIVE, 0)
    }

    private func heldIndex(of touch: KeyTouch) -> Int? {
        for index in held.indices where held[index].touch == touch { return index }
        return nil
    }

    /// Lets the key `touch` holds go over its own middle (a broken grab, a lost release).
    private func releaseHeldKey(_ touch: KeyTouch) {
        guard let index = heldIndex(of: touch) else { return }
        let frame = held[index].button.flatMap { WidgetGeometry.screenRect(of: $0) }
        release(touch, atX: Double(frame?.midX ?? -1), y: Double(frame?.midY ?? -1))
    }

    private func release(_ touch: KeyTouch, atX x: Double, y: Double) {
        guard let key = letGo(touch) else { return }
        onRelease(key.id, touch, x, y)
    }

    private func cancel(_ touch: KeyTouch) {
        guard let key = letGo(touch) else { return }
        onCancel(key.id, touch)
    }

    /// Every finger down on the surface is cancelled.
    private func cancelTouches() {
        for finger in fingers.values { cancel(finger) }
        fingers = [:]
    }

    /// Forgets the key `touch` holds, and unpresses its look unless another finger holds it too.
    private func letGo(_ touch: KeyTouch) -> Held? {
        guard let index = heldIndex(of: touch) else { return nil }
        let key = held.remove(at: index)
        if let button = key.button, !held.contains(where: { $0.button == button }) {
            gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_ACTIVE)
        }
        return key
    }

    /// The key a press at the surface point (`x`, `y`) means: the sensitive key whose
    /// button contains it, or the nearest sensitive one when it lands between keys. The
    /// surface and its keys draw in one GdkWindow (none of them has its own), so their
    /// allocations share one origin and a key is found without translating.
    private func key(atX x: Double, y: Double) -> Key? {
        var area = GtkAllocation()
        gtk_widget_get_allocation(widget, &area)
        let point = CGPoint(x: Double(area.x) + x.rounded(.down), y: Double(area.y) + y.rounded(.down))
        let mapped = keys().filter { gtk_widget_get_mapped($0.button) != 0 }
        let targets = mapped.map { key in
            var frame = GtkAllocation()
            gtk_widget_get_allocation(key.button, &frame)
            return KeyTargeting.Target(
                frame: CGRect(x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height)),
                isEnabled: gtk_widget_is_sensitive(key.button) != 0)
        }
        let keyArea = CGRect(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height))
        return KeyTargeting.key(at: point, in: targets, area: keyArea).map { mapped[$0] }
    }
}

/// GtkWidget `grab-notify`: `void (*)(GtkWidget *, gboolean was_grabbed, gpointer)`;
/// `was_grabbed` false means another widget's grab now shadows this one.
private func onGrabNotify(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping @MainActor (Bool) -> Void) {
    let thunk: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, wasGrabbed, data in
        guard let handler = unbox(data, as: (@MainActor (Bool) -> Void).self) else { return }
        MainActor.assumeIsolated { handler(wasGrabbed != 0) }
    }
    connect(instance, "grab-notify", thunk: unsafeBitCast(thunk, to: GCallback.self), handler: handler)
}
