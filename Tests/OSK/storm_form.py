#!/usr/bin/python3
"""A GTK 3 window that moves focus between a DIGITS and a PHONE entry every 2 ms, 300 times
(an activate/deactivate storm for the input method), ends on Phone and prints `settled`."""
import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

window = Gtk.Window(title="Keypad storm form")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
digits = Gtk.Entry(input_purpose=Gtk.InputPurpose.DIGITS)
phone = Gtk.Entry(input_purpose=Gtk.InputPurpose.PHONE)
digits.get_accessible().set_name("Digits")
phone.get_accessible().set_name("Phone")
box.add(digits)
box.add(phone)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
moves = [0]


def move():
    moves[0] += 1
    (digits if moves[0] % 2 else phone).grab_focus()
    if moves[0] < 300:
        return True
    print("settled", flush=True)
    return False


GLib.timeout_add(500, lambda: GLib.timeout_add(2, move) and False)
Gtk.main()
