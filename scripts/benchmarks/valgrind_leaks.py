#!/usr/bin/python3
"""Reads a valgrind memcheck log (--leak-check=full) and says what leaked and who allocated it.

    scripts/benchmarks/valgrind_leaks.py LOG
prints `lost_bytes N`, `lost_blocks N` (definitely + indirectly lost) and
`keypad_records N`: the loss records whose allocation was made by Keypad's own code
(the first frame above the allocator is a Keypad or demo function). Blocks that
libraries allocate for their own caches (fontconfig patterns behind Pango's font
cache, say) are counted in the totals but not as Keypad's; whether those grow with
the work done is what comparing two runs of different lengths tells.
"""
import re
import sys

ALLOCATORS = ("malloc", "calloc", "realloc", "memalign", "posix_memalign", "aligned_alloc",
              "operator new", "swift_slowAlloc", "swift_allocObject", "g_malloc", "g_malloc0",
              "g_realloc", "g_try_malloc", "g_slice_alloc", "g_slice_alloc0", "strdup", "g_strdup",
              "g_strndup", "g_memdup")
OURS = re.compile(r"Keypad|keypad_demo|keypad-demo")

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
lines = [line.split("== ", 1)[1] if "== " in line else "" for line in log.splitlines()]

lost_bytes = lost_blocks = ours = 0
for match in re.finditer(r"definitely lost: ([\d,]+) bytes in ([\d,]+) blocks", log):
    lost_bytes += int(match.group(1).replace(",", ""))
    lost_blocks += int(match.group(2).replace(",", ""))
for match in re.finditer(r"indirectly lost: ([\d,]+) bytes in ([\d,]+) blocks", log):
    lost_bytes += int(match.group(1).replace(",", ""))
    lost_blocks += int(match.group(2).replace(",", ""))

record = []
for line in lines + [""]:
    if line.strip():
        record.append(line)
        continue
    if record and re.search(r"are (definitely|indirectly) lost", record[0]):
        frames = [re.sub(r"^\s*(at|by) 0x[0-9A-Fa-f]+: ", "", f) for f in record[1:] if re.match(r"\s*(at|by) 0x", f)]
        caller = next((f for f in frames if not f.startswith(ALLOCATORS)), "")
        if OURS.search(caller):
            ours += 1
            print(f"keypad_record {record[0].strip()} | {caller.strip()}", file=sys.stderr)
    record = []

print(f"lost_bytes {lost_bytes}")
print(f"lost_blocks {lost_blocks}")
print(f"keypad_records {ours}")
