"""Keypad's Qt plug-in + keypad-osk against Qt Virtual Keyboard, Qt 5 and Qt 6: taps, first keypad, memory."""
from .common import MEDIAN, goal_row, mb, ms, section_goals, table, tap_rows

NEEDS = ("qt",)
VERSIONS = ("5", "6")


# The forms whose memory is measured: the widget form with each keyboard, the QML form with the
# plug-in (results before the QML form was measured have no qml_ values: its rows are left out).
FORMS = (("", "widgets"), ("qml_", "QML"))


def added(q, version, kind, index, form=""):
    """MB the app pays for a keyboard (index 0 RSS, 1 PSS) against Qt's default input context."""
    with_it, without = q.get(f"qt{version}_mem_{form}{kind}", index), q.get(f"qt{version}_mem_{form}none", index)
    return None if with_it is None or without is None else (with_it - without) / 1024


def measured_forms(q, version):
    return [(form, label) for form, label in FORMS if q.get(f"qt{version}_mem_{form}keypad", 0) is not None]


def version_goal_rows(q, goal, version):
    rows = []
    for hold, tap in ((0, "instant tap"), (80, "held 80 ms")):
        keypad, qtvk = q.get(f"qt{version}_keypad_{hold}", MEDIAN), q.get(f"qt{version}_qtvk_{hold}", MEDIAN)
        rows.append(goal_row(goal["tap_vs_qtvk"], f"{ms(keypad)} vs {ms(qtvk)}", keypad, qtvk, version=version,
                             tap=tap))
    for index, name in ((0, "rss_vs_qtvk"), (1, "pss_vs_qtvk")):
        keypad, qtvk = added(q, version, "keypad", index), added(q, version, "qtvk", index)
        rows.append(goal_row(goal[name], f"{keypad:+.2f} MB vs {qtvk:+.2f} MB", keypad, qtvk, version=version))
    for form, label in measured_forms(q, version):
        for index, name in ((0, "plugin_rss_mb"), (1, "plugin_pss_mb")):
            keypad = added(q, version, "keypad", index, form)
            rows.append(goal_row(goal[name], f"{keypad:+.2f} MB", keypad, version=version, form=label))
    keypad, qtvk = q.samples(f"qt{version}_keypad_first"), q.samples(f"qt{version}_qtvk_first")
    keypad_again, qtvk_again = q.samples(f"qt{version}_keypad_again"), q.samples(f"qt{version}_qtvk_again")
    rows.append([goal["first_keypad"].text(version=version),
                 f"{ms(keypad[0], 1)} vs {ms(qtvk[0], 1)}; again {ms(keypad_again[0], 1)} vs {ms(qtvk_again[0], 1)}",
                 goal["first_keypad"].verdict])
    return rows


def first_rows(q, version):
    rows = []
    for kind, label in (("keypad", "Keypad (keypad-osk's `Visible`)"), ("qtvk", "Qt Virtual Keyboard (its first frame)")):
        for when in ("first", "again"):
            median, p95, runs = q.samples(f"qt{version}_{kind}_{when}")
            rows.append([f"Qt {version}, {label}, {'first in the app' if when == 'first' else 'shown again'}",
                         ms(median, 1), ms(p95, 1), runs])
    return rows


def memory_rows(q, version):
    rows = []
    for form, form_label in measured_forms(q, version):
        for kind, label in (("none", "neither (Qt's default input context)"), ("keypad", "Keypad's plug-in"),
                            ("qtvk", "Qt Virtual Keyboard")):
            rss, pss = q.get(f"qt{version}_mem_{form}{kind}", 0), q.get(f"qt{version}_mem_{form}{kind}", 1)
            if rss is None:
                continue
            paid = "" if kind == "none" else \
                f"{added(q, version, kind, 0, form):+.2f} MB / {added(q, version, kind, 1, form):+.2f} MB"
            rows.append([f"Qt {version} {form_label}, {label}", f"{mb(rss)} MB", f"{mb(pss)} MB", paid])
    return rows


def fields(sections, goals):
    q, goal = sections["qt"], section_goals(goals, "qt")
    osk = [(version, q.get(f"qt{version}_osk", 0), q.get(f"qt{version}_osk", 1)) for version in VERSIONS]
    return {
        "measured": q.measured("`make bench` (scripts/benchmarks/bench-qt)", "release build, Xvfb + openbox"),
        "taps": q.settings.get("taps", 200), "memory_runs": q.settings.get("memory_runs", 4),
        "first_apps": q.settings.get("first_apps", 5), "again_per_app": q.settings.get("again_per_app", 4),
        "tap_rows": tap_rows(q, [(f"qt{version}_{kind}", f"Qt {version}, {label}") for version in VERSIONS
                                 for kind, label in (("keypad", "Keypad's plug-in + keypad-osk"),
                                                     ("qtvk", "Qt Virtual Keyboard"))]),
        "first_keypad": table(["first keypad (tap on the field → shown)", "median", "p95", "runs"],
                              [row for version in VERSIONS for row in first_rows(q, version)]),
        "memory": table(["app (keyboard shown)", "RSS", "PSS", "the app pays (RSS / PSS)"],
                        [row for version in VERSIONS for row in memory_rows(q, version)]),
        "osk": ", ".join(f"{mb(rss)} MB RSS and {mb(pss)} MB PSS in the Qt {version} run" for version, rss, pss in osk),
        "goals": table(["goal", "measured (Keypad vs Qt Virtual Keyboard)", "met"],
                       [row for version in VERSIONS for row in version_goal_rows(q, goal, version)],
                       ["---", "---:", ":---:"]),
    }
