import ArgumentParser
import Foundation
import KeypadCommandLine
import KeypadCore
import KeypadGTK
import KeypadOSK

extension KeypadPosition: ExpressibleByArgument {}

/// `keypad-osk`: its command line, parsed by swift-argument-parser.
struct OSKCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keypad-osk",
        abstract: "The system keypad: one on-screen keypad for every app's text fields.",
        discussion: """
            On a Wayland compositor with input-method-v2 and layer-shell (sway, labwc, wayfire, \
            phoc), the compositor connects the keypad to every app's focused field (Chromium, \
            Firefox, GTK 3 and 4, Qt), and the keypad shows over fullscreen windows without ever \
            taking focus. With a session bus it offers sm.puri.OSK0 (Visible, SetVisible): \
            SetVisible(true), or `keypad-osk --show` from a panel's button, shows a full keyboard \
            that types into whatever has keyboard focus (a terminal, an X11 app) until hidden.

            With KEYPAD_IM_TRACE=FILE it appends its trace lines to FILE \
            (never a secure field's text).

            Exit status: 0 when the compositor ends the session normally; 64 for a bad command \
            line; \(OSKExit.noDisplay.rawValue) when no display can be opened; \
            \(OSKExit.unsupported.rawValue) when the Wayland compositor offers no input-method-v2, \
            virtual keyboard or layer-shell (cage, weston, mutter) and DISPLAY names no Xwayland \
            to serve the apps' GTK modules from instead, or on X11 there is no session bus; \(OSKExit.seatTaken.rawValue) when another input \
            method holds the seat; \(OSKExit.compositorGone.rawValue) when the compositor went away; \
            \(OSKExit.noKeyboard.rawValue) when --show, --hide or --toggle finds no keyboard on the \
            session bus.
            """,
        version: KeypadVersion.current)

    /// `--theme`, `--locale`, `--layouts` and `--css`, as the demo takes them.
    @OptionGroup var customization: CustomizationOptions

    @Flag(
        help: """
            Reserve the keypad's height at the bottom of the screen while it shows, so tiled and \
            maximized windows shrink above it (fullscreen windows stay under it).
            """)
    var exclusive = false

    @Flag(help: "Shuffle the PIN pad's digits each time it appears.")
    var scramble = false

    @Option(
        help: ArgumentHelp(
            "Where the keypad shows: bottom, top, or auto (the top while it would cover the caret at the bottom).",
            discussion: """
                auto needs the caret: labwc (and sway from 1.10) tell it; sway 1.7 does not, and the \
                keypad stays at the bottom there.
                """))
    var position = KeypadPosition.auto

    /// `--show`, `--hide`, `--toggle`: a request to the running keypad-osk, nothing else.
    @Flag(exclusivity: .exclusive)
    var onRequest: OSKRequest?

    /// The service's configuration from the options.
    var serviceConfiguration: OSKConfiguration {
        OSKConfiguration(
            theme: customization.theme, locale: customization.locale,
            layoutsDirectory: customization.layoutsDirectory, css: customization.css,
            exclusive: exclusive, scramblesPIN: scramble, position: position)
    }
}

/// A request to the keypad-osk already running (#35), for a panel's button or a script.
nonisolated enum OSKRequest: String, EnumerableFlag {
    case show, hide, toggle

    static func help(for value: OSKRequest) -> ArgumentHelp? {
        switch value {
        case .show: "Show the running keypad-osk's keyboard (sm.puri.OSK0's SetVisible(true)), then exit."
        case .hide: "Hide the running keypad-osk's keyboard or keypad, then exit."
        case .toggle: "Show the keyboard when nothing shows, else hide it, then exit."
        }
    }
}

/// keypad-osk's exit statuses besides 0 and 64 (a bad command line).
enum OSKExit: Int32 {
    case noDisplay = 3
    case unsupported = 4
    case seatTaken = 5
    case compositorGone = 6
    /// --show, --hide, --toggle: no keyboard answers on the session bus.
    case noKeyboard = 7
}
