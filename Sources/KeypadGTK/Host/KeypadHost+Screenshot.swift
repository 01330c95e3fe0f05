import CGTK
import Foundation

extension KeypadHost {
    /// Saves what the window shows as a PNG; with the `.window` placement, the whole
    /// screen, so the keypad window is in the picture.
    /// - Throws: ``WidgetError`` when the window is closed or not on screen, or the file
    ///   cannot be written.
    public func saveScreenshot(to url: URL) throws(WidgetError) {
        MainLoop.drain()
        let name = url.lastPathComponent
        guard !isClosed else { throw WidgetError("\(name): the window is closed") }
        let target = area.floatingWindow == nil ? gtk_widget_get_window(window) : gdk_get_default_root_window()
        guard let target else { throw WidgetError("\(name): the window is not realized") }
        let width = gdk_window_get_width(target)
        let height = gdk_window_get_height(target)
        guard let pixbuf = gdk_pixbuf_get_from_window(target, 0, 0, width, height) else {
            throw WidgetError("\(name): could not read the window")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var error: UnsafeMutablePointer<GError>?
        if gdk_pixbuf_savev(pixbuf, url.path, "png", nil, nil, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not saved"
            if let error { g_error_free(error) }
            throw WidgetError("\(name): \(message)")
        }
    }
}
