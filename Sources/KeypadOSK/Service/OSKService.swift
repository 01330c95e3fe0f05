import Foundation
import KeypadCore
import KeypadGTK

/// The one keypad of the session: one model input stands for whichever app's field is
/// focused, in a scope whose ``KeypadHost`` shows the keypad in its own window across the
/// bottom of the screen (on Wayland a layer surface on the OVERLAY layer that never takes
/// focus). Fronts tell it of focus and fields; it tells the focused client what the keys do.
@MainActor
public final class OSKService: ForeignFieldOwner {
    public let configuration: OSKConfiguration
    /// Two inputs take turns standing for the focused field: a new field begins editing in
    /// the other one, so the scope moves from field to field as in an app's window (no hide
    /// between, the new field's keypad and its did-begin-editing).
    private let inputs = [ForeignField(), ForeignField()]
    private var inputIndex = 0
    private var input: ForeignField { inputs[inputIndex] }
    private(set) var stage: OSKStage?
    /// The client whose field the input stands for now.
    private weak var client: (any OSKClient)?
    /// Whether that client's field has focus (between focusIn and focusOut).
    private var hasFocus = false
    /// Whether the last field the client gave has surrounding text.
    private var textIsKnown = false
    /// What is asked to show: a field's pad, the keyboard on request, or nothing (#35).
    private var request = KeyboardRequest()
    /// The keyboard shown on request; nil until a front gives its typer (``useTyper(_:)``).
    private(set) var keyboard: RequestKeyboard?
    /// Whether the service itself is beginning or ending editing: an end of editing outside
    /// it is a Dismiss key's.
    private var isActing = false
    private var editingEnded: (any NSObjectProtocol)?
    /// Whether the last field's app moves focus for the toolbar's previous and next.
    private var neighbours = OSKStage.Neighbours()
    /// Whether the last field's app leaves its secure fields unmarked (the trace conceals
    /// every key of its pad).
    private var fieldConcealsKeys = false

    /// The input standing for the focused field while it edits.
    var editingInput: ForeignField? { input.isEditing ? input : nil }

    /// Whether the keypad is on screen (or sliding in): sm.puri.OSK0's `Visible`.
    public private(set) var isVisible = false
    /// Called with ``isVisible`` each time it changes.
    public var visibilityChanged: ((Bool) -> Void)?

    /// The text standing for a field whose app tells none: one character of unknown
    /// content before the caret, so Delete and the return key act.
    static let unknownText = "\u{FFFC}"

    /// A service with `configuration`, and the keypad's window, hidden (its keys are made
    /// at the first focus). Made here rather than at the first focus: making it dispatches
    /// the display's events, which may carry that focus.
    public init(configuration: OSKConfiguration) {
        self.configuration = configuration
        for input in inputs { input.owner = self }
        let stage = makeStage()
        editingEnded = observeOnMainActor(TextField.textDidEndEditingNotification, on: stage.scope.notificationCenter) {
            [weak self] note in self?.editingEnded(note.object as AnyObject?)
        }
    }

    /// Lets the keyboard on request type through `typer` (#35): the Wayland front's virtual
    /// keyboard, XTest on X11.
    public func useTyper(_ typer: any KeyTyper) {
        guard let stage else { return }
        keyboard = RequestKeyboard(typer: typer, scope: stage.scope, locale: configuration.locale)
    }

    /// Begins editing `field` of `client`; a field of another client takes the keypad over.
    public func focusIn(_ client: any OSKClient, field: OSKField) {
        request.focusIn(wantsKeypad: field.wantsKeypad, isTerminal: field.isTerminal)
        isActing = true
        defer { isActing = false }
        if let current = self.client, current !== client, input.isEditing { input.resignFirstResponder() }
        self.client = client
        hasFocus = true
        if input.isEditing { inputIndex = 1 - inputIndex }
        let stage = self.stage ?? makeStage()
        apply(field)
        guard field.wantsKeypad, request.shown == .fieldPad else {
            // INHIBIT_OSK, or a terminal's field under the keyboard on request: the input that
            // stood for the previous field stops editing too.
            for other in inputs where other.isEditing { other.resignFirstResponder() }
            return show()
        }
        beginFieldPad(on: stage)
    }

    /// The input standing for the focused field begins editing: the field's pad shows, its
    /// keys named in the trace unless the field's app leaves its secure fields unmarked.
    private func beginFieldPad(on stage: OSKStage) {
        stage.concealsKeys = fieldConcealsKeys
        stage.begin(input, neighbours: neighbours)
    }

    /// A field of `field`'s kind is about to take the keypad (a front that must ask the
    /// compositor where its caret is first calls this before it asks): its keypad is measured
    /// now, so the caret is learnt against the keypad's own height (#34).
    public func expectKeypad(for field: OSKField) {
        guard field.wantsKeypad, let stage else { return }
        let next = input.isEditing ? inputs[1 - inputIndex] : input
        if next.traits != field.traits { next.traits = field.traits }
        stage.expectKeypad(for: next)
    }

    /// The client's field changed: purpose, surrounding text or selection.
    public func update(_ client: any OSKClient, field: OSKField) {
        guard client === self.client else { return }
        apply(field)
        guard !field.wantsKeypad else { return }
        request.fieldWantsKeypad(false)
        show()
    }

