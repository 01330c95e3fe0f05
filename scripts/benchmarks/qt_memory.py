#!/usr/bin/python3
"""Memory a Qt app pays for its on-screen keyboard: scripts/benchmarks/qt_bench_app.py with its
field tapped (an XTest tap, as a user does) and the keyboard showing its keys, RSS and PSS from
/proc/PID/smaps_rollup, with Keypad's plug-in (QT_IM_MODULE=keypad), with Qt Virtual Keyboard
(QT_IM_MODULE=qtvirtualkeyboard) and with neither (no QT_IM_MODULE: Qt's default, the compose
input context), in turn, RUNS times each; then the QML form (qt_bench_app.py's `-qml`) with the
plug-in and with neither. keypad-osk, one process for the whole session whatever the number of
apps, is measured on its own with its keypad shown.

    qt_memory.py VERSION RUNS   prints `mem_KIND RSS_KB PSS_KB` for KIND none, keypad, qtvk,
                                qml_none, qml_keypad and `osk RSS_KB PSS_KB` (medians)

Run with QT_PLUGIN_PATH naming the plug-in's folder and a session bus that starts keypad-osk.
"""
import os
import queue
import statistics
import subprocess
import sys
import threading
import time

from gi.repository import Gio

from keypad_harness.process import rollup

from osk_bus import osk_pid
from xtest_pointer import XTestPointer

HERE = os.path.dirname(os.path.abspath(__file__))

version, runs = sys.argv[1], int(sys.argv[2])
MODULES = {"none": None, "keypad": "keypad", "qtvk": "qtvirtualkeyboard", "qml_none": None, "qml_keypad": "keypad"}
pointer = XTestPointer()
bus = Gio.bus_get_sync(Gio.BusType.SESSION)


def measure(kind):
    env = {name: value for name, value in os.environ.items() if name != "QT_IM_MODULE"}
    if MODULES[kind]:
        env["QT_IM_MODULE"] = MODULES[kind]
    form = f"{version}-{kind.removeprefix('qml_')}" + ("-qml" if kind.startswith("qml_") else "")
    app = subprocess.Popen([os.path.join(HERE, "qt_bench_app.py"), form], stdout=subprocess.PIPE, text=True, env=env)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.strip()) for line in app.stdout], daemon=True).start()
    try:
        while (line := lines.get(timeout=30)) != "ready":  # the keyboard's keys found: it is shown
            if line.startswith("click "):
                pointer.tap(line.split(" ")[1:3])
        time.sleep(1.0)  # the app settles (its first frames) before it is measured
        return rollup(app.pid), rollup(osk_pid(bus)) if kind == "keypad" else None
    finally:
        app.terminate()
        app.wait(timeout=5)


samples = {kind: [] for kind in MODULES}
osk = []
for _ in range(runs):
    for kind in MODULES:
        app_memory, osk_memory = measure(kind)
        samples[kind].append(app_memory)
        if osk_memory:
            osk.append(osk_memory)
for name, values in [(f"mem_{kind}", values) for kind, values in samples.items()] + [("osk", osk)]:
    print(f"{name} {statistics.median(v[0] for v in values):.0f} {statistics.median(v[1] for v in values):.0f}")
