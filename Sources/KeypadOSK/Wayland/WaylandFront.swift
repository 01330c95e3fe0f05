import CGTK
import CKeypadOSKWayland
import CKeypadWayland
import Foundation
import KeypadGTK

/// keypad-osk's Wayland front: the seat's input method (input-method-v2). The compositor
/// connects it to the focused app's text input (text-input-v3: Chromium, Firefox, GTK 3
/// and 4, Qt): `activate` and `deactivate` begin and end editing of the service's input,
/// `content_type` picks its keypad, `surrounding_text` keeps its text; the keys come back
/// as `commit_string`, `delete_surrounding_text` and, for Return (and BackSpace where the
/// app gives no text), keys of a virtual keyboard.
@MainActor
public final class WaylandFront: OSKClient {
    /// Why the front cannot serve (or stopped serving) the session.
    public enum Refusal: Error, Equatable {
        /// The compositor lacks a protocol the keypad needs (named).
        case unsupported(String)
        /// Another input method holds the seat.
        case seatTaken
        /// The compositor closed the connection.
        case compositorGone

        /// The line keypad-osk prints.
        public var message: String {
            switch self {
            case .unsupported(let what):
                "the Wayland compositor offers no \(what): keypad-osk cannot serve it (use the GTK module, GTK_IM_MODULE=keypad)"
            case .seatTaken: "another input method holds the seat (is another keypad-osk or squeekboard running?)"
            case .compositorGone: "the Wayland compositor went away"
            }
        }
    }

    public let traceName = "wayland"
    private let service: OSKService
    private let refused: (Refusal) -> Void
    /// Whether a text input is active (between `activate` and `deactivate`).
    private var isActive = false
    private var contentType: ContentType?
    /// The app's text as last given (and as the edits sent since have made it).
    private var surrounding: SurroundingText?
    /// The one front of the process, which the protocol's handler reaches.
    private static var shared: WaylandFront?

    private init(service: OSKService, refused: @escaping (Refusal) -> Void) {
        self.service = service
        self.refused = refused
    }

    /// Starts serving the seat of GDK's Wayland display; false when GDK's display is not a
    /// Wayland one. `refused` gets why the compositor cannot be served, now or later.
    public static func start(service: OSKService, refused: @escaping (Refusal) -> Void) -> Bool {
        let display = gdk_display_get_default()
        guard keypad_display_backend(display) == KEYPAD_BACKEND_WAYLAND else { return false }
        guard keypad_wayland_has_global(display, "zwlr_layer_shell_v1") != 0 else {
            refused(.unsupported("wlr-layer-shell"))
            return true
        }
        if let error = keypad_layer_shell_load() {
            refused(.unsupported("layer-shell through gtk-layer-shell (\(String(cString: error)))"))
            return true
        }
        let front = WaylandFront(service: service, refused: refused)
        shared = front
        let started = keypad_osk_wayland_start(
            display,
            { _, event, state in
                MainActor.assumeIsolated { WaylandFront.shared?.handle(event, state?.pointee) }
            }, nil)
        switch started {
        case KEYPAD_OSK_STARTED:
            if let placer = service.stage?.placer { CaretProbe.start(display: display, placer: placer) }
        case KEYPAD_OSK_NO_INPUT_METHOD: refused(.unsupported("input method (zwp_input_method_manager_v2)"))
        case KEYPAD_OSK_NO_VIRTUAL_KEYBOARD: refused(.unsupported("virtual keyboard (zwp_virtual_keyboard_manager_v1)"))
        case KEYPAD_OSK_NO_SEAT: refused(.unsupported("seat"))
        default: refused(.unsupported("virtual keyboard keymap (memfd)"))
        }
        return true
    }

    private func handle(_ event: KeypadOSKEvent, _ state: KeypadOSKState?) {
        switch event {
        case KEYPAD_OSK_EVENT_UNAVAILABLE: refused(.seatTaken)
        case KEYPAD_OSK_EVENT_GONE:
            service.clientVanished(self)
            refused(.compositorGone)
        default:
            guard let state else { return }
            queue(TextInputState(state, activatedBefore: queued?.activated ?? false))
        }
    }

