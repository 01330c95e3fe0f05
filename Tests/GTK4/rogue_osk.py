#!/usr/bin/python3
"""A peer that owns org.keypad.OSK1 instead of keypad-osk, for the GTK 4 module's bounds test
(Tests/GTK4/gtk4_e2e.py, test_a_rogue_peer_is_bounded): it takes the module's calls, printing
each as `call NAME JSON-ARGS`, and on lines from standard input sends the module what a
broken or hostile keypad-osk could: `commit TEXT`, `commit-long BYTES`, `delete OFFSET N`,
`backspace`. Prints `ready` once it owns the name."""
import json
import os
import sys

from gi.repository import Gio, GLib

XML = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Resources", "dbus",
                        "org.keypad.OSK1.xml")).read()
PATH, NAME = "/org/keypad/OSK1", "org.keypad.OSK1"
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
client = [None]


def say(line):
    print(line, flush=True)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if method == "FocusIn":
        client[0] = sender
    say(f"call {method} {json.dumps(parameters.unpack())}")
    invocation.return_value(None)


def emit(signal, parameters):
    bus.emit_signal(client[0], PATH, NAME, signal, parameters)


def on_line(channel, condition):
    line = channel.readline()
    if not line:
        loop.quit()
        return False
    words = line.rstrip("\n").split(" ", 1)
    if words[0] == "commit":
        emit("Commit", GLib.Variant("(s)", (words[1],)))
    elif words[0] == "commit-long":
        emit("Commit", GLib.Variant("(s)", ("9" * int(words[1]),)))
    elif words[0] == "delete":
        offset, count = (int(word) for word in words[1].split())
        emit("DeleteSurrounding", GLib.Variant("(iu)", (offset, count)))
    elif words[0] == "backspace":
        emit("Backspace", None)
    say(f"sent {words[0]}")
    return True


node = Gio.DBusNodeInfo.new_for_xml(XML)
bus.register_object(PATH, node.interfaces[0], on_call)
Gio.bus_own_name_on_connection(bus, NAME, Gio.BusNameOwnerFlags.NONE, lambda *_: say("ready"), None)
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT,
                  GLib.IOCondition.IN | GLib.IOCondition.HUP, on_line)
loop = GLib.MainLoop()
loop.run()
