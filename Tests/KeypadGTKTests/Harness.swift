import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTesting
import Synchronization
import Testing

/// Whether the GTK tests can run: a display is there (`make test` always provides one through
/// scripts/display/with-display). The condition of every GTK suite, evaluated for each of its
/// tests: without a display each test counts as skipped, and one line at exit says how many
/// and why; with `KEYPAD_REQUIRE_DISPLAY=1` (as `make test` sets) a missing display fails
/// the test instead, so a run that should have driven real widgets never shows green.
nonisolated func hasDisplay() throws -> Bool {
    let environment = ProcessInfo.processInfo.environment
    if environment["DISPLAY"] != nil { return true }
    if environment["KEYPAD_REQUIRE_DISPLAY"] == "1" { throw NoDisplay() }
    if skippedForNoDisplay.add(1, ordering: .relaxed).oldValue == 0 {
        atexit {
            let count = skippedForNoDisplay.load(ordering: .relaxed)
            print(
                "KeypadGTKTests: \(count) GTK test\(count == 1 ? "" : "s") skipped: no DISPLAY "
                    + "(run them under scripts/display/with-display, as make test does; "
                    + "KEYPAD_REQUIRE_DISPLAY=1 makes a missing display fail them)")
        }
    }
    return false
}

/// The GTK tests skipped so far for want of a display.
private nonisolated let skippedForNoDisplay = Atomic<Int>(0)

/// Why a GTK test failed with `KEYPAD_REQUIRE_DISPLAY=1`.
struct NoDisplay: Error, CustomStringConvertible {
    var description: String {
        "KEYPAD_REQUIRE_DISPLAY=1 and no DISPLAY: run the GTK tests under scripts/display/with-display"
    }
}

/// Real X input through xdotool.
enum XInput {
    static func run(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            Issue.record("xdotool \(arguments): \(error)")
        }
    }

    static func click(_ point: KioskWindow.ScreenPoint?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let point else {
            Issue.record("nothing to click", sourceLocation: sourceLocation)
            return
        }
        run(["mousemove", "\(point.x)", "\(point.y)", "click", "--delay", "0", "1"])
    }

    static func type(_ text: String) { run(["type", "--delay", "30", text]) }
    static func key(_ name: String) { run(["key", name]) }
}

/// A kiosk window with recorded fields, shown and focused by the window manager.
@MainActor
final class GTKSession {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let recorder: EventRecorder
    let window: KioskWindow
    private var delegates: [AnyObject] = []

    init(placement: KioskWindow.Placement = .docked, height: Int = 720) {
        _ = KeypadHost.initializeGTK()
        recorder = EventRecorder(scope: scope)
        window = KioskWindow(title: "Keypad test", scope: scope, placement: placement, height: height)
    }

    /// Adds a recorded field named `name`.
    @discardableResult
    func field(_ name: String, type: KeyboardType = .numberPad, delegate: (any TextFieldDelegate)? = nil)
        -> TextField
    {
        let field = TextField(placeholder: name, traits: TextInputTraits(keyboardType: type))
        field.accessibilityLabel = name
        field.delegate = delegate
        if let delegate { delegates.append(delegate) }
        window.addField(field, label: name)
        recorder.record(field)
        return field
    }

    /// Shows the window and waits until it is mapped and active.
    func show(sourceLocation: SourceLocation = #_sourceLocation) {
        window.host.present()
        let ready = MainLoop.run(until: { self.window.host.isMapped && self.window.host.isActive })
        #expect(ready, "the window never became active", sourceLocation: sourceLocation)
        settle(sourceLocation: sourceLocation)
    }

    /// Clicks the field and waits until it edits and the keypad's slide has ended (its
    /// did-notifications are out).
    func click(_ field: TextResponder, sourceLocation: SourceLocation = #_sourceLocation) {
        XInput.click(window.host.screenCenter(of: field), sourceLocation: sourceLocation)
        MainLoop.run(until: { field.isFirstResponder && !self.scope.keyboard.isTransitioning })
        settle(sourceLocation: sourceLocation)
    }

    /// Clicks the key named `name` on the keypad serving `field`.
    func clickKey(_ name: String, of keypad: Keypad, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }) else {
            Issue.record("no key \(name)", sourceLocation: sourceLocation)
            return
        }
        XInput.click(window.host.screenCenter(ofKey: key.id, in: keypad), sourceLocation: sourceLocation)
        settle(sourceLocation: sourceLocation)
    }

    /// Waits until X events, the keypad slide and idle work have finished (a condition,
    /// not a time).
    func settle(timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            window.host.waitUntilSettled(timeout: timeout), "the window did not settle", sourceLocation: sourceLocation)
    }

    /// Lets `seconds` pass with the main loop running: only for tests whose subject is
    /// elapsed time (a long press, a theme's transition).
    func wait(seconds: Double) {
        MainLoop.run(seconds: seconds)
    }

    /// Expects `input`'s widget to end at least `margin` pixels above the keypad on screen.
    func expectAboveKeypad(_ input: TextResponder, margin: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        KeypadGTKTests.expectAboveKeypad(input, in: window.host, margin: margin, sourceLocation: sourceLocation)
    }

    func close() {
        window.host.close()
        MainLoop.drain()
    }
}

/// Refuses every edit whose replacement has something other than ASCII digits.
@MainActor
final class DigitsOnly: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    { string.allSatisfy { $0.isASCII && $0.isNumber } }
}

/// Refuses to end editing.
@MainActor
final class Sticky: TextFieldDelegate {
    var allowsEnd = false
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { allowsEnd }
}

/// Expects `input`'s widget to end at least `margin` pixels above `host`'s keypad on screen.
@MainActor
func expectAboveKeypad(
    _ input: TextResponder, in host: KeypadHost, margin: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let edges = host.verticalEdges(of: input) else {
        Issue.record("the input or the keypad is not on screen", sourceLocation: sourceLocation)
        return
    }
    #expect(
        edges.fieldBottom + margin <= edges.keypadTop,
        "input bottom \(edges.fieldBottom), margin \(margin), keypad top \(edges.keypadTop)",
        sourceLocation: sourceLocation)
}
