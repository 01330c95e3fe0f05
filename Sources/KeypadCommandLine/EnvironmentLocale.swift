import Foundation

/// The locale keypad-osk and the demo take by default: the one POSIX gives numbers in the
/// environment they start in. One parsing for both.
nonisolated package enum EnvironmentLocale {
    /// `LC_ALL`, else `LC_NUMERIC`, else `LANG` (an empty one counts as unset), its codeset and
    /// modifier dropped (`de_DE.UTF-8@euro` → `de_DE`); none, `C` and `POSIX` are plain English
    /// (`en_US_POSIX`).
    package static func numeric(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let value = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let identifier = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
        return Locale(identifier: identifier == "C" || identifier == "POSIX" ? "en_US_POSIX" : identifier)
    }
}
