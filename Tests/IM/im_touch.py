"""Fingers on the keypad the IM module shows in this process, for the tests.

Xvfb has no touchscreen and XTest sends no touch, so this puts GTK's own touch events
into GTK's event path (Gtk.main_do_event), as GDK's X11 backend hands over an XI2
touch: GdkEventTouch with distinct sequences, from a GdkDevice of source TOUCHSCREEN
made here, addressed to the keypad's key surface (the input-only window of the event
box above the keys). A test hook: nothing of it is in the module.
"""
import ctypes
import re

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11, GObject, Gtk  # noqa: E402

# offsetof(GdkEventTouch, sequence) on 64-bit: PyGObject cannot set the opaque pointer.
SEQUENCE_OFFSET = 56
_device = None


def _address(instance):
    """The C address of a GObject or boxed value, from its repr."""
    return int(re.search(r"at (0x[0-9a-f]+)\)", repr(instance)).group(1), 16)


def _touchscreen():
    global _device
    if _device is None:
        display = Gdk.Display.get_default()
        _device = GObject.new(
            GdkX11.X11DeviceXI2, name="Keypad test touchscreen", type=Gdk.DeviceType.SLAVE,
            input_source=Gdk.InputSource.TOUCHSCREEN, input_mode=Gdk.InputMode.SCREEN, has_cursor=False,
            display=display, device_manager=display.get_device_manager(), seat=display.get_default_seat(),
            device_id=9999)
    return _device


def _descendants(widget):
    yield widget
    if isinstance(widget, Gtk.Container):
        for child in widget.get_children():
            yield from _descendants(child)


def keypad_keys():
    """The keypad window's keys by label."""
    keys = {}
    for window in Gtk.Window.list_toplevels():
        if window.get_title() == "Keypad" and window.get_visible():
            for widget in _descendants(window):
                if isinstance(widget, Gtk.Button) and widget.get_mapped() and widget.get_label():
                    keys[widget.get_label()] = widget
    return keys


class Fingers:
    """Touches on the keys of the keypad on screen, in its key surface's coordinates."""

    def __init__(self):
        self.keys = keypad_keys()
        self.surface = self.keys["5"].get_ancestor(Gtk.EventBox)
        box = _address(self.surface)
        self.window = next(c for c in self.surface.get_window().get_children() if c.get_user_data() == box)

    def rect(self, label):
        """The key's x, y, width, height in the surface window."""
        key = self.keys[label].get_allocation()
        origin = self.surface.get_allocation()
        return key.x - origin.x, key.y - origin.y, key.width, key.height

    def centre(self, label):
        x, y, width, height = self.rect(label)
        return x + width / 2, y + height / 2

    def send(self, kind, sequence, point):
        event = Gdk.Event.new(kind)
        event.touch.window = self.window
        event.touch.x, event.touch.y = point
        _, origin_x, origin_y = self.window.get_origin()
        event.touch.x_root, event.touch.y_root = origin_x + point[0], origin_y + point[1]
        ctypes.c_void_p.from_address(_address(event) + SEQUENCE_OFFSET).value = sequence
        event.set_device(Gdk.Display.get_default().get_default_seat().get_pointer())
        event.set_source_device(_touchscreen())
        Gtk.main_do_event(event)

    def tap(self, sequence, point):
        self.send(Gdk.EventType.TOUCH_BEGIN, sequence, point)
        self.send(Gdk.EventType.TOUCH_END, sequence, point)


def overlapping_touches():
    """Two fingers overlapping on 5 and 8 (5 down, 8 down, 5 up, 8 up), then a finger in the
    6 px gap between 5 and 8, 2 px above 8: the keypad types "588"."""
    fingers = Fingers()
    five, eight = fingers.centre("5"), fingers.centre("8")
    fingers.send(Gdk.EventType.TOUCH_BEGIN, 1, five)
    fingers.send(Gdk.EventType.TOUCH_BEGIN, 2, eight)
    fingers.send(Gdk.EventType.TOUCH_END, 1, five)
    fingers.send(Gdk.EventType.TOUCH_END, 2, eight)
    x, y, _, _ = fingers.rect("8")
    fingers.tap(3, (eight[0], y - 2))
