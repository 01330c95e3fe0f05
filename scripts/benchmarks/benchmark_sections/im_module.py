"""The GTK 3 input-method module against the in-app keypad, a GtkButton and matchbox-keyboard."""
from .common import MEDIAN, goal_row, ms, ratio, section_goals, table, tap_rows, yes

NEEDS = ("im",)


def fields(sections, goals):
    im, g = sections["im"], section_goals(goals, "im")
    module0, module80 = im.get("module_0", MEDIAN), im.get("module_80", MEDIAN)
    inapp0, inapp80 = im.get("inapp_0", MEDIAN), im.get("inapp_80", MEDIAN)
    button80, matchbox80 = im.get("button_80", MEDIAN), im.get("matchbox_80", MEDIAN)
    goals_rows = [
        goal_row(g[name], f"{ms(module)} vs {ms(other)}" + (f" ({ratio(module, other)}×)" if with_ratio else ""),
                 module, other, yes)
        for name, module, other, with_ratio in (
            ("instant_vs_in_app", module0, inapp0, True), ("held_vs_in_app", module80, inapp80, True),
            ("held_vs_button", module80, button80, False), ("held_vs_matchbox", module80, matchbox80, False))
    ]
    faster = [label for a, b, label in ((module0, inapp0, "instant"), (module80, inapp80, "held"))
              if a < b]
    noise = (f" In this run the module comes out faster than the in-app keypad ({' and '.join(faster)}): "
             "that is noise, not a gain; both run the same Swift code on the same press." if faster else "")
    return {
        "measured": im.measured("`make bench` (scripts/benchmarks/bench-im)", "release build, Xvfb + openbox"),
        "taps": im.settings.get("taps", 200),
        "tap_rows": tap_rows(im, [("module", "keypad IM module"), ("inapp", "in-app keypad"),
                                  ("button", "GtkButton (on release)"), ("matchbox", "matchbox-keyboard")]),
        "goals": table(["goal", "measured", "met"], goals_rows, ["---", "---:", ":---:"]),
        "noise": noise,
    }
