import CGTK
import Glibc

/// A key press and release sent through the X server (XTest, from `libXtst.so.6`, loaded
/// on first use), for apps that read keys from X and not from GDK (Chromium). Only
/// BackSpace and Return go this way, never a character: the X server would show typed
/// text to every client that records input.
@MainActor
enum XTestKey {
    private typealias FakeKeyEvent = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private static var fakeKeyEvent: FakeKeyEvent?
    private static var loaded = false

    /// Taps `keysym` (BackSpace or Return) into the X window with the input focus.
    static func tap(_ keysym: UInt32) {
        guard let display = gdk_display_get_default(),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self),
                gdk_x11_display_get_type()) != 0,
            let xdisplay = gdk_x11_display_get_xdisplay(display), let fake = function()
        else { return }
        let keycode = UInt32(XKeysymToKeycode(xdisplay, KeySym(keysym)))
        guard keycode != 0 else { return }
        _ = fake(xdisplay, keycode, 1, 0)
        _ = fake(xdisplay, keycode, 0, 0)
        XFlush(xdisplay)
    }

    private static func function() -> FakeKeyEvent? {
        if loaded { return fakeKeyEvent }
        loaded = true
        guard let library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL),
            let symbol = dlsym(library, "XTestFakeKeyEvent")
        else {
            Log.warning("libXtst.so.6 is missing: Delete and Return do nothing in this app (apt install libxtst6)")
            return nil
        }
        fakeKeyEvent = unsafeBitCast(symbol, to: FakeKeyEvent.self)
        return fakeKeyEvent
    }
}
