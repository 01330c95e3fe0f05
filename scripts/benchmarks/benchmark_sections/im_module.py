"""GTK 3's `keypad` module: the thin C module with keypad-osk's keys (#31) against the in-process
Swift module it replaced, the in-app keypad, a GtkButton and matchbox-keyboard; and the memory a
GTK 3 app pays for it."""
from .common import MEDIAN, goal_row, mb, ms, section_goals, table, tap_rows, yes

NEEDS = ("im",)


def difference(value, reference):
    return None if value is None or reference is None else value - reference


def fields(sections, goals):
    im, g = sections["im"], section_goals(goals, "im")
    module0, module80 = im.get("module_0", MEDIAN), im.get("module_80", MEDIAN)
    swift0, swift80 = im.get("swift_0", MEDIAN), im.get("swift_80", MEDIAN)
    button80, matchbox80 = im.get("button_80", MEDIAN), im.get("matchbox_80", MEDIAN)
    with_rss, with_pss = im.get("with", 0), im.get("with", 1)
    without_rss, without_pss = im.get("without", 0), im.get("without", 1)
    added_rss = None if with_rss is None or without_rss is None else (with_rss - without_rss) / 1024
    added_pss = None if with_pss is None or without_pss is None else (with_pss - without_pss) / 1024

    def versus_swift(tap, module, swift):
        extra = difference(module, swift)
        shown = f"{ms(module)} vs {ms(swift)}" + ("" if extra is None else f" ({extra:+.2f} ms)")
        return goal_row(g["vs_swift"], shown, extra, tap=tap, judge=yes)
    goals_rows = [
        versus_swift("instant tap", module0, swift0),
        versus_swift("held 80 ms", module80, swift80),
        goal_row(g["added_rss_mb"], "?" if added_rss is None else f"{added_rss:+.2f} MB", added_rss, judge=yes),
        goal_row(g["added_pss_mb"], "?" if added_pss is None else f"{added_pss:+.2f} MB", added_pss, judge=yes),
    ] + [goal_row(g[name], f"{ms(module80)} vs {ms(other)}", module80, other, yes)
         for name, other in (("held_vs_button", button80), ("held_vs_matchbox", matchbox80))]
    memory_rows = [["with the thin module (its keypad shown by keypad-osk)", f"{mb(with_rss)} MB", f"{mb(with_pss)} MB"],
                   ["without it (GTK's simple input method)", f"{mb(without_rss)} MB", f"{mb(without_pss)} MB"],
                   ["added", "?" if added_rss is None else f"{added_rss:+.2f} MB",
                    "?" if added_pss is None else f"{added_pss:+.2f} MB"]]
    return {
        "measured": im.measured("`make bench` (scripts/benchmarks/bench-im)", "release build, Xvfb + openbox"),
        "taps": im.settings.get("taps", 200), "memory_runs": im.settings.get("memory_runs", 4),
        "swift_commit": im.settings.get("swift_commit", "?"),
        "tap_rows": tap_rows(im, [("module", "thin module + keypad-osk"),
                                  ("swift", "in-process Swift module (the reference)"),
                                  ("inapp", "in-app keypad"), ("button", "GtkButton (on release)"),
                                  ("matchbox", "matchbox-keyboard")]),
        "memory": table(["GTK 3 form", "RSS", "PSS"], memory_rows),
        "module_kb": im.get("module_kb"), "swift": "no" if im.get("swift_mapped") == 0 else "**yes**",
        "goals": table(["goal", "measured", "met"], goals_rows, ["---", "---:", ":---:"]),
    }
