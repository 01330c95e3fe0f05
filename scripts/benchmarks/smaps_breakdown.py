#!/usr/bin/python3
"""What a process's resident memory is made of, from /proc/PID/smaps.

    scripts/benchmarks/smaps_breakdown.py NAME PID
prints `mem_NAME_GROUP KILOBYTES` lines (Rss, summed per group) and `mem_NAME_total`.
Groups: the Swift runtime and standard library, Foundation and ICU, GTK and its stack
(GLib, GDK, cairo, Pango, HarfBuzz, fontconfig, X libraries and the rest of the shared
libraries), fonts and caches (mapped font files, fontconfig and icon caches), the
keypad (the app's own executable and its resource files), the heap (malloc's
arenas: [heap] and anonymous mappings), stacks and the rest. Mesa's software GL
(swrast with LLVM, and the system's libxml2 and ICU that libLLVM needs; Swift's Foundation
carries its own ICU in lib_FoundationICU.so), which GDK loads under Xvfb when it probes GLX,
is a group of its own: the first GTK process on a fresh X server probes it and caches the
result in the root window's GDK_VISUALS property, so later processes do not load it.
Also prints `mem_NAME_icu`: lib_FoundationICU.so alone (ICU's code and data), inside
foundation_icu.
"""
import re
import sys

GROUPS = [
    ("mesa_gl", re.compile(r"/dri/|/libLLVM|/libGL|/libEGL|/libgallium|/libglapi|/libz3\.|/libdrm|/libelf|/libsensors|/libedit|/libicu[^/]*\.so|/libxml2")),
    ("swift", re.compile(r"/libswift[^/]*\.so|/libdispatch\.so|/libBlocksRuntime\.so")),
    ("foundation_icu", re.compile(r"/libFoundation[^/]*\.so|/lib_FoundationICU\.so")),
    ("fonts", re.compile(r"\.(ttf|ttc|otf|pcf|pcf\.gz)$|/fontconfig/|\.cache-\d+$|icon-theme\.cache|/gdk-pixbuf|/mime/")),
    ("gtk_stack", re.compile(r"\.so(\.[\d.]+)?$")),
    ("stack", re.compile(r"^\[stack")),
    ("heap", re.compile(r"^\[heap\]$|^$")),
]


def breakdown(pid, executable_hint=None):
    """{group: kB} for `pid`; the process's own executable counts as `keypad` (or
    `app` for a Python interpreter)."""
    totals = {"icu": 0}
    name = None
    executable = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")[0].decode()
    for line in open(f"/proc/{pid}/smaps"):
        head = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            name = line.split(None, 5)[5].strip() if len(head) > 5 else ""
        elif head and head[0] == "Rss:":
            group = classify(name, executable)
            totals[group] = totals.get(group, 0) + int(head[1])
            if name.endswith("/lib_FoundationICU.so"):
                totals["icu"] += int(head[1])
    return totals


def classify(name, executable):
    if name.endswith(executable.rsplit("/", 1)[-1]) and "/" in name and ".so" not in name:
        return "app"
    if "/python3" in name or "/libpython" in name:
        return "app"
    if ".resources/" in name or "_KeypadResources" in name:
        return "app"
    for group, pattern in GROUPS:
        if pattern.search(name):
            return group
    return "other"


if __name__ == "__main__":
    label, pid = sys.argv[1], int(sys.argv[2])
    totals = breakdown(pid)
    icu = totals.pop("icu")
    for group in ["app", "swift", "foundation_icu", "gtk_stack", "mesa_gl", "fonts", "heap", "stack", "other"]:
        print(f"mem_{label}_{group} {totals.get(group, 0)}")
    print(f"mem_{label}_icu {icu}")
    print(f"mem_{label}_total {sum(totals.values())}")
