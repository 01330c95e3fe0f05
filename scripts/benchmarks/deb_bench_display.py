#!/usr/bin/python3
"""make bench, the installed package's part (scripts/benchmarks/bench-deb runs it under with-display,
with keypad-im-gtk3 installed): what a host app pays in memory, and how soon its first
keypad is drawn. Prints `key value…` lines for scripts/bench-deb.

Memory: Debian's `zenity --entry` (its entry has focus at start, so the keypad shows),
without GTK_IM_MODULE and with GTK_IM_MODULE=keypad; one app alone, then a second one
beside it. Read from /proc/PID/smaps_rollup (kB) once each app has settled.
Where the module's memory goes: the first app's mappings with the module against without,
grouped (the package's code, read-only data, writable data and relocations, anonymous
memory — malloc's heap — and the rest).
With UNSTRIPPED_MODULE (the unstripped build of a statically linked im-keypad.so), also
what of the module is resident in the first app, by library and section (scripts/benchmarks/resident_code.py).
First keypad: scripts/benchmarks/deb_bench_app.py in fresh processes (cold, then warm).

    deb_bench_display.py COLD_RUNS WARM_RUNS [UNSTRIPPED_MODULE]
"""
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SETTLE = 2.0


def rollup(pid):
    values = {}
    with open(f"/proc/{pid}/smaps_rollup") as file:
        for line in file:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                values[parts[0][:-1]] = int(parts[1])
    return {"rss": values["Rss"], "pss": values["Pss"],
            "private": values["Private_Clean"] + values["Private_Dirty"]}


def groups(pid):
    """Rss (kB) of `pid`'s mappings in the groups the section shows."""
    totals = {}
    name = perms = None
    with open(f"/proc/{pid}/smaps") as file:
        for line in file:
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                parts = line.split(None, 5)
                perms, name = parts[1], (parts[5].strip() if len(parts) > 5 else "")
            elif line.startswith("Rss:"):
                group = classify(name, perms)
                totals[group] = totals.get(group, 0) + int(line.split()[1])
    return totals


def classify(name, perms):
    if "im-keypad.so" in name or "/keypad-im-gtk3/" in name:
        if "x" in perms:
            return "package_code"
        return "package_data" if "w" in perms else "package_rodata"
    if name in ("", "[heap]"):
        return "anonymous"
    return "rest"


def windows(pid, title):
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid), "--name", title],
                            capture_output=True, text=True)
    return result.stdout.split()


def start_zenity(label, module):
    env = dict(os.environ)
    env.pop("GTK_IM_MODULE", None)
    if module:
        env["GTK_IM_MODULE"] = "keypad"
    process = subprocess.Popen(["zenity", "--entry", f"--title=Bench {label}", "--text=Your name"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 15
    while time.time() < deadline:
        if windows(process.pid, f"^Bench {label}$") and (not module or windows(process.pid, "^Keypad$")):
            time.sleep(SETTLE)
            return process
        time.sleep(0.1)
    process.kill()
    raise SystemExit(f"zenity {label} showed no {'keypad' if module else 'window'}")


def memory(unstripped=None):
    for mode, module in (("without", False), ("with", True)):
        first = start_zenity(f"{mode} first", module)
        alone = rollup(first.pid)
        if module:
            for group, kb in groups(first.pid).items():
                print(f"group_with_{group} {kb}")
            if unstripped:
                subprocess.run(["/usr/bin/python3", os.path.join(HERE, "resident_code.py"), str(first.pid),
                                "im-keypad.so", unstripped], check=True)
        else:
            for group, kb in groups(first.pid).items():
                print(f"group_without_{group} {kb}")
        second = start_zenity(f"{mode} second", module)
        beside, paired = rollup(second.pid), rollup(first.pid)
        for process in (first, second):
            process.terminate()
            process.wait()
        print(f"mem_{mode}_first {alone['rss']} {alone['pss']} {alone['private']}")
        print(f"mem_{mode}_second {beside['rss']} {beside['pss']} {beside['private']}")
        print(f"mem_{mode}_pair_pss {paired['pss'] + beside['pss']}")


def first_keypad(cold_runs, warm_runs):
    env = dict(os.environ, GTK_IM_MODULE="keypad")
    for _ in range(cold_runs):
        output = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "deb_bench_app.py"), str(warm_runs)],
                                env=env, capture_output=True, text=True, timeout=60).stdout
        for line in output.splitlines():
            if line.split()[0] in ("cold", "warm", "loaded_before_focus"):
                print(line)


def warm_up():
    """The first GTK process on a fresh X server probes GLX (Mesa, some 30 MB) and caches the
    answer on the root window; one throwaway process pays that for the measured ones."""
    process = start_zenity("warm-up", False)
    process.terminate()
    process.wait()


if __name__ == "__main__":
    warm_up()
    memory(sys.argv[3] if len(sys.argv) > 3 else None)
    first_keypad(int(sys.argv[1]), int(sys.argv[2]))
