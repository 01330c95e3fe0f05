"""keypad-osk's soak: 20 000 focus changes with the keypad showing, memory flat (#31)."""
from .common import goal_row, section_goals, table

NEEDS = ("soak_osk",)


def fields(sections, goals):
    s, g = sections["soak_osk"], section_goals(goals, "soak_osk")
    rows, goal_rows = [], []
    for gtk, module in (("3", "thin GTK 3 module"), ("4", "GTK 4 module")):
        for process, name in (("app", f"GTK {gtk} form ({module})"), ("osk", f"keypad-osk (GTK {gtk} form)")):
            before, after = s.samples(f"gtk{gtk}_{process}") or [None, None]
            growth = None if before is None else after - before
            rows.append([name, f"{before} kB", f"{after} kB", "?" if growth is None else f"{growth:+d} kB"])
            goal_rows.append(goal_row(g["flat_kb"], "?" if growth is None else f"{growth:+d} kB", growth, who=name))
    return {
        "measured": s.measured("`make soak` (scripts/benchmarks/soak-osk)", "release build, Xvfb + openbox"),
        "table": table(["process", "after 11 000 changes", "after 20 000", "growth"], rows),
        "goals": table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"]),
    }