    /// The client's field lost focus: editing ends once the main loop is idle, so a move
    /// from field to field is one move, with no hide between.
    public func focusOut(_ client: any OSKClient) {
        guard client === self.client else { return }
        hasFocus = false
        MainLoop.whenIdle { [weak self] in
            guard let self, !self.hasFocus else { return }
            self.request.focusOut()
            self.show()
            self.stage?.placer.forgetCaret()  // the caret was that field's (#34)
        }
    }

    /// The client went away (the app quit, the compositor went): no keypad stays behind.
    public func clientVanished(_ client: any OSKClient) {
        guard client === self.client else { return }
        hasFocus = false
        self.client = nil
        request.focusOut()
        isActing = true
        if input.isEditing { stage?.scope.remove(input) }
        isActing = false
        show()
    }

    /// Shows the keypad for the focused field, or the keyboard on request where no field
    /// wants one, which stays until hidden; or hides either until the next focus or request:
    /// sm.puri.OSK0's `SetVisible`, `keypad-osk --show` and `--hide`.
    public func setVisible(_ visible: Bool) {
        request.setVisible(visible)
        if visible, request.shown == .keyboard, keyboard == nil {
            Log.warning("no way to type keys here (no virtual keyboard or XTest): no keyboard on request")
        }
        show()
    }

    /// Makes the screen show what ``request`` says.
    private func show() {
        isActing = true
        defer { isActing = false }
        switch request.shown {
        case .fieldPad:
            guard hasFocus, client != nil, !input.isEditing, let stage else { return }
            beginFieldPad(on: stage)
        case .keyboard:
            guard let keyboard, !keyboard.input.isEditing, let stage else { return }
            stage.placer.forgetCaret()  // no field's caret: the bottom, as --position says (#34)
            // It types into whatever has focus, which may be a password prompt (a terminal's
            // sudo): the trace names none of its keys.
            stage.concealsKeys = true
            IMTrace.write("keyboard on request")
            stage.begin(keyboard.input)
        case .nothing:
            for editing in inputs + [keyboard?.input].compactMap({ $0 }) where editing.isEditing {
                editing.resignFirstResponder()
            }
        }
    }

    /// An input ended editing: the keyboard's puts back what its typing changed; one the
    /// service did not end was dismissed (a Dismiss key, the toolbar's done), which withdraws
    /// the request and, for a field's, tells its client (Dismiss: the field keeps its focus).
    private func editingEnded(_ object: AnyObject?) {
        guard let ended = object as? ForeignField else { return }
        if let keyboard, ended === keyboard.input { keyboard.finish() }
        guard !isActing else { return }
        request.dismissed()
        if inputs.contains(where: { $0 === ended }), hasFocus, let client {
            client.dismiss()
            IMTrace.write("dismiss")
        }
    }

    // MARK: - The model

    private func apply(_ field: OSKField) {
        neighbours = OSKStage.Neighbours(previous: field.hasPreviousField, next: field.hasNextField)
        fieldConcealsKeys = field.concealsKeys
        if input.isEditing { stage?.concealsKeys = field.concealsKeys }
        if input.traits != field.traits { input.traits = field.traits }
        if input.placeholder != field.title { input.placeholder = field.title }
        if let text = field.text {
            textIsKnown = true
            input.mirror(text: text, selection: field.selection)
        } else {
            textIsKnown = false
            input.mirror(text: Self.unknownText, selection: NSRange(location: 1, length: 0))
        }
    }

    func makeStage() -> OSKStage {
        let stage = OSKStage(
            configuration: configuration,
            visibilityChanged: { [weak self] visible in
                guard let self, self.isVisible != visible else { return }
                self.isVisible = visible
                self.visibilityChanged?(visible)
            },
            frameChanged: { [weak self] frame in
                guard let self, self.hasFocus else { return }
                self.client?.keypadMoved(to: frame)
            },
            moveFocus: { [weak self] direction in
                guard let self, self.hasFocus, self.input.isEditing else { return }
                self.client?.moveFocus(forward: direction == .forward)
                IMTrace.write("move-focus \(direction == .forward ? "next" : "previous")")
            })
        self.stage = stage
        return stage
    }

    // MARK: - Edits the keys ask for

    /// Sends the edit the model was asked for to the client: replace the UTF-16 `range`
    /// (the selection, or the grapheme before the caret) with `replacement`. The mirror
    /// takes the edit at once; the app's next surrounding text corrects it.
    package func apply(_ range: NSRange, replacement: String) {
        guard let client, input.isEditing else { return }
        // The edit is sent first, the trace and the mirror after: the app's text waits on
        // nothing else (#26, docs/benchmarks-gtk4-hop.md).
        if !replacement.isEmpty {
            client.commit(replacement)
            IMTrace.write("commit \(replacement.unicodeScalars.count)")
        } else if !textIsKnown {
            client.backspace()
            IMTrace.write("key-event BackSpace")
            return
        } else {
            let units = input.text.utf16.count
            guard range.length > 0, range.location >= 0, range.location + range.length <= units else { return }
            client.delete(range)
            if IMTrace.isOn {
                let removed = (input.text as NSString).substring(with: range)
                IMTrace.write("delete \(removed.unicodeScalars.count)")
            }
        }
        guard textIsKnown else { return }
        let text = (input.text as NSString).replacingCharacters(in: range, with: replacement)
        input.mirror(text: text, selection: NSRange(location: range.location + replacement.utf16.count, length: 0))
    }

    /// The return key.
    package func pressReturn() {
        guard let client else { return }
        client.pressReturn()
        IMTrace.write("key-event Return")
    }
}
