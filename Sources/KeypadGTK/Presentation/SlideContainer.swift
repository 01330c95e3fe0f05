import CGTK
import CKeypadGTK
import Foundation
import KeypadCore

/// Slides its child up from its bottom edge and back down, with the duration and
/// the curve of a keyboard transition.
///
/// GtkRevealer slides too, but with its own curve only, and it draws nothing of its
/// child in the first frame of a reveal (its clock starts at that frame). Here each
/// frame shows the slide as it should be when the frame reaches the screen (the frame
/// clock's predicted presentation time), counted from the moment the notification
/// arrived — so the keypad is on screen in the first frame after focus. A hidden
/// container is unmapped: its keys are neither drawn nor showing on the
/// accessibility bus. Between slides no tick callback runs.
///
/// ``onSlideEnd`` runs once each reveal or hide has arrived: when its slide's last
/// frame is laid out, or at once when there is nothing to slide (no animation, already
/// there). A slide turned around by the next one does not end; the next one does.
/// A container unmapped mid-slide (its window hidden or closed) gets no more frames:
/// its slide arrives at once, so the end is never lost.
@MainActor
final class SlideContainer {
    /// The clip (`keypad_clip_new`, its own GdkWindow) showing the slid-in part of the child.
    /// Not a GtkScrolledWindow: its GtkViewport re-arms a 20-second timer at every frame
    /// (its pixel cache's expiry), which woke an idle keypad 20 s after its last frame.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let child: UnsafeMutablePointer<GtkWidget>
    /// Whether the child is shown or on its way in.
    private(set) var isRevealed = false
    /// Whether a slide is under way.
    var isSliding: Bool { slide != nil }
    /// How much of the child's height shows now, 0…1.
    private var shown: Double = 0
    private var slide: Slide?
    private var tickID: guint = 0
    /// Set when GTK destroys the widget (its window closed); later slides do nothing.
    private var isDestroyed = false
    /// Called when a reveal or hide has arrived (the keyboard's did-notifications go out then).
    var onSlideEnd: (@MainActor () -> Void)?

    private struct Slide {
        var from: Double
        var to: Double
        var start: Int
        var duration: Int
        var curve: KeyboardAnimationCurve
    }

    init(child: UnsafeMutablePointer<GtkWidget>) {
        self.child = child
        widget = keypad_clip_new()
        // Never a stop for Tab: keyboard focus stays on the fields.
        gtk_widget_set_can_focus(widget, 0)
        gtk_container_add(keypad_container(widget), child)
        gtk_widget_show_all(child)
        gtk_widget_set_no_show_all(widget, 1)
        onSignal(UnsafeMutableRawPointer(widget), "destroy") { [weak self] in self?.isDestroyed = true }
        onSignal(UnsafeMutableRawPointer(widget), "unmap", after: true) { [weak self] in self?.endSlide() }
    }

    /// Slides the child in (or out) over `duration` seconds along `curve`; a slide
    /// under way turns around from where it is. Revealing an already revealed child
    /// re-measures it (another keypad, another toolbar).
    func setRevealed(_ revealed: Bool, duration: TimeInterval, curve: KeyboardAnimationCurve) {
        let now = g_get_monotonic_time()
        let target: Double = revealed ? 1 : 0
        isRevealed = revealed
        guard !isDestroyed else { return onSlideEnd?() ?? () }
        if revealed { gtk_widget_show(widget) }
        guard shown != target || slide != nil else {
            apply()
            return onSlideEnd?() ?? ()
        }
        guard duration > 0, gtk_widget_get_mapped(widget) != 0, animationsEnabled else {
            slide = nil
            shown = target
            finishIfHidden()
            return onSlideEnd?() ?? ()
        }
        slide = Slide(from: shown, to: target, start: now, duration: Int(duration * 1_000_000), curve: curve)
        // The first frame is laid out with the slide as it will be when that frame shows.
        advance(presentedAt: now + Self.defaultRefreshInterval)
        if tickID == 0 {
            let target = Unmanaged.passRetained(TickTarget(self)).toOpaque()
            tickID = gtk_widget_add_tick_callback(widget, Self.tick, target) { data in
                guard let data else { return }
                Unmanaged<TickTarget>.fromOpaque(data).release()
            }
        }
    }

    /// The tick callback's user data: a weak reference, released by GTK with the callback.
    private final class TickTarget {
        weak var container: SlideContainer?
        init(_ container: SlideContainer) { self.container = container }
    }

    /// The tick callback: advances the slide; removes itself when the slide ends.
    private static let tick: GtkTickCallback = { _, clock, data in
        guard let data, let clock else { return 0 }
        let frameTime = gdk_frame_clock_get_frame_time(clock)
        var interval: gint64 = 0
        var presentation: gint64 = 0
        gdk_frame_clock_get_refresh_info(clock, frameTime, &interval, &presentation)
        let presented = presentation > 0 ? presentation : frameTime + (interval > 0 ? interval : defaultRefreshInterval)
        nonisolated(unsafe) let target = data
        return MainActor.assumeIsolated {
            guard let container = Unmanaged<TickTarget>.fromOpaque(target).takeUnretainedValue().container else {
                return 0
            }
            // A slide's end may start the next one (a move: out, then in at the other edge),
            // which this callback drives on.
            let running = container.advance(presentedAt: presented) || container.slide != nil
            if !running { container.tickID = 0 }
            return running ? 1 : 0
        }
    }

    private static let defaultRefreshInterval: Int = 16_667

    /// Moves the slide to where it is at `time` (µs, monotonic); false once it ended.
    @discardableResult
    private func advance(presentedAt time: Int) -> Bool {
        guard let slide else { return false }
        let fraction = slide.duration > 0 ? Double(time - slide.start) / Double(slide.duration) : 1
        shown = slide.from + (slide.to - slide.from) * slide.curve.progress(at: fraction)
        guard fraction < 1 else {
            endSlide()
            return false
        }
        apply()
        return true
    }

    /// Puts a slide under way where it was going and reports its end. The tick callback
    /// of a slide ended while unmapped removes itself at its next frame.
    private func endSlide() {
        guard let slide else { return }
        self.slide = nil
        shown = slide.to
        finishIfHidden()
        onSlideEnd?()
    }

    private func finishIfHidden() {
        if shown == 0 { gtk_widget_hide(widget) } else { apply() }
    }

    /// Gives the container the height of the shown part of the child.
    private func apply() {
        var minimum: gint = 0
        var natural: gint = 0
        gtk_widget_get_preferred_height(child, &minimum, &natural)
        let pixels = shown > 0 ? max(1, Int((Double(natural) * shown).rounded())) : 0
        keypad_clip_set_shown_height(widget, gint(pixels))
    }

    private var animationsEnabled: Bool {
        guard let settings = gtk_widget_get_settings(widget) else { return true }
        var enabled: gboolean = 1
        keypad_object_get_bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations", &enabled)
        return enabled != 0
    }
}
