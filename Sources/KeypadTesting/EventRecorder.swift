import Foundation
import KeypadCore

/// Records every delegate call, control event and notification of the inputs it
/// watches as one readable line each, so a test can compare a whole session at once.
///
/// ```swift
/// let recorder = EventRecorder(scope: scope)
/// recorder.record(pin)
/// pin.becomeFirstResponder()
/// #expect(recorder.takeLines().first == "PIN shouldBeginEditing -> true")
/// ```
///
/// Inputs are named by `accessibilityLabel`, then `placeholder`, then their tag.
/// A secure input's text, its length and its ranges never appear: each prints as
/// `<secure>`. Quoted text escapes `\\`, `"`, line breaks and other control
/// characters, so every event is exactly one line.
/// Marked text (a composition) shows in two places: a composition step's should-change
/// line ends in `marking` (`F shouldChangeCharacters {0,1} "ha" marking -> true`), and a
/// change line made while text is marked ends in its range
/// (`F editingChanged "ha" marked {0,2}`). A secure input never composes, so neither
/// ever appears for one.
/// The recorder sits between an input and its delegate, forwarding every call and
/// printing the answer, so record an input after setting its delegate; when the
/// recorder goes away, each input gets its own delegate back. A delegate call's line
/// takes its place before the delegate runs, so what the delegate does (resigning
/// from inside `shouldReturn`, say) follows it, as it happened.
@MainActor
public final class EventRecorder {
    /// The lines recorded so far, oldest first.
    public var lines: [String] { recorded.lines }
    /// Called with each line as it is recorded (the demo's `--trace` prints them).
    public var onLine: (@MainActor (String) -> Void)?
    /// Whether ``lines`` keeps what was recorded (the default). A long-running trace
    /// that only streams through ``onLine`` sets it false, so memory stays flat.
    public var retainsLines = true

    private var recorded = OrderedLines()
    private let notificationCenter: NotificationCenter
    private var observers: [any NSObjectProtocol] = []
    private var fieldProxies: [(field: WeakBox<TextField>, proxy: TextFieldDelegateProxy)] = []
    private var viewProxies: [(view: WeakBox<TextView>, proxy: TextViewDelegateProxy)] = []
    private var keypads: [WeakBox<Keypad>] = []

    /// Creates a recorder that listens to the scope's text and keyboard notifications.
    public init(scope: ResponderScope) {
        notificationCenter = scope.notificationCenter
        observeNotifications()
    }

    /// Forgets the recorded lines and returns them.
    public func takeLines() -> [String] {
        recorded.take()
    }

    /// Appends a line of the caller's own, such as a key press in a demo trace.
    public func append(_ line: String) {
        hand(recorded.append(line))
    }

    /// Records a delegate's decision: the line is placed before `decide` runs and
    /// completed with its answer ("F shouldReturn -> true") after.
    func ask(_ input: TextResponder, _ question: String, _ decide: () -> Bool) -> Bool {
        let prefix = "\(Self.name(of: input)) \(question)"
        let number = recorded.reserve(placeholder: "\(prefix) -> …")
        let answer = decide()
        hand(recorded.complete(number, with: "\(prefix) -> \(answer)"))
        return answer
    }

    /// Records a line about `input`, prefixed with its name.
    func log(_ input: TextResponder, _ text: String) {
        append("\(Self.name(of: input)) \(text)")
    }

    private func hand(_ completed: [String]) {
        if !retainsLines { _ = recorded.take() }
        guard let onLine else { return }
        for line in completed { onLine(line) }
    }

    /// Starts recording a text field: its delegate calls and control events.
    ///
    /// Recording a field again adds no second line per event; if its delegate was
    /// replaced since, the recorder steps in front of the new one.
    public func record(_ field: TextField) {
        if let proxy = fieldProxies.first(where: { $0.field.value === field })?.proxy {
            if field.delegate !== proxy { proxy.target = field.delegate }
            field.delegate = proxy
            return
        }
        let proxy = TextFieldDelegateProxy(target: field.delegate, recorder: self)
        fieldProxies.append((WeakBox(field), proxy))
        field.delegate = proxy
        let events: [ControlEvents] = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
        for event in events {
            field.addAction(for: event) { [weak self] field in
                self?.append(Self.describe(event, of: field))
            }
        }
    }

