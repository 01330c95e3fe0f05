import ArgumentParser
import Foundation

/// The options keypad-demo and keypad-osk share, one definition with one meaning: the layouts
/// and the look a deployment brings.
///
/// `--css` goes above the theme in both (the demo's `--theme`; keypad-osk's `--theme`, else the
/// bundled `keypad.css`): what the file sets wins, the theme styles the rest. Each program's
/// command takes them with `@OptionGroup var customization: CustomizationOptions`.
package struct CustomizationOptions: ParsableArguments {
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
