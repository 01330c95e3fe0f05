import Foundation
import Testing

@testable import KeypadCore

@Suite("Return-key titles and names come localized from Resources")
struct KeypadStringsTests {
    @Test(
        "return titles in English and Simplified Chinese",
        arguments: [
            (ReturnKeyType.done, "en_US", "Done"), (.done, "zh_CN", "完成"), (.done, "zh-Hans", "完成"),
            (.next, "zh_CN", "下一步"), (.go, "zh_CN", "前往"), (.search, "zh_CN", "搜索"), (.send, "zh_CN", "发送"),
            (.emergencyCall, "en", "Emergency Call"), (.continue, "zh_CN", "继续"),
        ])
    func titles(type: ReturnKeyType, locale: String, expected: String) {
        #expect(KeypadStrings.returnKeyTitle(type, locale: Locale(identifier: locale)) == expected)
    }

    @Test("every return key type has a title in every shipped language")
    func complete() {
        for type in ReturnKeyType.allCases {
            for locale in ["en", "zh-Hans"] {
                let title = KeypadStrings.returnKeyTitle(type, locale: Locale(identifier: locale))
                #expect(title != "return.\(type.rawValue)", "\(type) in \(locale)")
            }
        }
    }

    @Test("a language without strings falls back to English, an unknown key to itself")
    func fallback() {
        #expect(KeypadStrings.returnKeyTitle(.done, locale: Locale(identifier: "fr_FR")) == "Done")
        #expect(KeypadStrings.string("no.such.key", locale: Locale(identifier: "en")) == "no.such.key")
    }

    @Test(
        "the strings' languages come from the identifier as written (no likely subtags from ICU)",
        arguments: [
            ("zh_CN", ["zh-Hans", "zh", "en"]), ("zh_TW", ["zh-Hant", "zh", "en"]), ("zh-HK", ["zh-Hant", "zh", "en"]),
            ("zh_Hant_CN", ["zh-Hant", "zh", "en"]), ("zh-Hans-TW", ["zh-Hans", "zh", "en"]),
            ("zh", ["zh-Hans", "zh", "en"]),
            ("de_DE", ["de", "en"]), ("sr_Latn_RS", ["sr-Latn", "sr", "en"]), ("es_419", ["es", "en"]),
            ("en_US_POSIX", ["en", "en"]), ("de_DE@currency=EUR", ["de", "en"]), ("", ["en"]),
        ])
    func candidates(identifier: String, expected: [String]) {
        #expect(KeypadStrings.languageCandidates(for: Locale(identifier: identifier)) == expected)
    }

    @Test(
        "subtags read from ICU, BCP 47 and POSIX spellings",
        arguments: [
            ("ZH-hant-tw", ["zh", "Hant", "TW"]), ("de_DE.UTF-8", ["de", nil, "DE"]),
            ("en_US_POSIX", ["en", nil, "US"]),
            ("es_419", ["es", nil, "419"]), ("1x_DE", [nil, nil, nil]),
        ])
    func subtags(identifier: String, expected: [String?]) {
        let subtags = LocaleSubtags(identifier: identifier)
        #expect([subtags.language, subtags.script, subtags.region] == expected)
    }
}
