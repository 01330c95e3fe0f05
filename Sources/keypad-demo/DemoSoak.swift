import Foundation
import KeypadBenchSupport
import KeypadCore
import KeypadGTK
import KeypadGTKInspection

/// `--soak SWITCHES,TAPS`: drives the running demo from inside the process through the
/// paths a user's input takes — GTK focus moves from field to field, and keys are
/// pressed as AT-SPI presses them (the key button's `clicked`) — far faster than one
/// xdotool process per event could. Prints the resident set size as it goes, then
/// checks that every entry still shows its model's text and that at most one input
/// edits. Returns the process's exit status.
@MainActor
enum DemoSoak {
    nonisolated struct Plan: Equatable, Sendable {
        var switches: Int
        var taps: Int

        /// Parses `SWITCHES,TAPS` (e.g. `100000,1000000`).
        init?(_ text: String) {
            let parts = text.split(separator: ",").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] >= 0 else { return nil }
            switches = parts[0]
            taps = parts[1]
        }
    }

    static func run(form: DemoForm, plan: Plan) -> Int32 {
        MainLoop.run(until: { form.window.host.isMapped }, timeout: 5)
        MainLoop.run(seconds: 0.3)
        let inputs: [TextResponder] = [form.pin, form.amount, form.phone, form.notes]
        let warmUp = max(1, plan.switches / 100)
        let start = Date()
        var taps = 0
        var startRSS = 0
        report("soak start switches=\(plan.switches) taps=\(plan.taps) rss_kb=\(ProcessMeasures.residentKilobytes())")
        for index in 0..<plan.switches {
            let input = inputs[index % inputs.count]
            form.window.host.focusWidget(of: input)
            MainLoop.drain()
            // Spread the taps evenly over the switches; alternate typing and deleting so
            // the texts stay short and each tap does the same work.
            let due = plan.taps * (index + 1) / plan.switches - taps
            if let keypad = form.scope.resolvedInputView(for: input) as? Keypad, let keys = typingKeys(of: keypad) {
                for tap in 0..<due {
                    form.window.host.activateKey(tap % 2 == 0 ? keys.type : keys.delete, in: keypad)
                    MainLoop.drain()
                }
            }
            taps += due
            if index + 1 == warmUp {
                startRSS = ProcessMeasures.residentKilobytes()
                report("soak warmed-up switches=\(index + 1) taps=\(taps) rss_kb=\(startRSS)")
            } else if (index + 1) % max(1, plan.switches / 10) == 0 {
                report("soak progress switches=\(index + 1) taps=\(taps) rss_kb=\(ProcessMeasures.residentKilobytes())")
            }
        }
        MainLoop.run(seconds: 0.5)
        let endRSS = ProcessMeasures.residentKilobytes()
        let seconds = Date().timeIntervalSince(start)
        let problems = mismatches(form: form)
        for problem in problems { report("soak mismatch \(problem)") }
        report(
            String(
                format: "soak done switches=%d taps=%d seconds=%.1f rss_start_kb=%d rss_end_kb=%d growth_kb=%d",
                plan.switches, taps, seconds, startRSS, endRSS, endRSS - startRSS))
        form.window.host.close()
        return problems.isEmpty ? 0 : 1
    }

    /// A key that types and the delete key of `keypad`'s current page.
    private static func typingKeys(of keypad: Keypad) -> (type: String, delete: String)? {
        let keys = keypad.rows.joined()
        guard let type = keys.first(where: { $0.role == .digit || $0.role == .character }),
            let delete = keys.first(where: { $0.action == .deleteBackward })
        else { return nil }
        return (type.id, delete.id)
    }

    /// What disagrees between the models and the widgets, or between the models and
    /// the one-first-responder rule.
    private static func mismatches(form: DemoForm) -> [String] {
        var problems: [String] = []
        for field in [form.pin, form.amount, form.phone] where form.window.host.widgetText(of: field) != field.text {
            // Secure text is not printed, only which field disagrees.
            problems.append("\(field.placeholder ?? "field"): the entry's text differs from the model's")
        }
        let editing = [form.pin, form.amount, form.phone, form.notes].filter(\.isFirstResponder).count
        if editing > 1 { problems.append("\(editing) inputs are first responder") }
        return problems
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
