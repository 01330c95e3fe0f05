import Foundation
import KeypadGTK

/// The demo's command-line flags.
struct DemoOptions {
    var theme = Theme.light
    var locale = DemoOptions.environmentLocale()
    var fullscreen = false
    var placement = KioskWindow.Placement.docked
    var trace = false
    var scramble = false
    var screenshot: URL?
    var layoutsDirectory: URL?
    var css: URL?
    var soak: DemoSoak.Plan?

    static let usage = """
        usage: keypad-demo [--theme light|dark] [--locale ID] [--fullscreen] [--placement docked|window]
                           [--trace] [--scramble] [--screenshot FILE.png] [--layouts DIR] [--css FILE.css]
                           [--soak SWITCHES,TAPS]
          --theme       keypad and form theme (default light)
          --locale      locale of the amount's decimal separator and of labels (default: from LANG)
          --fullscreen  fill the screen, as a kiosk does
          --placement   keypad docked in the window (default) or in its own window that never takes focus
          --trace       print one line per delegate call, control event, notification and key, each
                        prefixed with CLOCK_MONOTONIC nanoseconds
          --scramble    shuffle the PIN pad's digits each time it appears
          --screenshot  render with the keypad up, save a PNG and exit
          --layouts     a directory of your own layout files (override the bundled ones)
          --css         your own GTK CSS, applied above the theme
          --soak        move focus SWITCHES times and press TAPS keys from inside the app,
                        print the resident memory as it goes, check the widgets, and exit
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--theme":
                let name = try value(for: flag)
                guard let theme = Theme(rawValue: name) else { throw UsageError(description: "unknown theme \(name)") }
                self.theme = theme
            case "--locale": locale = Locale(identifier: try value(for: flag))
            case "--fullscreen": fullscreen = true
            case "--placement":
                let name = try value(for: flag)
                guard let placement = KioskWindow.Placement(rawValue: name) else {
                    throw UsageError(description: "unknown placement \(name)")
                }
                self.placement = placement
            case "--trace": trace = true
            case "--scramble": scramble = true
            case "--screenshot": screenshot = URL(fileURLWithPath: try value(for: flag))
            case "--layouts": layoutsDirectory = URL(fileURLWithPath: try value(for: flag))
            case "--css": css = URL(fileURLWithPath: try value(for: flag))
            case "--soak":
                let text = try value(for: flag)
                guard let plan = DemoSoak.Plan(text) else {
                    throw UsageError(description: "--soak wants SWITCHES,TAPS (e.g. 100000,1000000), not \(text)")
                }
                soak = plan
            case "--help", "-h": throw UsageError(description: "")
            default: throw UsageError(description: "unknown flag \(flag)")
            }
        }
    }

    /// The locale named by LC_ALL, LC_NUMERIC or LANG ("de_DE.UTF-8" → de_DE); en_US otherwise.
    static func environmentLocale() -> Locale {
        let environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_NUMERIC", "LANG"] {
            guard let value = environment[name], !value.isEmpty, value != "C", !value.hasPrefix("C.") else { continue }
            let identifier = value.split(separator: ".").first.map(String.init) ?? value
            return Locale(identifier: identifier)
        }
        return Locale(identifier: "en_US")
    }
}
