import Foundation
import KeypadCore
import Testing

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
}
