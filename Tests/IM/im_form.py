#!/usr/bin/python3
"""A small GTK 3 form with an entry of each input purpose, a spin button and a text
view, for trying the keypad input-method module (`make try-im`) and for its tests.

It knows nothing of the keypad: run it with GTK_IM_MODULE=keypad to get the keypad.
Each line it prints is for the tests: `activate <field>` when an entry is activated,
`default <field>` when Return in it reached the window's default button.

Keys: Ctrl+D destroys the focused field, Ctrl+P makes it a phone field, Ctrl+N opens a second window with an entry,
Ctrl+Q closes the window. Signals do the same where no keyboard reaches the app (a Wayland
kiosk): SIGUSR2 opens the second window, SIGUSR1 closes the form's window (the program runs
on while the second window is open).
Options: --screenshot FILE focuses the Digits field, waits for the keypad, saves the
screen as a PNG and quits. --focus NAME focuses that field at start. --report-focus prints
`focus <field>` each time the window's focus widget changes (`focus none` for another widget),
and `window focused` / `window unfocused` as the compositor gives or takes the window's focus.
"""
import argparse
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

P = Gtk.InputPurpose
FIELDS = [
    ("Name", P.FREE_FORM, Gtk.InputHints.NONE),
    ("Digits", P.DIGITS, Gtk.InputHints.NONE),
    ("PIN", P.PIN, Gtk.InputHints.NONE),
    ("Amount", P.NUMBER, Gtk.InputHints.NONE),
    ("Phone", P.PHONE, Gtk.InputHints.NONE),
    ("Email", P.EMAIL, Gtk.InputHints.NONE),
    ("Website", P.URL, Gtk.InputHints.NONE),
    ("Password", P.PASSWORD, Gtk.InputHints.NONE),
    ("Hardware only", P.FREE_FORM, Gtk.InputHints.INHIBIT_OSK),
]


def say(line):
    print(line, flush=True)


class Form(Gtk.Window):
    def __init__(self):
        super().__init__(title="Keypad IM form")
        self.set_default_size(480, 640)
        grid = Gtk.Grid(row_spacing=6, column_spacing=12, margin=16)
        # In a scrolled window, as long forms are: the keypad module keeps the field
        # with focus visible above the keypad in it.
        scroller = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER)
        scroller.add(grid)
        self.add(scroller)
        self.entries = {}
        row = 0
        for name, purpose, hints in FIELDS:
            entry = Gtk.Entry(input_purpose=purpose, input_hints=hints, hexpand=True)
            if purpose in (P.PIN, P.PASSWORD):
                entry.set_visibility(False)
            entry.set_activates_default(True)
            entry.connect("activate", lambda e, n=name: say("activate " + n))
            self.add_row(grid, row, name, entry)
            self.entries[name] = entry
            row += 1
        spin = Gtk.SpinButton.new_with_range(0, 1000, 0.5)
        spin.set_digits(1)
        self.add_row(grid, row, "Quantity", spin)
        self.entries["Quantity"] = spin
        row += 1
        view = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR)
        view.set_size_request(-1, 80)
        self.add_row(grid, row, "Notes", view)
        self.entries["Notes"] = view
        row += 1
        pay = Gtk.Button(label="Pay", can_default=True)
        pay.connect("clicked", lambda b: say("default " + self.focus_name()))
        grid.attach(pay, 1, row, 1, 1)
        self.set_default(pay)
        self.connect("key-press-event", self.on_key)
        self.quit_handler = self.connect("destroy", Gtk.main_quit)
        self.second = None

    def add_row(self, grid, row, name, widget):
        label = Gtk.Label(label=name, xalign=0)
        label.set_mnemonic_widget(widget)
        widget.get_accessible().set_name(name)
        grid.attach(label, 0, row, 1, 1)
        grid.attach(widget, 1, row, 1, 1)

    def open_second_window(self):
        second = Gtk.Window(title="Second window", transient_for=self)
        second.move(40, 40)
        entry = Gtk.Entry()
        entry.get_accessible().set_name("Second entry")
        second.add(entry)
        second.connect("destroy", lambda w: None if self.get_realized() else Gtk.main_quit())
        second.show_all()
        second.present()
        self.second = second

    def close_keeping_second(self):
        """Closes the form's window; the program runs on while the second window is open."""
        say("closing")
        if self.second is not None:
            self.disconnect(self.quit_handler)
        self.destroy()

    def focus_name(self):
        focus = self.get_focus()
        return next((n for n, w in self.entries.items() if w is focus), "none")

    def on_key(self, _window, event):
        if not event.state & Gdk.ModifierType.CONTROL_MASK:
            return False
        if event.keyval == Gdk.KEY_d and self.get_focus() is not None:
            say("destroyed " + self.focus_name())
            self.get_focus().destroy()
            return True
        if event.keyval == Gdk.KEY_p and isinstance(self.get_focus(), Gtk.Entry):
            self.get_focus().set_input_purpose(P.PHONE)
            return True
        if event.keyval == Gdk.KEY_n:
            self.open_second_window()
            return True
        if event.keyval == Gdk.KEY_q:
            say("closing")
            self.destroy()
            return True
        return False


def screenshot(window, path):
    window.entries["Digits"].grab_focus()

    def shoot():
        root = Gdk.get_default_root_window()
        pixbuf = Gdk.pixbuf_get_from_window(root, 0, 0, root.get_width(), root.get_height())
        pixbuf.savev(path, "png", [], [])
        say("saved " + path)
        window.destroy()
        return False

    GLib.timeout_add(1200, shoot)


def report_window_focus(_window, event):
    """The compositor's focus of the window (on Wayland xdg-shell's activated state), which a
    keypad that took focus would take away (cage, Tests/Wayland)."""
    if event.changed_mask & Gdk.WindowState.FOCUSED:
        say("window " + ("focused" if event.new_window_state & Gdk.WindowState.FOCUSED else "unfocused"))
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshot")
    parser.add_argument("--focus")
    parser.add_argument("--report-focus", action="store_true")
    args = parser.parse_args()
    window = Form()
    if args.report_focus:
        window.connect("set-focus", lambda w, widget: say("focus " + next(
            (n for n, e in w.entries.items() if e is widget), "none")))
        window.connect("window-state-event", report_window_focus)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, lambda: window.open_second_window() or True)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: window.close_keeping_second() or False)
    window.show_all()
    window.set_focus(None)
    window.present()
    if args.focus:
        window.entries[args.focus].grab_focus()
    if args.screenshot:
        screenshot(window, args.screenshot)
    say("ready")
    Gtk.main()


if __name__ == "__main__":
    sys.exit(main())
