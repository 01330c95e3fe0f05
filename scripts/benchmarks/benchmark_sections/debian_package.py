"""The GTK 3 module's Debian package: memory a host app pays, what of the module is resident,
the first keypad in a fresh app, the package's size, and its goals."""
from .common import goal_row, mb, ms, section_goals, stat, table

NEEDS = ("deb",)

GROUPS = [
    ("package_code", "the package's code (r-x)"),
    ("package_rodata", "the package's read-only data (r--)"),
    ("package_data", "the package's writable data and relocations (rw-)"),
    ("anonymous", "anonymous memory (malloc's heap: Swift objects, GTK widgets of the keypad)"),
    ("rest", "everything else (GTK, fonts, …)"),
]
RESIDENT = [
    ("code_swift", "code: Swift runtime and standard library"),
    ("code_foundation", "code: Foundation (Essentials, Internationalization, CoreFoundation)"),
    ("code_icu", "code: ICU"),
    ("code_dispatch", "code: libdispatch"),
    ("code_keypad", "code: Keypad (KeypadCore, KeypadGTK, KeypadIM)"),
    ("code_other", "code: the rest (C runtime, PLT)"),
    ("icu_data", "ICU's data table (icudt, 34 MB in the file)"),
    ("rodata", "other read-only data (Swift's Unicode tables, strings)"),
    ("swift_metadata", "Swift metadata sections (swift5_*: conformances, types, reflection)"),
    ("linker_tables", "the dynamic linker's tables (.rela.dyn, .dynsym, …)"),
    ("unwind_tables", "unwind tables (.eh_frame)"),
    ("relocated_data", "data the relocations write (.data.rel.ro, .got)"),
    ("data", ".data"),
    ("bss", ".bss"),
    ("other", "other"),
]


def timing(d, key, what, variant):
    """A statistic of the first-keypad samples, or the statistic itself where only it was kept."""
    samples = d.samples(key, variant)
    if samples:
        return stat(samples, what)
    return (d.get(f"{key}_stats", group=variant) or {}).get(what)


def delta_mb(without, with_module):
    return f"{(with_module - without) / 1024:+.1f}"


def fields(sections, goals):
    d, g = sections["deb"], section_goals(goals, "deb")
    cold_runs, warm_runs = d.settings.get("cold_runs", 7), d.settings.get("warm_runs", 10)
    memory_rows, group_rows, timing_rows, size_rows = [], [], [], []
    for v in ["static", "private"]:
        for which in ("first", "second"):
            for index, label in enumerate(["RSS", "PSS", "private (USS)"]):
                without = d.get(f"mem_without_{which}", index, v)
                with_module = d.get(f"mem_with_{which}", index, v)
                memory_rows.append([v, f"{which} app", label, f"{mb(without)} MB", f"{mb(with_module)} MB",
                                    f"{delta_mb(without, with_module)} MB"])
        for group, label in GROUPS:
            without = d.get(f"group_without_{group}", group=v) or 0
            with_module = d.get(f"group_with_{group}", group=v) or 0
            group_rows.append([v, label, f"{mb(without)} MB", f"{mb(with_module)} MB",
                               f"{delta_mb(without, with_module)} MB"])
        loaded = d.samples("loaded_before_focus", v)
        loaded_text = ", ".join(f"{loaded.count(answer)}× {answer}" for answer in sorted(set(loaded)))
        timing_rows.append([v] + [ms(timing(d, key, what, v), 1) for key, what in (
            ("cold", "median"), ("cold", "max"), ("warm", "median"), ("warm", "p95"), ("warm", "max"))] + [loaded_text])
        size_rows.append([v, f"{d.get('size_deb', group=v) / 1024 / 1024:.1f} MB",
                          f"{d.get('size_installed', group=v) / 1024:.1f} MB"])

    def resident(name):
        return d.get(f"resident_{name}", group="static") or 0
    first = (d.get("mem_with_first", 0, "static") - d.get("mem_without_first", 0, "static")) / 1024
    further = (d.get("mem_with_second", 2, "static") - d.get("mem_without_second", 2, "static")) / 1024
    cold_median, cold_max = timing(d, "cold", "median", "static"), timing(d, "cold", "max", "static")
    warm_p95 = timing(d, "warm", "p95", "static")
    goal_rows = [
        goal_row(g["first_app_mb"], f"{first:.1f} MB", first),
        goal_row(g["further_app_mb"], f"{further:.1f} MB", further),
        goal_row(g["cold_ms"], ms(cold_median, 1), cold_median, runs=cold_runs, slowest=ms(cold_max, 1)),
        goal_row(g["warm_p95_ms"], ms(warm_p95, 1), warm_p95),
    ]
    return {
        "measured": d.measured("`make bench` (scripts/benchmarks/bench-deb)", "Xvfb + openbox"),
        "memory": table(["build", "app", "measure", "without the module", "with the module", "added"], memory_rows,
                        ["---", "---", "---", "---:", "---:", "---:"]),
        "groups": table(["build", "mappings", "without", "with", "added"], group_rows,
                        ["---", "---", "---:", "---:", "---:"]),
        "resident": table(["part of im-keypad.so", "resident"],
                          [[label, f"{mb(resident(name))} MB"] for name, label in RESIDENT]),
        "swift_and_foundation_code": mb(resident("code_swift") + resident("code_foundation")),
        "keypad_code": mb(resident("code_keypad")),
        "linker_tables": mb(resident("linker_tables") + resident("relocated_data")),
        "icu": mb(resident("code_icu") + resident("icu_data")),
        "cold_runs": cold_runs, "warm_runs": warm_runs,
        "timing": table(["build", "cold median", "cold max", "warm median", "warm p95", "warm max",
                         "module loaded before the focus-in"], timing_rows,
                        ["---", "---:", "---:", "---:", "---:", "---:", "---"]),
        "sizes": table(["build", ".deb (xz)", "installed"], size_rows),
        "goals": table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"]),
    }
