import Foundation
import KeypadCore
import KeypadGTK
import KeypadResources

/// What the module reads from its environment, once, at the first field that edits.
///
/// - `KEYPAD_IM_LAYOUTS`: a directory of the user's own layout files, searched first.
/// - `KEYPAD_IM_CSS`: a CSS file styling the keypad in place of the bundled `keypad.css`.
/// - `KEYPAD_IM_SCRAMBLE=1`: PIN fields get their digits in a new order each time.
/// - `LC_ALL`, `LC_NUMERIC`, `LC_MESSAGES`, `LANG`: the decimal separator and the labels'
///   language, as the app's own `setlocale` reads them (whether or not the C library
///   has that locale installed).
///
/// A broken layout file or CSS file logs one line naming it, and the module falls back
/// (to the bundled layouts, to the bundled CSS).
@MainActor
struct IMConfiguration {
    var layoutCatalog = LayoutCatalog()
    var scramblesPIN = false
    /// The locale of the decimal separator.
    var numericLocale = Locale(identifier: "en_US_POSIX")
    /// The locale of the return key's title and the toolbar's accessible names.
    var labelLocale = Locale(identifier: "en_US_POSIX")

    static func load(environment: [String: String] = IMConfiguration.environment()) -> IMConfiguration {
        var configuration = IMConfiguration()
        if let directory = environment["KEYPAD_IM_LAYOUTS"], !directory.isEmpty {
            configuration.layoutCatalog.overrideDirectory = URL(fileURLWithPath: directory)
            for problem in configuration.layoutCatalog.problems {
                Log.warning("\(directory)/\(problem.description) (using the bundled layouts)")
            }
        }
        configuration.scramblesPIN = environment["KEYPAD_IM_SCRAMBLE"] == "1"
        configuration.numericLocale = locale(for: "LC_NUMERIC", in: environment)
        configuration.labelLocale = locale(for: "LC_MESSAGES", in: environment)
        installStyle(own: environment["KEYPAD_IM_CSS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) })
        return configuration
    }

    /// The variables the module reads, through `getenv`: Foundation's `ProcessInfo` stops
    /// Chromium's browser process (a CHECK failure, SIGTRAP) when the module first uses it.
    static func environment() -> [String: String] {
        let names = [
            "KEYPAD_IM_LAYOUTS", "KEYPAD_IM_CSS", "KEYPAD_IM_SCRAMBLE", "LC_ALL", "LC_NUMERIC", "LC_MESSAGES", "LANG",
        ]
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// The locale POSIX gives `category`: `LC_ALL`, else the category's variable, else `LANG`
    /// (`de_DE.UTF-8@euro` → `de_DE`); `C` and `POSIX` are plain English.
    static func locale(for category: String, in environment: [String: String]) -> Locale {
        let value = ["LC_ALL", category, "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let identifier = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
        return Locale(identifier: identifier == "C" || identifier == "POSIX" ? "en_US_POSIX" : identifier)
    }

    /// Styles keypads with `own` CSS, else (or when it is broken) the bundled `keypad.css`.
    private static func installStyle(own: URL?) {
        KeypadStyle.install(own: own)
    }
}
