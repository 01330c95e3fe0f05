#!/usr/bin/python3
"""Prints `key NAME X Y` (screen centre) for each key NAME of keypad-osk's keypad once all
of them show and stay put, found on the accessibility bus; used by gtk4_bench_app.py and
im_bench_app.py (announce_keys: from another process, so the app's main loop runs meanwhile).

    osk_keys.py NAME...
"""
import os
import sys
import time

import gi
from gi.repository import GLib


def announce_keys(names, say):
    """Runs this script in another process and passes each line it prints to `say`, then
    `ready`: the app's main loop runs on meanwhile (the walk of the accessibility bus asks the
    app too, and an app waiting on it would stall the walk)."""
    _, _, stdout, _ = GLib.spawn_async(["/usr/bin/python3", os.path.abspath(__file__), *names], standard_output=True,
                                       flags=GLib.SpawnFlags.DEFAULT)

    def found(channel, condition):
        line = channel.readline()
        if not line:
            say("ready")
            return False
        say(line.rstrip("\n"))
        return True
    GLib.io_add_watch(GLib.IOChannel.unix_new(stdout), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP,
                      found)


def keys(names):
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi
    found = {}
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        try:
            if app is None or app.get_name() != "keypad-osk":
                continue
        except GLib.Error:
            continue
        stack = [app]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            try:
                if node.get_role_name() == "push button" and node.get_name() in names \
                        and node.get_state_set().contains(Atspi.StateType.SHOWING):
                    extents = node.get_extents(Atspi.CoordType.SCREEN)
                    found[node.get_name()] = (extents.x + extents.width // 2, extents.y + extents.height // 2)
                stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
            except GLib.Error:
                continue
    return found


def main():
    names = sys.argv[1:]
    last = None
    deadline = time.time() + 30
    while time.time() < deadline:
        now = keys(names)
        if len(now) == len(names) and now == last:
            for name in names:
                print(f"key {name} {now[name][0]} {now[name][1]}", flush=True)
            sys.exit(0)
        last = now
        time.sleep(0.2)
    sys.exit("osk_keys: keypad-osk's keys never showed")


if __name__ == "__main__":
    main()
