import CGTK
import Foundation
import KeypadResources

/// A GTK CSS file that cannot be used, with its file, line and GTK's message.
public struct ThemeError: Error, CustomStringConvertible, Equatable {
    /// The CSS file's name.
    public var file: String
    /// The line GTK complained about, when it said.
    public var line: Int?
    /// GTK's message.
    public var message: String
    /// `file:line: message`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

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
        guard let url else { throw ThemeError(file: "\(rawValue).css", line: nil, message: "not bundled") }
        try CSSLoader.requireScreen(for: url)
        let provider = try CSSLoader.load(url: url)
        Self.uninstall()
        CSSLoader.addForScreen(provider, priority: StylePriority.theme)
        Self.installedProvider = provider
        Self.installed = self
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

/// Where each source of CSS sits in GTK's cascade; see ``Theme`` for why.
enum StylePriority {
    /// The bundled theme (GTK_STYLE_PROVIDER_PRIORITY_APPLICATION).
    static let theme = guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
    /// The app's own CSS (GTK_STYLE_PROVIDER_PRIORITY_USER, where GTK also puts the
    /// user's `gtk.css`).
    static let appCSS = guint(GTK_STYLE_PROVIDER_PRIORITY_USER)
    /// A widget's own provider with its model's appearance: above both.
    static let model = appCSS + 1
}

/// Loads CSS files, turning GTK's parsing errors into ``ThemeError``s.
enum CSSLoader {
    /// A provider holding the file's CSS (the caller owns the reference).
    static func load(url: URL) throws(ThemeError) -> UnsafeMutablePointer<GtkCssProvider> {
        let provider: UnsafeMutablePointer<GtkCssProvider> = gtk_css_provider_new()
        let collector = ParsingErrors()
        let box = Unmanaged.passRetained(collector).toOpaque()
        let thunk: @convention(c) (gpointer?, gpointer?, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, section, error, data in
            guard let data, let error else { return }
            let collector = Unmanaged<ParsingErrors>.fromOpaque(data).takeUnretainedValue()
            let line = section.map { Int(gtk_css_section_get_start_line(OpaquePointer($0))) + 1 }
            let message = String(cString: error.pointee.message)
            MainActor.assumeIsolated { collector.record(line: line, message: message) }
        }
        let handler = keypad_signal_connect(
            UnsafeMutableRawPointer(provider), "parsing-error", unsafeBitCast(thunk, to: GCallback.self), box, nil, 0)
        var error: UnsafeMutablePointer<GError>?
        let loaded = gtk_css_provider_load_from_path(provider, url.path, &error)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(provider), handler)
        Unmanaged<ParsingErrors>.fromOpaque(box).release()
        if let first = collector.errors.first {
            if let error { g_error_free(error) }
            g_object_unref(provider)
            throw ThemeError(file: url.path, line: first.line, message: first.message)
        }
        if loaded == 0 || error != nil {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot be loaded"
            if let error { g_error_free(error) }
            g_object_unref(provider)
            throw ThemeError(file: url.path, line: nil, message: message)
        }
        return provider
    }

    /// Takes `provider` off the default screen and drops the caller's reference.
    static func removeForScreen(_ provider: UnsafeMutablePointer<GtkCssProvider>?) {
        guard let provider else { return }
        if let screen = gdk_screen_get_default() {
            gtk_style_context_remove_provider_for_screen(screen, keypad_style_provider(provider))
        }
        g_object_unref(provider)
    }

    /// Throws unless GTK has a screen to style: before `gtk_init` a provider would be
    /// dropped without a word.
    static func requireScreen(for file: URL) throws(ThemeError) {
        guard gdk_screen_get_default() != nil else {
            throw ThemeError(file: file.path, line: nil, message: "no screen to style: initialize GTK first")
        }
    }

    /// Applies `provider` to every widget on the default screen.
    static func addForScreen(_ provider: UnsafeMutablePointer<GtkCssProvider>, priority: guint) {
        guard let screen = gdk_screen_get_default() else { return }
        gtk_style_context_add_provider_for_screen(screen, keypad_style_provider(provider), priority)
    }

    final class ParsingErrors {
        var errors: [(line: Int?, message: String)] = []
        func record(line: Int?, message: String) { errors.append((line, message)) }
    }
}
