#!/usr/bin/python3
"""Memory a GTK 4 app pays for the GTK 4 module: the GTK 4 form (Tests/GTK4/gtk4_form.py)
with a field focused, RSS and PSS from /proc/PID/smaps_rollup, with the module (and its
keypad showing, from keypad-osk) and without it (GTK_PATH naming no module, GTK's simple
context), alternating, RUNS times each. Also checks no Swift runtime or Foundation is mapped.

    gtk4_memory.py BIN_DIR RUNS   prints `with RSS_KB PSS_KB`, `without RSS_KB PSS_KB` (medians),
                                  `module_kb RSS_KB` (the module's own mappings) and `swift_mapped 0|1`
    gtk4_memory.py BIN_DIR RUNS 3 the same for the thin GTK 3 module (#31): the form in GTK 3, the
                                  module from <bin>/immodules.cache
"""
import statistics
import sys
import tempfile
import time

from keypad_harness.form_app import Form, GTK
from keypad_harness.keypad_osk import Keypad
from keypad_harness.process import rollup


bin_dir, runs = sys.argv[1], int(sys.argv[2])
GTK["version"] = int(sys.argv[3]) if len(sys.argv) > 3 else 4
MODULE_FILE = "libim-keypad.so" if GTK["version"] == 4 else "im-keypad.so"
empty = tempfile.mkdtemp()  # a GTK_PATH with no module in it


def module_rss(pid):
    total, inside = 0, False
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if "-" in fields[0] and len(fields) >= 5:
            inside = fields[-1].endswith("/" + MODULE_FILE)
        elif inside and fields[0] == "Rss:":
            total += int(fields[1])
    return total


samples = {"with": [], "without": []}
module_kb, swift_mapped = [], False
for _ in range(runs):
    for kind in ("without", "with"):
        form = Form(bin_dir if kind == "with" else empty, im_module="keypad" if kind == "with" else
                    "gtk-im-context-simple")
        try:
            form.activate()
            form.focus("Digits")
            if kind == "with":
                Keypad().wait_for("1")
            time.sleep(1.0)  # the app settles (its first frames, GL) before it is measured
            samples[kind].append(rollup(form.process.pid))
            maps = open(f"/proc/{form.process.pid}/maps").read()
            if kind == "with":
                module_kb.append(module_rss(form.process.pid))
                swift_mapped |= "libswiftCore" in maps or "Foundation" in maps
        finally:
            form.close()
for kind, values in samples.items():
    print(f"{kind} {statistics.median(v[0] for v in values):.0f} {statistics.median(v[1] for v in values):.0f}")
print(f"module_kb {statistics.median(module_kb):.0f}")
print(f"swift_mapped {int(swift_mapped)}")
