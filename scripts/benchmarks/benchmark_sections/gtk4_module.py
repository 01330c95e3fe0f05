"""The GTK 4 module with keypad-osk against the GTK 3 module: the D-Bus hop, the first keypad, memory."""
from .common import MEDIAN, goal_row, mb, ms, prose, section_goals, table, tap_rows

NEEDS = ("gtk4",)


def gtk_buttons(g):
    """What GTK 4 itself costs against GTK 3, from each window's own GtkButtons, when measured."""
    gtk4, gtk3 = g.get("gtk4button_0", MEDIAN), g.get("gtk3button_0", MEDIAN)
    if gtk4 is None or gtk3 is None:
        return ""
    hop = g.get("gtk4_0", MEDIAN) - g.get("gtk3_0", MEDIAN) - (gtk4 - gtk3)
    return "\n" + prose("gtk4-module.gtk-buttons", gtk4=ms(gtk4), gtk3=ms(gtk3), difference=f"{gtk4 - gtk3:+.2f}",
                        hop=f"{hop:.2f}") + "\n"


def fields(sections, goals):
    g, goal = sections["gtk4"], section_goals(goals, "gtk4")
    gtk4_0, gtk3_0 = g.get("gtk4_0", MEDIAN), g.get("gtk3_0", MEDIAN)
    gtk4_80, gtk3_80 = g.get("gtk4_80", MEDIAN), g.get("gtk3_80", MEDIAN)
    with_rss, with_pss = g.get("with", 0), g.get("with", 1)
    without_rss, without_pss = g.get("without", 0), g.get("without", 1)
    added_rss, added_pss = (with_rss - without_rss) / 1024, (with_pss - without_pss) / 1024
    cold, warm = g.samples("cold"), g.samples("warm")  # median, p95 (ms), runs

    def hop_row(tap, gtk4, gtk3):
        return goal_row(goal["hop_ms"], f"{ms(gtk4)} vs {ms(gtk3)} ({gtk4 - gtk3:+.2f} ms)", gtk4 - gtk3, tap=tap)
    goal_rows = [
        hop_row("instant tap", gtk4_0, gtk3_0),
        hop_row("held 80 ms", gtk4_80, gtk3_80),
        goal_row(goal["added_rss_mb"], f"{added_rss:+.2f} MB", added_rss),
        goal_row(goal["added_pss_mb"], f"{added_pss:+.2f} MB", added_pss),
        [goal["first_keypad"].text(), f"{ms(cold[0], 1)} and {ms(warm[0], 1)}", goal["first_keypad"].verdict],
    ]
    first_rows = [["cold (D-Bus activation)", ms(cold[0], 1), ms(cold[1], 1), cold[2]],
                  ["warm", ms(warm[0], 1), ms(warm[1], 1), warm[2]]]
    memory_rows = [["with the module (its keypad shown by keypad-osk)", f"{mb(with_rss)} MB", f"{mb(with_pss)} MB"],
                   ["without it (GTK's simple input method)", f"{mb(without_rss)} MB", f"{mb(without_pss)} MB"],
                   ["added", f"{added_rss:+.2f} MB", f"{added_pss:+.2f} MB"]]
    return {
        "measured": g.measured("`make bench` (scripts/benchmarks/bench-gtk4)", "release build, Xvfb + openbox"),
        "taps": g.settings.get("taps", 200), "memory_runs": g.settings.get("memory_runs", 4),
        "tap_rows": tap_rows(g, [("gtk4", "GTK 4 module + keypad-osk"),
                                 ("gtk3", "GTK 3 Swift module (its keypad in the app)")]),
        "gtk_buttons": gtk_buttons(g),
        "first_keypad": table(["first keypad", "median", "p95", "runs"], first_rows),
        "memory": table(["GTK 4 form", "RSS", "PSS"], memory_rows),
        "module_kb": g.get("module_kb"), "swift": "no" if g.get("swift_mapped") == 0 else "**yes**",
        "goals": table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"]),
    }
