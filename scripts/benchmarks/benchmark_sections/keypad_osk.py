"""keypad-osk against squeekboard in one headless sway: showing, memory, idle CPU and wakeups, taps."""
from .common import mb, met, ms, section_goals, stat, table

NEEDS = ("osk",)
KEYBOARDS = [("osk", "keypad-osk"), ("squeekboard", "squeekboard")]


def timing(o, key):
    """(median, max, count) of a keypad-osk section's samples, or of the statistics kept instead."""
    samples = o.samples(key)
    if samples:
        return stat(samples, "median"), stat(samples, "max"), len(samples)
    kept = o.get(f"{key}_stats") or {}
    return kept.get("median"), kept.get("max"), kept.get("n")


def ticks_text(ticks, seconds):
    runs = f" ({len(ticks)} runs)" if len(ticks) > 1 else ""
    return f"{', '.join(str(tick) for tick in ticks)} ticks in {seconds:g} s{runs}" if ticks else "not measured"


def hold_sentences(goal, taps):
    """What holding a key 80 ms cost each keyboard: more than the hold's gap means it acts on release."""
    (osk_0, osk_80), (squeekboard_0, squeekboard_80) = taps
    gap = goal.ahead_by
    if osk_80 is None or osk_0 is None:
        hold = "keypad-osk's taps gave no figures in this run."
    elif osk_80 - osk_0 < gap:
        hold_cost = osk_80 - osk_0
        hold = (f"keypad-osk's keys act on press: in this run a tap held 80 ms took {ms(osk_80, 1)}, "
                f"{ms(abs(hold_cost), 1)} {'more' if hold_cost >= 0 else 'less'} than an instant one.")
    else:
        hold = (f"**In this run a tap held 80 ms took {ms(osk_80, 1)}, {ms(osk_80 - osk_0, 1)} more than an instant "
                "one: the hold was added, as if the keys acted on release.**")
    if squeekboard_80 is None or squeekboard_0 is None:
        return hold, "squeekboard's taps gave no figures in this run."
    cost = squeekboard_80 - squeekboard_0
    return hold, (f"squeekboard's held tap took {ms(squeekboard_80, 1)}, {ms(abs(cost), 1)} "
                  f"{'more' if cost >= 0 else 'less'} than its instant one"
                  + (": its keys act on release." if cost >= gap else ": its keys act on press too."))


