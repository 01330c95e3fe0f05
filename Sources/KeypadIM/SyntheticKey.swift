import CGTK

/// A key press and release made up by the module and handed to GTK as if typed, so
/// the widget does what it does for a physical key: Return activates an entry (its
/// `activate` handlers and the window's default button run) and starts a new line in
/// a text view; BackSpace deletes a selection.
@MainActor
enum SyntheticKey {
    /// Sends a press and a release of `keyval` to the widget owning `window`.
    static func tap(_ keyval: guint, in window: OpaquePointer) {
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            guard let event = makeEvent(type, keyval: keyval, window: window) else { return }
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    private static func makeEvent(
        _ type: GdkEventType, keyval: guint, window: OpaquePointer
    ) -> UnsafeMutablePointer<GdkEvent>? {
        guard let event = gdk_event_new(type) else { return nil }
        let display = gdk_window_get_display(window)
        // GTK's key bindings (an entry's Return → activate) match the hardware keycode.
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: gint = 0
        if let keymap = gdk_keymap_get_for_display(display),
            gdk_keymap_get_entries_for_keyval(keymap, keyval, &keys, &count) != 0, let keys, count > 0
        {
            event.pointee.key.hardware_keycode = guint16(keys[0].keycode)
            event.pointee.key.group = guint8(keys[0].group)
            g_free(keys)
        }
        event.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.key.send_event = 1
        event.pointee.key.time = guint32(GDK_CURRENT_TIME)
        event.pointee.key.keyval = keyval
        if let seat = gdk_display_get_default_seat(display), let keyboard = gdk_seat_get_keyboard(seat) {
            gdk_event_set_device(event, keyboard)
        }
        return event
    }
}
