#!/usr/bin/python3
"""A GTK 3 window with one entry that tells no input method anything of itself (run it with
GTK_IM_MODULE=gtk-im-context-simple: GTK's simple input method, no text-input), for
keypad-osk's keyboard on request (Tests/OSK/onrequest_e2e.py). It prints, flushed:
`text VALUE` each time the entry's text changes, `activate` when Return activates it, and
`active True|False` each time its window gains or loses keyboard focus."""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402


def say(line):
    print(line, flush=True)


def main():
    window = Gtk.Window(title="Plain entry")
    window.set_default_size(600, 200)
    entry = Gtk.Entry()
    entry.connect("changed", lambda e: say("text " + e.get_text()))
    entry.connect("activate", lambda e: say("activate"))
    window.connect("notify::is-active", lambda w, _p: say(f"active {w.is_active()}"))
    window.connect("destroy", Gtk.main_quit)
    window.add(entry)
    window.show_all()
    entry.grab_focus()
    Gtk.main()


if __name__ == "__main__":
    sys.exit(main())