    /// The text input's state from the last `done`, waiting for the main loop: states are
    /// applied one at a time, never from inside the service's own work (showing the keypad
    /// can dispatch Wayland events), and a storm of them collapses into its last state.
    private var queued: TextInputState?
    private var isApplying = false

    private func queue(_ state: TextInputState) {
        let scheduled = queued != nil
        queued = state
        guard !scheduled, !isApplying else { return }
        // A new field: its caret first (#34), against the height of its keypad, so the keypad
        // shows where it leaves the caret free.
        let isNewField = state.active && state.activated
        if isNewField {
            service.expectKeypad(for: OSKField(traits: ContentType(hint: state.hint, purpose: state.purpose).traits))
        }
        let refreshed = isNewField && CaretProbe.refresh { [weak self] in self?.applyQueuedSoon() }
        if !refreshed { applyQueuedSoon() }
    }

    private func applyQueuedSoon() {
        MainLoop.soon { [weak self] in self?.applyQueued() }
    }

    private func applyQueued() {
        guard !isApplying else { return }
        isApplying = true
        defer { isApplying = false }
        while let state = queued {
            queued = nil
            apply(state)
        }
    }

    /// A `done`: the text input's new state.
    private func apply(_ state: TextInputState) {
        let type = ContentType(hint: state.hint, purpose: state.purpose)
        surrounding = state.surrounding
        var field = OSKField(
            traits: type.traits, text: surrounding?.text,
            selection: surrounding?.selection ?? NSRange(location: 0, length: 0))
        field.isTerminal = type.isTerminal
        defer { contentType = type }
        guard state.active else {
            guard isActive else { return }
            isActive = false
            IMTrace.write("focus-out")
            service.focusOut(self)
            return
        }
        if state.activated || !isActive {
            isActive = true
            IMTrace.write("focus-in \(type.traceDescription) widget=\(traceName)")
            service.focusIn(self, field: field)
        } else {
            if type != contentType { IMTrace.write("purpose \(type.traceDescription)") }
            service.update(self, field: field)
        }
    }

    // MARK: - OSKClient

    public func commit(_ text: String) {
        keypad_osk_wayland_commit_string(text)
        keypad_osk_wayland_commit()
        surrounding = surrounding.flatMap { $0.replacing($0.selection, with: text) }
    }

    /// A selection the app reports goes with `delete_surrounding_text`; at a bare caret the
    /// virtual keyboard's BackSpace deletes, as a physical key does: GTK 3 reports no
    /// selection (its anchor is always the cursor), so a caret there may hide one.
    public func delete(_ range: NSRange) {
        guard let surrounding, surrounding.cursor != surrounding.anchor, let deletion = surrounding.deletion(of: range)
        else {
            backspace()
            self.surrounding = surrounding?.replacing(range, with: "")
            return
        }
        keypad_osk_wayland_delete_surrounding_text(deletion.before, deletion.after)
        keypad_osk_wayland_commit()
        self.surrounding = surrounding.replacing(range, with: "")
    }

    /// evdev's KEY_BACKSPACE and KEY_ENTER.
    private static let backspaceKey: UInt32 = 14
    private static let returnKey: UInt32 = 28

    public func backspace() {
        keypad_osk_wayland_tap_key(Self.backspaceKey)
    }

    public func pressReturn() {
        keypad_osk_wayland_tap_key(Self.returnKey)
    }
}

/// One `done`'s state, copied out of the protocol client's buffers.
private struct TextInputState {
    var active: Bool
    /// An `activate` came since the last state applied: a new field.
    var activated: Bool
    var hint: UInt32
    var purpose: UInt32
    var surrounding: SurroundingText?

    init(_ state: KeypadOSKState, activatedBefore: Bool) {
        active = state.active != 0
        activated = state.activated != 0 || activatedBefore
        hint = state.hint
        purpose = state.purpose
        surrounding = state.text.map {
            SurroundingText(text: String(cString: $0), cursor: Int(state.cursor), anchor: Int(state.anchor))
        }
    }
}