def fields(sections, goals):
    o, g = sections["osk"], section_goals(goals, "osk")
    taps, idle_seconds = o.settings.get("taps", 8), o.settings.get("idle_seconds", 5)

    def shown(name):
        samples = o.samples(f"{name}_shown")
        if not samples:
            return None, "never"
        median = stat(samples, "median")
        return samples, f"{ms(median, 1)} (first show {ms(samples[0], 1)}, slowest {ms(max(samples), 1)})"

    def tap(name, hold):
        median, _, count = timing(o, f"{name}_tap_{hold}")
        return median, ("not measured" if median is None else f"{ms(median, 1)} (median of {count})")
    shown_osk, _ = shown("osk")
    runs = len(shown_osk or o.samples("squeekboard_shown"))
    rss = {name: o.get(f"{name}_rss_kb") for name, _ in KEYBOARDS}
    ticks = {name: o.samples(f"{name}_idle_ticks") for name, _ in KEYBOARDS}
    wakeups = {name: o.samples(f"{name}_idle_wakeups") for name, _ in KEYBOARDS}
    settled = o.settings.get("settled_seconds")

    def wakeups_text(name):
        counts = wakeups[name]
        return f"{', '.join(str(count) for count in counts)} in {idle_seconds:g} s" if counts else "not measured"
    osk_0, osk_0_text = tap("osk", 0)
    osk_80, osk_80_text = tap("osk", 80)
    squeekboard_0, squeekboard_80 = tap("squeekboard", 0)[0], tap("squeekboard", 80)[0]
    rows = [
        [f"activate → first buffer committed on the keyboard's surface, median of {runs}"]
        + [shown(name)[1] for name, _ in KEYBOARDS],
        ["resident memory, pad shown"] + [f"{mb(rss[name])} MB" for name, _ in KEYBOARDS],
        ["idle CPU, pad shown (utime + stime, 10 ms ticks)"] + [ticks_text(ticks[name], idle_seconds)
                                                                for name, _ in KEYBOARDS],
        ["idle wakeups, pad shown (context switches of all its threads)"] + [wakeups_text(name)
                                                                             for name, _ in KEYBOARDS],
        ["tap: pointer press → the app's `changed`, instant", osk_0_text, tap("squeekboard", 0)[1]],
        ["tap: pointer press → the app's `changed`, held 80 ms", osk_80_text, tap("squeekboard", 80)[1]],
    ]
    not_judged = "not judged (squeekboard's tap not measured)"

    def over(held, instant):
        return "" if held is None or instant is None else f" ({held - instant:+.1f} ms over its instant tap)"
    idle_share = (f" (at most {max(ticks['osk']) * 10 / (idle_seconds * 1000) * 100:.1f} % of a core)"
                  if ticks["osk"] and max(ticks["osk"]) else "")
    idle_goal = g["idle"]
    goal_rows = [
        [g["instant_vs_squeekboard"].text(), f"{ms(osk_0, 1)} vs not measured"
         if squeekboard_0 is None else f"{ms(osk_0, 1)} vs {ms(squeekboard_0, 1)}",
         not_judged if squeekboard_0 is None else met(g["instant_vs_squeekboard"].met(osk_0, squeekboard_0))],
        [g["held_vs_squeekboard"].text(),
         f"{ms(osk_80, 1)}{over(osk_80, osk_0)} vs "
         + ("not measured" if squeekboard_80 is None
            else f"{ms(squeekboard_80, 1)}{over(squeekboard_80, squeekboard_0)}"),
         not_judged if squeekboard_80 is None else met(g["held_vs_squeekboard"].met(osk_80, squeekboard_80))],
        [g["rss_vs_squeekboard"].text(), f"{mb(rss['osk'])} MB vs {mb(rss['squeekboard'])} MB",
         met(g["rss_vs_squeekboard"].met(rss["osk"], rss["squeekboard"]))],
        [g["shown_ms"].text(), f"slowest {ms(max(shown_osk), 1)} of {len(shown_osk)}" if shown_osk else "never shown",
         met(bool(shown_osk) and g["shown_ms"].met(max(shown_osk)))],
        [idle_goal.text(), ticks_text(ticks["osk"], idle_seconds) + idle_share
         + (f", {', '.join(str(count) for count in wakeups['osk'])} wakeups" if wakeups["osk"] else ""),
         met(bool(ticks["osk"]) and idle_goal.met(max(ticks["osk"]))
             and idle_goal.met(max(wakeups["osk"], default=0)))],
    ]
    hold, squeekboard_hold = hold_sentences(g["held_vs_squeekboard"],
                                            ((osk_0, osk_80), (squeekboard_0, squeekboard_80)))
    idle_start = ("" if settled is None else
                  f", from {float(settled):g} s after the keyboard started (past the one-shot timers of start-up), "
                  "with the wakeups of all its threads")
    return {
        "measured": o.measured(
            "`make bench` (scripts/benchmarks/bench-osk)",
            "keypad-osk as its package builds it (release, Swift runtime linked in) and Debian's squeekboard "
            f"{o.settings.get('squeekboard', '(version not recorded)')}, one after the other in one headless sway "
            f"{o.settings.get('sway', '(version not recorded)')}"),
        "runs": runs, "idle_seconds": f"{idle_seconds:g}", "idle_start": idle_start, "taps": taps,
        "table": table(["", "keypad-osk", "squeekboard"], rows, ["---", "---:", "---:"]),
        "goals": table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"]),
        "hold": hold, "squeekboard_hold": squeekboard_hold,
    }
