"""keypad-osk as make bench's scripts see it on the session bus: its process, and its
sm.puri.OSK0 `Visible` (its keyboard-will-show and -hide)."""
import time

from gi.repository import Gio, GLib


def visible_changes(bus):
    """Subscribes to keypad-osk's `Visible`; returns the list each change is appended to, as
    (CLOCK_MONOTONIC ns when this process read it, Visible), while the default main context is iterated."""
    changes = []

    def on_changed(connection, sender, path, interface, name, parameters):
        changed = parameters.unpack()[1]
        if "Visible" in changed:
            changes.append((time.monotonic_ns(), changed["Visible"]))
    bus.signal_subscribe(None, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/sm/puri/OSK0", None,
                         Gio.DBusSignalFlags.NONE, on_changed)
    return changes


def osk_pid(bus):
    """keypad-osk's process id (the owner of org.keypad.OSK1), or None while it is not running."""
    try:
        reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                              "GetConnectionUnixProcessID", GLib.Variant("(s)", ("org.keypad.OSK1",)), None,
                              Gio.DBusCallFlags.NONE, 2000, None)
        return reply.unpack()[0]
    except GLib.Error:
        return None
