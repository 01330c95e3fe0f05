import ArgumentParser
import Foundation
import KeypadGTK

extension Theme: ExpressibleByArgument {}

/// The options keypad-demo and keypad-osk share, one definition with one meaning and one default:
/// the look, the language and the layouts a deployment brings.
///
/// - `--theme`: a bundled theme, `light` unless asked; it styles the keypads and the toolbar (and the
///   demo's own form).
/// - `--locale`: the decimal separator and the labels; unless asked, the environment's
///   (``EnvironmentLocale/numeric(in:)``).
/// - `--layouts`: a directory of layout files over the bundled ones.
/// - `--css`: GTK CSS above the theme: what the file sets wins, the theme styles the rest.
///
/// Each program's command takes them with `@OptionGroup var customization: CustomizationOptions`.
package struct CustomizationOptions: ParsableArguments {
    @Option(help: "The bundled theme of the keypads and the toolbar (and the demo's form).")
    package var theme = Theme.light

    @Option(
        help: ArgumentHelp(
            "Locale of the decimal separator and of the labels (de_DE, zh_CN).",
            discussion: "Default: from LC_ALL, else LC_NUMERIC, else LANG; plain English for none, C or POSIX.",
            valueName: "id"),
        transform: { Locale(identifier: $0) })
    package var locale: Locale = EnvironmentLocale.numeric()

    @Option(
        name: .customLong("layouts"),
        help: ArgumentHelp("A directory of your own layout files (over the bundled ones).", valueName: "dir"),
        transform: { URL(fileURLWithPath: $0) })
    package var layoutsDirectory: URL?

    @Option(
        help: ArgumentHelp(
            "Your own GTK CSS, applied above the theme: what it sets wins, the theme styles the rest.",
            valueName: "file.css"),
        transform: { URL(fileURLWithPath: $0) })
    package var css: URL?

    package init() {}
}
