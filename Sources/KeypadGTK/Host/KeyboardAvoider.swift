import CGTK
import Foundation
import KeypadCore

/// Keeps the editing widget inside one scrolled window above the keypad.
///
/// As the docked keypad slides in, the scrolled window shrinks and scrolls in step with
/// the animation (each new allocation reveals the editing widget again); with the
/// keypad window, the inset widget's bottom margin grows by what that window covers.
/// When the keypad hides, the view scrolls back to where it was.
@MainActor
final class KeyboardAvoider {
    private weak var host: KeypadHost?
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let inset: UnsafeMutablePointer<GtkWidget>
    /// The inset widget's own bottom margin, kept under what the keypad window adds.
    private let baseMargin: gint
    private var state = AvoidanceState()
    private var tokens: [any NSObjectProtocol] = []
    private var isStopped = false

    init(host: KeypadHost, scroller: UnsafeMutablePointer<GtkWidget>, inset: UnsafeMutablePointer<GtkWidget>) {
        self.host = host
        self.scroller = scroller
        self.inset = inset
        baseMargin = gtk_widget_get_margin_bottom(inset)
        let center = host.scope.notificationCenter
        tokens = [
            keyboardObserver(Responder.keyboardWillShowNotification, on: center) { [weak self] transition in
                self?.keypadWillShow(transition)
            },
            keyboardObserver(Responder.keyboardDidHideNotification, on: center) { [weak self] _ in
                self?.keypadDidHide()
            },
        ]
        onSignalIgnoringArgument(UnsafeMutableRawPointer(scroller), "size-allocate", after: true) { [weak self] in
            self?.revealEditingWidget()
        }
        for widget in [scroller, inset] {
            onSignal(UnsafeMutableRawPointer(widget), "destroy") { [weak self] in self?.stop() }
        }
    }

    isolated deinit {
        stop()
    }

    /// Stops following the keyboard and never touches the widgets again.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        if let center = host?.scope.notificationCenter { for token in tokens { center.removeObserver(token) } }
        tokens = []
    }

    private func keypadWillShow(_ transition: KeyboardTransition?) {
        guard !isStopped, let host, host.placement == .window,
            let frame = transition?.endFrame ?? host.scope.keyboard.frame,
            let rect = WidgetGeometry.screenRect(of: inset)
        else { return }
        // The widget's extent without the margin this avoider added.
        let bottom = rect.maxY + CGFloat(gtk_widget_get_margin_bottom(inset) - baseMargin)
        let extent = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: bottom - rect.minY)
        let covered = KeyboardAvoidance.keypadOverlap(container: extent, keyboardFrame: frame)
        gtk_widget_set_margin_bottom(inset, baseMargin + gint(covered))
    }

    private func keypadDidHide() {
        guard !isStopped else { return }
        gtk_widget_set_margin_bottom(inset, baseMargin)
        let adjustment = gtk_scrolled_window_get_vadjustment(keypad_scrolled_window(scroller))
        gtk_adjustment_set_value(adjustment, state.keypadHidden(currentOffset: gtk_adjustment_get_value(adjustment)))
    }

    /// Scrolls so the editing widget (plus the margin) is inside the visible part.
    private func revealEditingWidget() {
        guard !isStopped, let host, !host.isClosed, host.scope.keyboard.isVisible,
            let widget = host.editingWidget, gtk_widget_is_ancestor(widget, scroller) != 0,
            let adjustment = gtk_scrolled_window_get_vadjustment(keypad_scrolled_window(scroller)),
            let viewport = gtk_bin_get_child(keypad_bin(scroller))
        else { return }
        // In the scrolled content's coordinates: where the viewport shows the widget now,
        // plus how far the content is scrolled.
        var x: gint = 0
        var y: gint = 0
        guard gtk_widget_translate_coordinates(widget, viewport, 0, 0, &x, &y) != 0 else { return }
        let target = CGRect(
            x: CGFloat(x), y: CGFloat(y) + gtk_adjustment_get_value(adjustment), width: 1,
            height: CGFloat(gtk_widget_get_allocated_height(widget)))
        let offset = state.keypadShown(
            revealing: target, margin: host.avoidanceMargin, currentOffset: gtk_adjustment_get_value(adjustment),
            visibleHeight: gtk_adjustment_get_page_size(adjustment), contentHeight: gtk_adjustment_get_upper(adjustment)
        )
        if offset != gtk_adjustment_get_value(adjustment) { gtk_adjustment_set_value(adjustment, offset) }
    }
}
