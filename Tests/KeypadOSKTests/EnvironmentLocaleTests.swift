import Foundation
import KeypadCommandLine
import Testing

@Suite("The locale keypad-osk (and the demo) read from the environment")
struct EnvironmentLocaleTests {
    @Test(
        "LC_ALL wins, then LC_NUMERIC, then LANG; codeset and modifier are dropped; C is English",
        arguments: [
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8@euro"], "fr_FR"),
            (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR", "LC_ALL": "it_IT.UTF-8"], "it_IT"),
            (["LC_ALL": "", "LANG": "pt_BR"], "pt_BR"),
            (["LANG": "C.UTF-8"], "en_US_POSIX"),
            (["LANG": "POSIX"], "en_US_POSIX"),
            ([:], "en_US_POSIX"),
        ])
    func numericLocale(_ environment: [String: String], identifier: String) {
        #expect(EnvironmentLocale.numeric(in: environment).identifier == identifier)
    }

    @Test("The decimal separator follows the numeric locale")
    func separator() {
        #expect(EnvironmentLocale.numeric(in: ["LANG": "de_DE.UTF-8"]).decimalSeparator == ",")
        #expect(EnvironmentLocale.numeric(in: ["LANG": "C"]).decimalSeparator == ".")
    }
}
