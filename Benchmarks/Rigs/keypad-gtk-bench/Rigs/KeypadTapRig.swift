import CGTK
import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// A kiosk window with one number-pad field, instrumented for the benchmarks.
@MainActor
final class KeypadTapRig {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let field = TextField(placeholder: "Amount", traits: TextInputTraits(keyboardType: .numberPad))
    let window: KioskWindow
    private let onChange: () -> Void
    private var focusTimes: [Int] = []
    private var drawTimes: [Int] = []

    init(preparesKeypad: Bool = true, onChange: @escaping () -> Void) {
        self.onChange = onChange
        _ = KeypadHost.initializeGTK()
        window = KioskWindow(title: "Keypad benchmark", scope: scope)
        if preparesKeypad {
            window.addField(field, label: "Amount")
        } else {
            window.host.scope.defaultInputView = { _ in nil }
            window.addField(field, label: "Amount")
        }
        window.host.present()
        MainLoop.run(until: { self.window.host.isMapped && self.window.host.isActive })
        MainLoop.run(seconds: 0.2)
        if let entry = window.host.widget(for: field) {
            onSignal(UnsafeMutableRawPointer(entry), "changed") { [weak self] in self?.onChange() }
            onEvent(UnsafeMutableRawPointer(entry), "focus-in-event") { [weak self] _ in
                self?.focusTimes.append(g_get_monotonic_time())
                return false
            }
        }
    }

    isolated deinit {
        window.host.close()
        MainLoop.run(seconds: 0.05)
    }

    /// Clicks the field and waits until the keypad has slid in.
    /// Tries again a few times: under valgrind the first click can come before the
    /// window takes pointer input, and none may get through at all.
    func focusField() {
        for _ in 0..<3 where !field.isFirstResponder {
            if let point = window.host.screenCenter(of: field),
                let process = launchXdotool(clickArguments(point, hold: 0))
            {
                process.waitUntilExit()
            }
            MainLoop.run(until: { self.field.isFirstResponder }, timeout: 10)
        }
        // As an app would from code, when no click got through (a window manager busy with
        // a process under valgrind).
        if !field.isFirstResponder {
            field.becomeFirstResponder()
            MainLoop.run(until: { self.field.isFirstResponder }, timeout: 10)
        }
        MainLoop.run(seconds: scope.keyboard.animationDuration + 0.2)
    }

    /// The screen centres of the keys a tap driver clicks: a digit and delete.
    var keyPoints: [(String, KioskWindow.ScreenPoint)] {
        let keypad = scope.defaultKeypad(for: .numberPad)
        return ["5", "Delete"].compactMap { name in
            guard let key = keypad.rows.joined().first(where: { $0.accessibleName == name }),
                let point = window.host.screenCenter(ofKey: key.id, in: keypad)
            else { return nil }
            return (name, point)
        }
    }

    /// The keypad's touch surface, over the keys: where pointer events go.
    var keySurface: UnsafeMutablePointer<GtkWidget>? {
        window.host.area.keypadViews[ObjectIdentifier(scope.defaultKeypad(for: .numberPad))]?.widget
    }

    /// The buttons of the keys ``keyPoints`` names: a digit and delete.
    var keyButtons: [UnsafeMutablePointer<GtkWidget>] {
        let keypad = scope.defaultKeypad(for: .numberPad)
        guard let view = window.host.area.keypadViews[ObjectIdentifier(keypad)] else { return [] }
        return ["5", "Delete"].compactMap { name in
            keypad.rows.joined().first(where: { $0.accessibleName == name }).flatMap { view.button(id: $0.id) }
        }
    }

    func measureShow(repeats: Int) -> [Double] {
        let keypad = scope.defaultKeypad(for: .numberPad)
        focusField()
        scope.endEditing()
        MainLoop.run(seconds: 0.5)
        guard let grid = window.host.area.keypadViews[ObjectIdentifier(keypad)]?.widget,
            let point = window.host.screenCenter(of: field)
        else { return [] }
        onEvent(UnsafeMutableRawPointer(grid), "draw") { [weak self] _ in
            self?.drawTimes.append(g_get_monotonic_time())
            return false
        }
        var results: [Double] = []
        for _ in 0..<repeats {
            let focusCount = focusTimes.count
            let drawCount = drawTimes.count
            guard let process = launchXdotool(clickArguments(point, hold: 0)) else { break }
            let shown = MainLoop.run(
                until: { self.focusTimes.count > focusCount && self.drawTimes.count > drawCount }, timeout: 2)
            if shown, let focus = focusTimes.last, let draw = drawTimes.first(where: { $0 >= focus }) ?? drawTimes.last
            {
                results.append(Double(draw - focus) / 1000)
            }
            process.waitUntilExit()
            MainLoop.run(seconds: scope.keyboard.animationDuration + 0.1)
            scope.endEditing()
            MainLoop.run(seconds: scope.keyboard.animationDuration + 0.1)
        }
        return results
    }

    /// CPU time per tap of the keypad's own path — GtkButton `clicked` → keypad →
    /// field → delegate → notifications → GtkEntry — with no X event and no drawing:
    /// `taps` taps alternating a digit and delete, emitted on the real key buttons.
    func measureHandlerCPU(taps: Int) -> Double {
        let keypad = scope.defaultKeypad(for: .numberPad)
        focusField()
        guard let view = window.host.area.keypadViews[ObjectIdentifier(keypad)],
            let digit = keypad.rows.joined().first(where: { $0.accessibleName == "5" }).flatMap({
                view.button(id: $0.id)
            }),
            let delete = keypad.rows.joined().first(where: { $0.accessibleName == "Delete" }).flatMap({
                view.button(id: $0.id)
            })
        else { return .nan }
        let before = processCPUSeconds()
        for index in 0..<taps {
            gtk_button_clicked(keypad_button(index % 2 == 0 ? digit : delete))
        }
        let cpu = processCPUSeconds() - before
        MainLoop.run(seconds: 0.1)
        return cpu / Double(taps) * 1000
    }

    func measureIdle(seconds: Double) -> Double {
        focusField()
        MainLoop.run(seconds: 0.5)
        let cpuBefore = processCPUSeconds()
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        var done = false
        MainLoop.after(milliseconds: Int(seconds * 1000)) { done = true }
        while !done, g_get_monotonic_time() < end + 1_000_000 {
            g_main_context_iteration(nil, 1)
        }
        return (processCPUSeconds() - cpuBefore) / seconds * 100
    }
}
