"""What every part of BENCHMARKS.md shares: the formatting of figures, a results file read
as a Section, its goals (Benchmarks/goals.json) as Goals, and the statistics and tap tables
more than one section uses."""

import os

# The fields of a tap run (scripts/benchmarks/bench_taps.py): median and p95 (ms), taps
# counted, the app's CPU per tap (ms), the app's own share (median ms), the keyboard's CPU.
MEDIAN, P95, COUNT, CPU, IN_APP, KEYBOARD_CPU = range(6)


def fixed(value, places):
    return "?" if value is None else f"{value:.{places}f}"


def ms(value, places=3):
    return f"{fixed(value, places)} ms"


def mb(kb):
    return "?" if kb is None else f"{kb / 1024:.1f}"


def grouped(value):
    """12345 as 12 345 (for figures in prose)."""
    return f"{value:,}".replace(",", " ")


def ratio(a, b, places=2):
    return "n/a" if a is None or not b else f"{a / b:.{places}f}"


def met(condition):
    return "met" if condition else "**not met**"


def yes(condition):
    return "yes" if condition else "**no**"


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def machine_text(machine):
    def known(key, show):
        value = machine.get(key)
        return show(value) if value is not None else None
    parts = [
        known("nproc", lambda v: f"{v} cores"),
        known("cpu", lambda v: v),
        known("memory_gib", lambda v: f"{v} GiB"),
        known("kernel", lambda v: f"Linux {v}"),
        known("debian", lambda v: f"Debian {v}"),
        known("swift", lambda v: f"Swift {v}"),
    ]
    names = ["cores", "CPU", "memory", "kernel", "Debian release", "Swift version"]
    missing = [name for name, part in zip(names, parts) if part is None]
    text = ", ".join(part for part in parts if part is not None)
    if not text:
        return "not recorded"
    if missing:
        text += f" ({', '.join(missing)} not recorded)"
    return text


class Section:
    """One results file, with the newest date of all of them."""

    def __init__(self, data, latest):
        self.data = data
        self.latest = latest
        self.values = data.get("values", {})
        self.settings = data.get("settings", {})
        self.notes = data.get("row_notes", {})

    def get(self, key, index=None, group=None):
        values = self.values.get(group, {}) if group else self.values
        value = values.get(key)
        if index is not None and value is not None:
            value = value[index] if isinstance(value, list) else (value if index == 0 else None)
        return value

    def samples(self, key, group=None):
        value = self.get(key, group=group)
        if value is None:
            return []
        return value if isinstance(value, list) else [value]

    def measured(self, how, setup=""):
        """The sentence that says when, by what and on what the section was measured."""
        data = self.data
        text = f"Measured on {data['date']} by {how}{', ' + setup if setup else ''}; machine: "
        text += machine_text(data.get("machine", {})) + "."
        if self.settings.get("load_before"):
            text += (f" Load average (1, 5, 15 min) when it started: {self.settings['load_before']}; "
                     f"when it ended: {self.settings.get('load_after', '?')}.")
        if data["date"] < self.latest:
            text += f" **Not re-measured in the latest run ({self.latest}).**"
        if data.get("carried_over"):
            text += " " + data["carried_over"]
        return text

    def note(self, key):
        """A row's own note, or '': not re-measured in this run (its own date), or measured
        another way than the rest of its section."""
        parts = []
        date = self.data.get("row_dates", {}).get(key)
        if date and date != self.data["date"]:
            parts.append(f"**not re-measured in this run**: measured on {date}")
        if self.notes.get(key):
            parts.append(self.notes[key])
        return f" ({'; '.join(parts)})" if parts else ""


class Goal:
    """One goal of Benchmarks/goals.json: its wording, filled with its own threshold, and
    whether a measured value (against a reference, where the goal compares two) meets it.

    A goal holds one threshold: at_most (value <= it), below (value < it), within_percent
    (value <= reference plus that share of it; or_within_ms widens that to an absolute
    margin), ahead_by (reference - value >= it: faster by that much). A goal with a verdict
    instead ("retired", "reported") is shown and never judged."""

    def __init__(self, entry):
        self.entry = entry

    def __getattr__(self, name):
        try:
            return self.entry[name]
        except KeyError:
            raise AttributeError(name) from None

    def text(self, **fields):
        return self.entry["goal"].format(**self.entry, **fields)

    def met(self, value, reference=None):
        entry = self.entry
        if value is None or (reference is None and ("within_percent" in entry or "ahead_by" in entry)):
            return False
        if "at_most" in entry:
            return value <= entry["at_most"]
        if "below" in entry:
            return value < entry["below"]
        if "within_percent" in entry:
            return (value <= reference * (1 + entry["within_percent"] / 100)
                    or ("or_within_ms" in entry and value <= reference + entry["or_within_ms"]))
        if "ahead_by" in entry:
            return reference - value >= entry["ahead_by"]
        raise ValueError(f"goal {entry['goal']!r} has no threshold")


def goal_row(goal, measured, value, reference=None, judge=met, **fields):
    """A goals table's row: the goal's wording, what was measured, and whether it is met."""
    return [goal.text(**fields), measured, judge(goal.met(value, reference))]


def section_goals(goals, section):
    """The Goals of one results section, by name."""
    return {name: Goal(entry) for name, entry in goals.get(section, {}).items()}


def stat(values, what):
    """median (upper middle), p95 (rank ceil(0.95 n)), max, as make bench has always taken them."""
    ordered = sorted(values)
    if not ordered:
        return None
    if what == "median":
        return ordered[(len(ordered) + 1) // 2 - 1]
    if what == "p95":
        return ordered[min(len(ordered), int(len(ordered) * 0.95 + 0.999)) - 1]
    return ordered[-1]


def tap_rows(section, runs):
    """The instant and held-80-ms taps of each run, as the IM, GTK 4 and web sections show them."""
    rows = []
    for run, label in runs:
        rows.append([label + section.note(run), ms(section.get(f"{run}_0", MEDIAN)), ms(section.get(f"{run}_0", P95)),
                     ms(section.get(f"{run}_80", MEDIAN)), ms(section.get(f"{run}_80", P95)),
                     f"{section.get(f'{run}_0', COUNT)} / {section.get(f'{run}_80', COUNT)}"])
    return table(["keyboard", "instant median", "instant p95", "held 80 ms median", "held 80 ms p95", "taps counted"],
                 rows)


PROSE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs", "benchmarks-prose")


def prose(name, **fields):
    """docs/benchmarks-prose/<name>.md without its last newline, its {fields} filled."""
    with open(os.path.join(PROSE, f"{name}.md"), encoding="utf-8") as file:
        text = file.read()
    text = text[:-1] if text.endswith("\n") else text
    return text.format(**fields) if fields else text
