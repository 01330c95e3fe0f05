#!/usr/bin/python3
"""Tap latency from outside: start `keypad-gtk-bench serve-keypad|serve-baseline`,
click its keys with xdotool, and time each click (CLOCK_MONOTONIC, taken just
before xdotool starts) to the `changed NANOSECONDS` line the app prints.
Also reads the app's CPU time per tap from /proc.

    scripts/bench_taps.py BENCH_BINARY MODE TAPS HOLD_MS
prints `median P95 COUNT CPU_MS_PER_TAP`.
"""
import os
import queue
import subprocess
import sys
import threading
import time

binary, mode, taps, hold = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
app = subprocess.Popen([binary, mode], stdout=subprocess.PIPE, text=True)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put(line.strip()) for line in app.stdout], daemon=True).start()

keys = {}
while True:
    line = lines.get(timeout=30)
    if line == "ready":
        break
    if line.startswith("key "):
        _, name, x, y = line.split(" ")
        keys[name] = (x, y)
time.sleep(0.3)


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def click(point):
    x, y = point
    if hold == 0:
        return ["xdotool", "mousemove", x, y, "click", "--delay", "0", "1"]
    return ["xdotool", "mousemove", x, y, "mousedown", "1", "sleep", f"{hold / 1000:.3f}", "mouseup", "1"]


latencies = []
cpu_before = cpu_seconds(app.pid)
for index in range(taps):
    point = keys["5" if index % 2 == 0 else "Delete"]
    start = time.monotonic_ns()
    subprocess.run(click(point), check=True)
    try:
        line = lines.get(timeout=2)
        while not line.startswith("changed "):
            line = lines.get(timeout=2)
        latencies.append((int(line.split(" ")[1]) - start) / 1e6)
    except queue.Empty:
        pass
    time.sleep(0.01)
cpu_after = cpu_seconds(app.pid)
app.terminate()
app.wait(timeout=5)

latencies.sort()
median = latencies[len(latencies) // 2] if latencies else 0
p95 = latencies[max(0, int(len(latencies) * 0.95 + 0.999) - 1)] if latencies else 0
print(f"{median:.3f} {p95:.3f} {len(latencies)} {(cpu_after - cpu_before) * 1000 / max(taps, 1):.4f}")
