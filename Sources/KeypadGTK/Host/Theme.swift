import CGTK
import Foundation
import KeypadResources

/// A GTK CSS file that cannot be used, with its file, line and GTK's message.
public struct ThemeError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int?
    public var message: String
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// The bundled themes (`Resources/themes/<name>.css`) and the app's own CSS on top.
public enum Theme: String, CaseIterable, Sendable {
    case light, dark

    /// The bundled file of this theme.
    public var url: URL? {
        KeypadResources.bundle.url(forResource: rawValue, withExtension: "css", subdirectory: "themes")
    }

    /// Installs the theme for the whole screen at application priority.
    public func install() throws(ThemeError) {
        guard let url else { throw ThemeError(file: "\(rawValue).css", line: nil, message: "not bundled") }
        try CSSLoader.install(url: url, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Installs the app's own CSS above the theme, so it overrides it.
    ///
    /// - Throws: ``ThemeError`` with the file and the line GTK complained about; the
    ///   theme stays as it was.
    public static func installOverride(url: URL) throws(ThemeError) {
        try CSSLoader.install(url: url, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
    }
}

/// Loads CSS files, turning GTK's parsing errors into ``ThemeError``s.
enum CSSLoader {
    static func install(url: URL, priority: guint) throws(ThemeError) {
        let provider = gtk_css_provider_new()
        defer { g_object_unref(provider) }
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
            throw ThemeError(file: url.path, line: first.line, message: first.message)
        }
        if loaded == 0 || error != nil {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot be loaded"
            if let error { g_error_free(error) }
            throw ThemeError(file: url.path, line: nil, message: message)
        }
        guard let screen = gdk_screen_get_default() else { return }
        gtk_style_context_add_provider_for_screen(screen, keypad_style_provider(provider), priority)
    }

    final class ParsingErrors {
        var errors: [(line: Int?, message: String)] = []
        func record(line: Int?, message: String) { errors.append((line, message)) }
    }
}
