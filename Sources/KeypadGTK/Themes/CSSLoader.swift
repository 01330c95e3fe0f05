import CGTK
import Foundation

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
