import Foundation
import KeypadResources

/// Localized strings from `Resources/<language>.lproj/Keypad.strings`.
///
/// On Linux `Locale.preferredLanguages` ignores `LANG` and `String(localized:)` is
/// missing, so the `.lproj` is chosen explicitly from the locale given: its
/// language and script ("zh-Hans"), then its language, then English.
public enum KeypadStrings {
    /// The return key's title for `type`: "Done", "完成", …
    public static func returnKeyTitle(_ type: ReturnKeyType, locale: Locale) -> String {
        string("return.\(type.rawValue)", locale: locale)
    }

    /// The string for `key` in the locale's language, else English, else the key itself.
    ///
    /// Answers are cached: keypads ask for their labels on every redraw.
    public static func string(_ key: String, locale: Locale) -> String {
        lookUp(key, cacheKey: "\(locale.identifier)\u{1}\(key)") { bundles(for: locale) }
    }

    /// The English string for `key`, else the key itself, with no `Locale` made: layouts
    /// name their keys in English as they are read, and making a `Locale` loads ICU's data.
    static func englishString(_ key: String) -> String {
        lookUp(key, cacheKey: "en\u{1}\(key)") { englishBundles }
    }

    private static func lookUp(_ key: String, cacheKey: String, bundles: () -> [Bundle]) -> String {
        if let cached = cache.value(for: cacheKey) { return cached }
        var answer = key
        for bundle in bundles() {
            let value = bundle.localizedString(forKey: key, value: missing, table: "Keypad")
            if value != missing {
                answer = value
                break
            }
        }
        cache.store(answer, for: cacheKey)
        return answer
    }

    private static let cache = StringCache()

    private static let missing = "\u{0}missing"

    /// The candidate `.lproj` bundles for a locale, most specific first.
    static func bundles(for locale: Locale) -> [Bundle] {
        bundles(named: languageCandidates(for: locale))
    }

    private static let englishBundles = bundles(named: ["en"])

    private static func bundles(named names: [String]) -> [Bundle] {
        names.compactMap { name in
            KeypadResources.bundle.url(forResource: name.lowercased(), withExtension: "lproj").flatMap(
                Bundle.init(url:))
                ?? KeypadResources.bundle.url(forResource: name, withExtension: "lproj").flatMap(Bundle.init(url:))
        }
    }

    /// "zh-Hans", "zh", "en" for a Simplified Chinese locale.
    ///
    /// Read from the locale's identifier, not from `locale.language`: that asks ICU for the
    /// locale's likely subtags, which loads ICU's data (some 1 MB resident in every app the
    /// input-method module runs in) only to label a return key.
    static func languageCandidates(for locale: Locale) -> [String] {
        var names: [String] = []
        let subtags = LocaleSubtags(identifier: locale.identifier)
        if let language = subtags.language {
            let script = subtags.script ?? defaultScript(language: language, region: subtags.region)
            if let script { names.append("\(language)-\(script)") }
            names.append(language)
        }
        names.append("en")
        return names
    }

    /// Chinese without an explicit script: Traditional for Taiwan, Hong Kong and Macau, else Simplified.
    private static func defaultScript(language: String, region: String?) -> String? {
        guard language == "zh" else { return nil }
        return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
    }
}

/// A small thread-safe memo of looked-up strings.
final class StringCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func value(for key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    func store(_ value: String, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        values[key] = value
    }
}
