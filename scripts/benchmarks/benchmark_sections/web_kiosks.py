"""The GTK 3 module in Firefox ESR's and Chromium's kiosks against matchbox-keyboard."""
from .common import MEDIAN, goal_row, ms, section_goals, table, tap_rows, yes

NEEDS = ("web",)


def chromium_sentence(w):
    if w.get("chromium_0") is None:
        return "Chromium gave no rows in this run (bench_web.py printed why)."
    carried = w.data.get("row_dates", {}).get("chromium", w.data["date"]) != w.data["date"]
    version = "version not recorded" if carried else w.settings.get("chromium", "version not recorded")
    return (
        ("This run's Chromium measurement gave no rows; the row is the earlier one. " if carried else "")
        + "\"in Chromium\": the same page in `chromium --kiosk` "
        + ("" if carried else "with its default features ")
        + f"({version}), the default layout's numbers page (Chromium gives no "
        "input purpose); half of its taps are Delete, which reaches Chromium as a BackSpace sent back through "
        "the X server (XTest), and each commit crosses to the renderer.")


def fields(sections, goals):
    w, g = sections["web"], section_goals(goals, "web")
    module0, module80 = w.get("module_0", MEDIAN), w.get("module_80", MEDIAN)
    matchbox0, matchbox80 = w.get("matchbox_0", MEDIAN), w.get("matchbox_80", MEDIAN)
    goal_rows = [goal_row(g[name], f"{ms(module)} vs {ms(matchbox)}", module, matchbox, yes)
                 for name, module, matchbox in (("instant_vs_matchbox", module0, matchbox0),
                                                ("held_vs_matchbox", module80, matchbox80))]
    runs = [("module", "thin keypad module + keypad-osk in Firefox"), ("matchbox", "matchbox-keyboard")]
    if w.get("chromium_0") is not None:
        runs.append(("chromium", "thin keypad module + keypad-osk in Chromium"))
    return {
        "measured": w.measured("`make bench` (scripts/benchmarks/bench-web)",
                               "release build of the module, Xvfb + openbox"),
        "firefox": w.settings.get("firefox", "(version not recorded)"), "taps": w.settings.get("taps", 100),
        "tap_rows": tap_rows(w, runs),
        "goals": table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"]),
        "chromium": chromium_sentence(w),
    }
