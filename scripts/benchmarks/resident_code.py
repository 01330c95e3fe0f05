#!/usr/bin/python3
"""Which parts of a statically linked module a process has resident.

    scripts/benchmarks/resident_code.py PID INSTALLED_MODULE UNSTRIPPED_MODULE
prints `resident_GROUP KILOBYTES` for the module's resident pages (from /proc/PID/pagemap,
so it needs root). A page of `.text` counts for the library whose function covers most of
it (the Swift runtime and standard library, Foundation, ICU, libdispatch, Keypad's own
code); any other page for its section: Swift's metadata sections (swift5_*, which the
runtime scans), ICU's data table (icudtNN_dat), the dynamic linker's tables (.dynsym, .rela.dyn, …), unwind tables, data
that relocations write (.data.rel.ro, .got), .rodata (mostly ICU's data), .data and .bss.
Symbols and sections come from the unstripped build of the same module (stripping moves
no loaded section).
"""
import bisect
import re
import struct
import subprocess
import sys

PAGE = 4096
CODE = [
    ("code_keypad", re.compile(r"Keypad|^keypad_|^im_module_")),
    ("code_icu", re.compile(r"icu_\d+|^u[a-z]*_[a-zA-Z]+_\d+$|^_ZN6icu")),
    ("code_foundation", re.compile(r"Foundation|^_?_?CF|^_ZN.*CF")),
    ("code_dispatch", re.compile(r"dispatch|^Block_|^_os_object")),
    ("code_swift", re.compile(r"^\$s|^swift_|^_swift|swift")),
]
SECTIONS = [
    ("swift_metadata", re.compile(r"^swift5_|^\.swift_modhash$")),
    ("linker_tables", re.compile(r"^\.(dynsym|dynstr|gnu\.hash|gnu\.version.*|rela\..*|relr\..*|note.*|dynamic)$")),
    ("unwind_tables", re.compile(r"^\.(eh_frame.*|gcc_except_table)$")),
    ("relocated_data", re.compile(r"^\.(data\.rel\.ro|got.*|init_array|fini_array|tm_clone_table)$")),
    ("rodata", re.compile(r"^\.rodata|^\.cfstr")),
    ("data", re.compile(r"^\.data$|^\.tdata")),
    ("bss", re.compile(r"^\.bss$|^\.tbss")),
]
GROUPS = [g for g, _ in CODE] + ["code_other"] + ["icu_data"] + [g for g, _ in SECTIONS] + ["other"]


def symbols(unstripped):
    out = subprocess.run(["nm", "--defined-only", "-n", unstripped], capture_output=True, text=True,
                         check=True).stdout
    starts, names = [], []
    for line in out.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            starts.append(int(parts[0], 16))
            names.append(parts[2])
    return starts, names


def sections(unstripped):
    """[(start, end, name)] of the loaded sections."""
    out = subprocess.run(["readelf", "-SW", unstripped], capture_output=True, text=True, check=True).stdout
    result = []
    for line in out.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*A\S*)", line)
        if match and int(match.group(2), 16) > 0:
            start = int(match.group(2), 16)
            result.append((start, start + int(match.group(3), 16), match.group(1)))
    return sorted(result)


def icu_data(unstripped):
    """(start, end) of ICU's data table (icudtNN_dat, some 34 MB), or (0, 0)."""
    out = subprocess.run(["nm", "--defined-only", "-S", unstripped], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and re.match(r"^icudt\d+_dat$", parts[3]):
            return int(parts[0], 16), int(parts[0], 16) + int(parts[1], 16)
    return 0, 0


def classify(address, starts, names, loaded, icu=(0, 0)):
    if icu[0] <= address < icu[1]:
        return "icu_data"
    section = next((name for start, end, name in loaded if start <= address < end), None)
    if section == ".text":
        index = bisect.bisect_right(starts, address) - 1
        name = names[index] if index >= 0 else ""
        return next((group for group, pattern in CODE if pattern.search(name)), "code_other")
    if section is None:
        return "other"
    return next((group for group, pattern in SECTIONS if pattern.search(section)), "other")


def main():
    pid, module, unstripped = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    starts, names = symbols(unstripped)
    loaded = sections(unstripped)
    icu = icu_data(unstripped)
    with open(f"/proc/{pid}/maps") as maps:
        mappings = [line.split() for line in maps]
    mappings = [m for m in mappings if len(m) >= 6 and m[5].endswith(module)]
    # The module's address 0: its first mapping starts at file offset 0.
    base = min(int(m[0].split("-")[0], 16) for m in mappings if int(m[2], 16) == 0)
    totals = {}
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for parts in mappings:
            low, high = (int(x, 16) for x in parts[0].split("-"))
            for page in range(low, high, PAGE):
                pagemap.seek(page // PAGE * 8)
                if not struct.unpack("<Q", pagemap.read(8))[0] >> 63 & 1:  # not present
                    continue
                group = classify(page - base + PAGE // 2, starts, names, loaded, icu)
                totals[group] = totals.get(group, 0) + PAGE // 1024
    for group in GROUPS:
        print(f"resident_{group} {totals.get(group, 0)}")


if __name__ == "__main__":
    main()
