import CGTK
import Foundation
import KeypadResources

/// The bundled themes (`Resources/themes/<name>.css`) and the app's own CSS on top.
///
/// Three sources of CSS style a field; where they disagree, the later one wins, whatever
/// the selectors (GTK compares priorities before specificity):
///
/// 1. the bundled theme, for the whole screen (`StylePriority/theme`);
/// 2. the app's own CSS from ``installOverride(url:)`` (`StylePriority/appCSS`);
/// 3. what the field's `TextAppearance` sets in code — font, text colour, background —
///    on that widget alone (`StylePriority/model`), as an inline style beats a style
///    sheet and a UIKit property set on one field beats its appearance proxy. A colour
///    a validator sets while the user types so stays visible under any CSS.
///
/// What the appearance leaves nil (colours, background, font family) comes from the app's
/// CSS or the theme. The font size is always the appearance's (as a UITextField always
/// has a font): restyle field fonts in code, everything else — borders, keypads,
/// toolbars, captions — in CSS.
public enum Theme: String, CaseIterable, Sendable {
    case light, dark

    /// The bundled file of this theme.
    public var url: URL? {
        KeypadResources.bundle.url(forResource: rawValue, withExtension: "css", subdirectory: "themes")
    }

    /// The bundled theme installed now, if any; keypads of fields whose
    /// `keyboardAppearance` is `.default` take its look.
    public private(set) static var installed: Theme?
    private static var installedProvider: UnsafeMutablePointer<GtkCssProvider>?
    private static var overrideProvider: UnsafeMutablePointer<GtkCssProvider>?

    /// Installs the theme for the whole screen, replacing the bundled theme installed before.
    ///
    /// - Throws: ``ThemeError`` with the file and line GTK complained about; the theme
    ///   installed before stays.
    public func install() throws(ThemeError) {
        try Self.installAsTheme(url, name: rawValue)
        Self.installed = self
    }

    /// Installs the bundled `keypad.css` alone as the theme: the keypads' and toolbars' look in
    /// both appearances, nothing of the app's widgets. keypad-osk wears it when no theme is asked
    /// for, so that its `--css` goes above a theme as the demo's does.
    ///
    /// - Throws: ``ThemeError``; the theme installed before stays.
    package static func installKeypadCSS() throws(ThemeError) {
        try installAsTheme(
            KeypadResources.bundle.url(forResource: "keypad", withExtension: "css", subdirectory: "themes"),
            name: "keypad")
    }

    private static func installAsTheme(_ url: URL?, name: String) throws(ThemeError) {
        guard let url else { throw ThemeError(file: "\(name).css", line: nil, message: "not bundled") }
        try CSSLoader.requireScreen(for: url)
        let provider = try CSSLoader.load(url: url)
        uninstall()
        CSSLoader.addForScreen(provider, priority: StylePriority.theme)
        installedProvider = provider
    }

    /// Removes the bundled theme installed by ``install()``, if any (GTK's own look shows).
    public static func uninstall() {
        CSSLoader.removeForScreen(installedProvider)
        installedProvider = nil
        installed = nil
    }

    /// Installs the app's own CSS above the theme, so it overrides it (but not what a
    /// field's appearance sets in code; see ``Theme``). It replaces the CSS installed by
    /// an earlier call.
    ///
    /// - Throws: ``ThemeError`` with the file and the line GTK complained about; the
    ///   theme and the earlier CSS stay as they were.
    public static func installOverride(url: URL) throws(ThemeError) {
        try CSSLoader.requireScreen(for: url)
        let provider = try CSSLoader.load(url: url)
        uninstallOverride()
        CSSLoader.addForScreen(provider, priority: StylePriority.appCSS)
        overrideProvider = provider
    }

    /// Removes the CSS installed by ``installOverride(url:)``, if any.
    public static func uninstallOverride() {
        CSSLoader.removeForScreen(overrideProvider)
        overrideProvider = nil
    }
}