    /// Starts recording a text view's delegate calls; recording it again is as for a field.
    public func record(_ view: TextView) {
        if let proxy = viewProxies.first(where: { $0.view.value === view })?.proxy {
            if view.delegate !== proxy { proxy.target = view.delegate }
            view.delegate = proxy
            return
        }
        let proxy = TextViewDelegateProxy(target: view.delegate, recorder: self)
        viewProxies.append((WeakBox(view), proxy))
        view.delegate = proxy
    }

    /// Starts recording a keypad: binding, and each key as it acts or is refused.
    ///
    /// Text keys print their label in quotes (`keypad "7"`), other keys their
    /// accessible name (`keypad Delete`); while the keypad serves a secure input,
    /// text keys print as `keypad <secure>`. Recording a keypad again changes nothing.
    public func record(_ keypad: Keypad, name: String = "keypad") {
        guard !keypads.contains(where: { $0.value === keypad }) else { return }
        keypads.append(WeakBox(keypad))
        keypad.addObserver { [weak self, weak keypad] change in
            guard let self, let keypad else { return }
            switch change {
            case .binding:
                let target = keypad.boundInput.map { ($0 as? TextResponder).map(Self.name(of:)) ?? "input" }
                self.append(target.map { "\(name) bound to \($0)" } ?? "\(name) unbound")
            case .keyActivated(let id):
                self.append("\(name) \(Self.describeKey(id, of: keypad))")
            case .keyRejected(let id):
                self.append("\(name) \(Self.describeKey(id, of: keypad)) rejected")
            case .keys, .alternatives:
                break
            }
        }
    }

    // MARK: - Notifications

    /// The six keyboard notifications and the names the trace gives them ("willShow").
    nonisolated public static let keyboardNotifications: [(name: Notification.Name, label: String)] = [
        (Responder.keyboardWillChangeFrameNotification, "willChangeFrame"),
        (Responder.keyboardWillShowNotification, "willShow"),
        (Responder.keyboardDidChangeFrameNotification, "didChangeFrame"),
        (Responder.keyboardDidShowNotification, "didShow"),
        (Responder.keyboardWillHideNotification, "willHide"),
        (Responder.keyboardDidHideNotification, "didHide"),
    ]

    private func observeNotifications() {
        let textNames: [(Notification.Name, String)] = [
            (TextField.textDidBeginEditingNotification, "textDidBeginEditing"),
            (TextField.textDidChangeNotification, "textDidChange"),
            (TextField.textDidEndEditingNotification, "textDidEndEditing"),
            (TextView.textDidBeginEditingNotification, "textViewDidBeginEditing"),
            (TextView.textDidChangeNotification, "textViewDidChange"),
            (TextView.textDidEndEditingNotification, "textViewDidEndEditing"),
        ]
        for (name, label) in textNames {
            observe(name) { recorder, note in
                guard let input = note.object as? TextResponder else { return }
                recorder.append("\(Self.name(of: input)) \(label)")
            }
        }
        for (name, label) in Self.keyboardNotifications {
            observe(name) { recorder, note in
                guard let transition = KeyboardTransition(notification: note) else {
                    recorder.append("keyboard \(label) (no frames)")
                    return
                }
                recorder.append(
                    "keyboard \(label) \(Self.describe(transition.beginFrame))->\(Self.describe(transition.endFrame))")
            }
        }
    }

    private func observe(
        _ name: Notification.Name, _ handler: @escaping @MainActor (EventRecorder, Notification) -> Void
    ) {
        let token = observeOnMainActor(name, on: notificationCenter) { [weak self] note in
            guard let self else { return }
            handler(self, note)
        }
        observers.append(token)
    }

    /// Hands each recorded input its own delegate back, so a recorder that goes away
    /// leaves the inputs as it found them.
    isolated deinit {
        for observer in observers { notificationCenter.removeObserver(observer) }
        for (box, proxy) in fieldProxies where box.value?.delegate === proxy {
            box.value?.delegate = proxy.target
        }
        for (box, proxy) in viewProxies where box.value?.delegate === proxy {
            box.value?.delegate = proxy.target
        }
    }
}

/// A weak reference that can sit in an array.
@MainActor
final class WeakBox<Value: AnyObject> {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
