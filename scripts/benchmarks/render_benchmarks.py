#!/usr/bin/python3
"""Writes BENCHMARKS.md whole from the measurements in Benchmarks/results/*.json.

    render_benchmarks.py            write BENCHMARKS.md
    render_benchmarks.py --check    fail (exit 1, with a diff) if BENCHMARKS.md is not what
                                    the results render to: a hand edit, or results committed
                                    without rendering

Every sentence that states a figure or a verdict is computed here from the numbers, so no
prose can contradict a table. Each section says when and on what machine it was measured;
a section older than the newest one says it was not re-measured in the latest run, and a row
taken differently from the rest of its section carries its own note. Each bench script writes
its section's file through scripts/benchmarks/bench_results.py, then runs this.
"""
import difflib
import glob
import json
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# BENCH_RESULTS_DIR and BENCHMARKS_MD: other paths (a dry run), as bench_results.py takes them.
RESULTS = os.environ.get("BENCH_RESULTS_DIR") or os.path.join(ROOT, "Benchmarks", "results")
OUTPUT = os.environ.get("BENCHMARKS_MD") or os.path.join(ROOT, "BENCHMARKS.md")
CPU_PER_TAP_DOC = "docs/benchmarks-cpu-per-tap.md"

# The fields of a tap run (scripts/benchmarks/bench_taps.py): median and p95 (ms), taps
# counted, the app's CPU per tap (ms), the app's own share (median ms), the keyboard's CPU.
MEDIAN, P95, COUNT, CPU, IN_APP, KEYBOARD_CPU = range(6)


def load_results():
    results = {}
    for path in sorted(glob.glob(os.path.join(RESULTS, "*.json"))):
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        results[data["section"]] = data
    return results


# Formatting ----------------------------------------------------------------------------------

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
    missing = [name for name, part in zip(["cores", "CPU", "memory", "kernel", "Debian release", "Swift version"], parts)
               if part is None]
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


# Sections ----------------------------------------------------------------------------------

def header(sections):
    lines = [
        "# Benchmarks",
        "",
        "Written by `scripts/benchmarks/render_benchmarks.py` from the measurements in",
        "`Benchmarks/results/*.json`; do not edit it by hand (`make lint` checks it is what they",
        "render to). `make bench` measures and rewrites the GTK, model, IM module, GTK 4 module,",
        "Debian package, web and keypad-osk sections, `make soak` the Soak section; each section",
        "says when and on what machine it was measured, and one older than the newest",
        f"({sections_latest(sections)}) says it was not re-measured in the latest run. How the",
        "measurements are made: docs/benchmarks.md.",
        "",
        "Timings on a loaded machine are noisy; instruction counts (callgrind) are not.",
    ]
    return "\n".join(lines)


def sections_latest(sections):
    return max(section.data["date"] for section in sections.values())


def model_figures(model):
    """Instructions and ordo-one p50s of the headless model."""
    def p50(metric, prefix):
        best = None
        for bench_table in model.data.get("benchmark_tables", []):
            if metric.lower() not in bench_table["metric"].lower():
                continue
            column = bench_table["columns"].index("p50")
            for row in bench_table["rows"]:
                if not row[0].startswith(prefix):
                    continue
                value = float(row[column])
                value *= 1e6 if "(M)" in row[0] else 1e3 if "(K)" in row[0] else 1
                best = value if best is None else min(best, value)
        return None if best is None else round(best)
    sizes = [(f, c) for f, c in model.settings.get("sizes", [])]
    counts = [model.get(f"instructions_{f}_{c}") for f, c in sizes]
    figures = {
        "sizes": sizes,
        "tap": model.get("instructions_10_10"),
        "post": model.get("instructions_post"),
        "rate": p50("throughput", "ModelTaps:tap,"),
        "rate_10": p50("throughput", "ModelTaps:tap, 10 fields, 10 characters"),
        "tap_ns": p50("time", "ModelTaps:tap, 10 fields, 10 characters"),
        "post_rate": p50("throughput", "ModelTaps:post textDidChange alone"),
        "post_ns": p50("time", "ModelTaps:post textDidChange alone"),
        "flat": max(counts) / min(counts) if counts and all(counts) else None,
    }
    figures["own"] = figures["tap"] - figures["post"] if figures["tap"] and figures["post"] else None
    figures["own_ns"] = figures["tap_ns"] - figures["post_ns"] if figures["tap_ns"] and figures["post_ns"] else None
    return figures


def memory_totals(gtk, label):
    total = gtk.get(f"mem_{label}_total")
    return total, total - gtk.get(f"mem_{label}_mesa_gl") if total is not None else None


def goals(gtk, model):
    taps = gtk.settings.get("cpu_taps", 1000)
    touch, mb_touch = gtk.get("keypad_touch", MEDIAN), gtk.get("matchbox_touch", MEDIAN)
    held, mb_held = gtk.get("keypad_held", MEDIAN), gtk.get("matchbox_held", MEDIAN)
    cpu_keypad, cpu_baseline = gtk.get("keypad_touch", CPU), gtk.get("baseline_touch", CPU)
    x_keypad, x_baseline = gtk.get("x_instructions_keypad"), gtk.get("x_instructions_baseline")
    m = model_figures(model)
    _, demo = memory_totals(gtk, "demo")
    python_total, python = memory_totals(gtk, "python")
    _, anchor = memory_totals(gtk, "anchor")
    added = gtk.get("rss_with_kb") - gtk.get("rss_without_kb")
    show_p95 = gtk.get("show_p95")
    idle = gtk.get("idle_noblink_cpu_percent")
    rows = [
        [f"whole-app instructions per tap ≤ the plain GTK 3 app's (callgrind, XTest touch taps)", x_keypad,
         f"baseline {x_baseline} ({ratio(x_keypad, x_baseline)}×)", met(x_keypad <= x_baseline)],
        ["tap → `changed` median ≤ matchbox-keyboard's, instant touch", ms(touch),
         f"matchbox {ms(mb_touch)} ({ratio(touch, mb_touch)}×)", met(touch <= mb_touch)],
        ["tap → `changed` median ≤ matchbox-keyboard's, held 80 ms", ms(held),
         f"matchbox {ms(mb_held)} ({ratio(held, mb_held)}×)", met(held <= mb_held)],
        ["headless model taps/s (slowest size, p50; the 10⁶ goal was retired by #17: no user feels it)",
         f"{m['rate']} taps/s; {m['tap']} instructions per tap (callgrind), the keypad's own {m['own']}",
         f"Foundation's post of `textDidChange` alone, which every tap makes: {m['post']} instructions, "
         f"{m['post_ns']} ns, a ceiling of {m['post_rate']} taps/s", "retired"],
        ["model cost flat from 10 to 10⁴ fields and 10 to 10⁶ characters (instructions, most / least)",
         f"{fixed(m['flat'], 2)}×", "", met(m["flat"] is not None and m["flat"] < 1.5)],
        ["demo RSS ≤ the plain Python GTK 3 app's, both without Mesa's GL (see Memory)", f"{mb(demo)} MB",
         f"Python {mb(python)} MB ({mb(python_total)} MB with GL); the smallest Swift GTK app with Foundation "
         f"{mb(anchor)} MB", met(demo <= python)],
        ["a tap held 80 ms < 5 ms", ms(held), f"baseline {ms(gtk.get('baseline_held', MEDIAN))}", met(held < 5)],
        ["keypad shown within one frame of focus (16.7 ms), p95", ms(show_p95, 4), "", met(show_p95 < 16.7)],
        ["CPU while idle with the keypad shown (caret blink off) < 0.005 %", f"{fixed(idle, 3)} %", "", met(idle < 0.005)],
        ["RSS the keypad adds < 2 MB", f"{added} kB", "", met(added < 2048)],
    ]
    text = table(["goal", "measured", "same-run comparison", ""], rows, ["---", "---:", "---:", ":---:"])
    text += (
        "\n\nReported, not a goal: whole-app CPU per tap (/proc, XTest touch taps, "
        f"{taps} each, drawing and AT-SPI on), keypad {ms(cpu_keypad, 4)} against the plain GTK 3 app's "
        f"{ms(cpu_baseline, 4)} ({ratio(cpu_keypad, cpu_baseline)}×); see CPU per tap below.")
    return "## Goals\n\n" + text


def tap_latency(gtk):
    taps = gtk.settings.get("cpu_taps", 1000)

    def row(run, label):
        k, b = f"keypad_{run}", f"baseline_{run}"
        return [label + gtk.note(k), ms(gtk.get(k, MEDIAN)), ms(gtk.get(k, P95)), ms(gtk.get(b, MEDIAN)),
                ms(gtk.get(b, P95)), ratio(gtk.get(k, MEDIAN), gtk.get(b, MEDIAN)),
                ms(gtk.get(k, IN_APP)), ms(gtk.get(b, IN_APP))]
    touch, held = gtk.get("keypad_touch", MEDIAN), gtk.get("keypad_held", MEDIAN)
    latency = table(
        ["press", "keypad median", "keypad p95", "baseline median", "baseline p95", "keypad / baseline",
         "keypad in app", "baseline in app"],
        [row("touch", f"touch, instant ({taps} taps)"), row("mouse", "mouse, instant click"),
         row("held", "touch held 80 ms, like a finger"), row("touch_nowm", "touch, no window manager"),
         row("xdotool", "xdotool click (its start-up included)")])
    matchbox = table(
        ["matchbox-keyboard", "median", "p95", "taps", "keypad / matchbox"],
        [["touch, instant", ms(gtk.get("matchbox_touch", MEDIAN)), ms(gtk.get("matchbox_touch", P95)),
          gtk.get("matchbox_touch", COUNT), ratio(touch, gtk.get("matchbox_touch", MEDIAN))],
         ["touch held 80 ms", ms(gtk.get("matchbox_held", MEDIAN)), ms(gtk.get("matchbox_held", P95)),
          gtk.get("matchbox_held", COUNT), ratio(held, gtk.get("matchbox_held", MEDIAN))]])
    hold_cost = held - touch
    dispatch = {name: (gtk.get(f"{name}_median"), gtk.get(f"{name}_p95"), gtk.get(f"{name}_count"))
                for name in ("dispatch-keypad", "dispatch-baseline", "dispatch-baseline-press")}
    in_process = table(
        ["", "median", "p95", "taps"],
        [[label, ms(dispatch[name][0], 4), ms(dispatch[name][1], 4), dispatch[name][2]] for name, label in (
            ("dispatch-keypad", "keypad: press → `changed`"),
            ("dispatch-baseline", "baseline: release → `changed`"),
            ("dispatch-baseline-press", "baseline acting in its own press handler: press → `changed`"))])
    keypad_press, button_press = dispatch["dispatch-keypad"][0], dispatch["dispatch-baseline-press"][0]
    return f"""## Tap latency (press on a key → the entry's `changed`)

{gtk.measured("`make bench` (scripts/benchmarks/bench)", "release build, Xvfb 1024×768 with openbox, AT-SPI bus on")}

The app prints the CLOCK_MONOTONIC time of each `changed`; the driver takes the same
clock when it presses. Taps alternate a digit and delete. The baseline is a native GTK 3
window (the same 540×720 size, the same bundled theme, GTK's animations off in both) with
a GtkEntry and plain GtkButtons whose `clicked` handler inserts the same text through
`gtk_editable_insert_text`, measured the same way in the same run. matchbox-keyboard
(its numeric layout, numpad-small) types into the baseline's focused entry through XTest,
as it does for any app. "In app" is GTK's dispatch of the last button event before
`changed` to `changed`: the app's own share of the latency.

XTest: the driver sends the XTest requests itself (libXtst through ctypes) and takes the
time just before the press is flushed to the X server. A touch moves the pointer and
presses at once; a mouse rests on the key 30 ms first.

{latency}

{matchbox}

Keys act on press: in this run a tap held 80 ms took {ms(held)}, {ms(abs(hold_cost))} \
{"more" if hold_cost >= 0 else "less"} than an instant one. The baseline and matchbox-keyboard
insert on release and wait for the finger to lift.

### In-process share

Synthetic button events handed straight to `gtk_main_do_event` (no X server, no
driver), 20 ms apart so frames run between taps:

{in_process}

A press costs GTK more than a release before any handler runs: GtkWindow's capture-phase
gesture asks the widget under every press for its `window-dragging` style property, and a
GtkButton's style changes at every tap (`:hover`, `:active`), which empties GTK's
style-property cache, so the property was computed from the CSS again at each press (about
55 000 instructions, 0.1 ms, counted by hand in #11). Keys take the pointer through one
input-only event box above them (KeyTouchSurface) whose style never changes, so the lookup
stays cached and GtkButton's own press, hover and release handling go too. In this run the
keypad's press → `changed` took {ms(keypad_press, 4)}, {ratio(keypad_press, button_press)}× what a plain
GtkButton inserting from its own press handler costs (the third row)."""


def cpu_per_tap(gtk):
    taps = gtk.settings.get("cpu_taps", 1000)
    cpu_keypad, cpu_baseline = gtk.get("keypad_touch", CPU), gtk.get("baseline_touch", CPU)
    x_keypad, x_baseline = gtk.get("x_instructions_keypad"), gtk.get("x_instructions_baseline")
    x_taps = gtk.settings.get("x_taps", "250 taps less 50")
    rows = [
        ["keypad rig, whole app per tap", ms(cpu_keypad, 4)],
        ["baseline (native GTK 3), whole app per tap", ms(cpu_baseline, 4)],
        ["keypad / baseline", ratio(cpu_keypad, cpu_baseline)],
        ["matchbox-keyboard's own process per tap (the baseline app's entry does the typing)",
         ms(gtk.get("matchbox_touch", KEYBOARD_CPU), 4)],
        ["keypad path alone: GtkButton `clicked` → model → GtkEntry, 100 000 taps, no X and no drawing",
         ms(gtk.get("handler_cpu_ms"), 4)],
        [f"keypad rig, whole app: instructions per tap inside `gtk_main` (callgrind; {x_taps})", x_keypad],
        [f"baseline, whole app: instructions per tap inside `gtk_main` (callgrind; {x_taps})", x_baseline],
    ]
    fewer = x_keypad < x_baseline
    agree = (cpu_keypad <= cpu_baseline) == fewer
    verdict = (
        f"In this run the keypad rig took {ratio(cpu_keypad, cpu_baseline)}× the baseline's CPU per tap and "
        f"{ratio(x_keypad, x_baseline)}× its instructions inside `gtk_main`; "
        + ("the two agree." if agree else
           "the two disagree. Where the CPU difference goes (measured in #24: not another thread, nor "
           "user-space work; the main thread's GLib loop busy-polls the readable X connection, in part after "
           "KeypadGTK's MonitorWatch made six X round trips on root-window property changes, since fixed): "
           f"[{CPU_PER_TAP_DOC}]({CPU_PER_TAP_DOC})."))
    where = (
        "The baseline spends more in GTK's button handling and cairo: its buttons redraw at every hover, press\n"
        "and release with the theme's gradients, where the keypad's flat keys redraw once pressed and once\n"
        "released and GtkButton's own press, hover and release handling never runs (the keys take the\n"
        "pointer through KeyTouchSurface)." if fewer else
        "The keypad's taps cost more instructions than the baseline's in this run.")
    return f"""## CPU per tap

Whole process, from /proc/PID/stat (10 ms ticks) over the {taps} touch taps above:
drawing, the X connection and the AT-SPI bridge included. It is a reported figure, not a goal
([{CPU_PER_TAP_DOC}]({CPU_PER_TAP_DOC}) says why and where it goes).

{table(["measure", "value"], rows)}

{verdict}

CPU time from /proc counts in 10 ms ticks and moves with the machine's load; callgrind's
instruction counts (scripts/benchmarks/instructions_per_x_tap: the same XTest taps, the app under
valgrind, everything inside `gtk_main` counted, start-up cancelled by taking a short run
from a long one) do not, and they include drawing, the X connection and the AT-SPI bridge.
Where a keypad tap's instructions go (callgrind, by hand): GtkEntry's own insert or delete
(two Pango relayouts of the text a tap) is most of the keypad's path; the model's share is
the headless model's figure below. {where}"""


def showing_and_idle(gtk):
    idle_seconds = gtk.settings.get("idle_seconds", 30)
    show = table(["median", "p95", "runs"],
                 [[ms(gtk.get("show_median"), 4), ms(gtk.get("show_p95"), 4), gtk.get("show_count")]],
                 ["---:", "---:", "---:"])
    idle = table(["measure", "value"], [
        [f"CPU while idle with the keypad shown, over {idle_seconds} s, GTK's blinking caret on "
         "(it stops after 10 s)", f"{fixed(gtk.get('idle_cpu_percent'), 3)} %"],
        ["the same with the caret's blink off (gtk-cursor-blink): what the keypad itself runs",
         f"{fixed(gtk.get('idle_noblink_cpu_percent'), 3)} %"]])
    return f"""## Showing the keypad (focus-in → first drawn frame of the keypad)

{show}

## Idle

{idle}"""


MEMORY_GROUPS = [
    ("app", "the app itself (executable, resources; the Python interpreter)"),
    ("swift", "Swift runtime and standard library"),
    ("foundation_icu", "Foundation and ICU"),
    ("icu", "… of which ICU (lib_FoundationICU.so: code and data)"),
    ("gtk_stack", "GTK, GLib, Pango, cairo, X and other shared libraries"),
    ("mesa_gl", "Mesa's software GL (swrast, LLVM) when GDK loads it"),
    ("fonts", "font files and caches"),
    ("heap", "heap and anonymous memory"),
    ("stack", "stacks"),
    ("other", "other"),
    ("total", "**total**"),
]
MEMORY_APPS = [("demo", "keypad-demo"), ("keypad", "keypad rig"), ("baseline", "Swift GTK baseline"),
               ("anchor", "Swift anchor"), ("python", "Python GTK 3 app")]


def memory(gtk):
    def mem(label, group):
        return gtk.get(f"mem_{label}_{group}")
    rows = []
    for group, label in MEMORY_GROUPS:
        rows.append([label, mb(mem("demo", group)), mb(mem("keypad", group)), mb(mem("baseline", group)),
                     mb(mem("anchor", group)), mb(mem("demo", group) - mem("anchor", group)),
                     mb(mem("python", group))])
    _, demo = memory_totals(gtk, "demo")
    _, python = memory_totals(gtk, "python")
    _, anchor = memory_totals(gtk, "anchor")
    with_gl = [title for label, title in MEMORY_APPS if (mem(label, "mesa_gl") or 0) > 0]
    mesa = ("In this run it is in the " + ", ".join(with_gl) + "'s column." if with_gl
            else "In this run no measured process mapped it.")
    if demo <= python:
        floor = (f"**The demo is within the Python app's RSS** ({mb(demo)} MB against {mb(python)} MB, "
                 "both without Mesa).")
    else:
        floor = (f"**Why the demo is not ≤ the Python app ({mb(demo)} MB against {mb(python)} MB): "
                 f"Foundation's floor is {'above' if anchor > python else 'close to'} it.**")
    without, with_keypad, cycles = gtk.get("rss_without_kb"), gtk.get("rss_with_kb"), gtk.get("rss_cycles_kb")
    once = table(["measure", "value"], [
        ["RSS of a kiosk window, its field focused, no keypad", f"{without} kB"],
        ["RSS of the same process with the keypad made and shown", f"{with_keypad} kB"],
        ["RSS the keypad adds", f"{with_keypad - without} kB"],
        ["RSS after 20 more rounds of hiding and showing it", f"{cycles} kB ({cycles - with_keypad} kB more)"]])
    return f"""## Memory

RSS from /proc/PID/smaps, grouped by mapping (scripts/benchmarks/smaps_breakdown.py), in MB: the demo
two seconds after it starts (no field focused); the keypad rig and the Swift baseline after
their touch taps; the Swift anchor (keypad-gtk-anchor: the smallest Swift GTK 3 app with
Foundation: `Locale.current`'s decimal separator, an entry and a button, no keypad, no
KeypadGTK) and the plain Python GTK 3 app (scripts/benchmarks/plain_gtk_app.py: the same theme, an
entry and a button) two seconds after they show.

{table(["group"] + [title for _, title in MEMORY_APPS[:4]] + ["demo − anchor", MEMORY_APPS[4][1]], rows)}

Mesa's software GL (libLLVM, swrast and the libxml2 and system ICU libLLVM needs, about
50 MB) is mapped by the first GTK process on a fresh X server only: GDK probes GLX to pick
its visuals and caches the answer in the root window's `GDK_VISUALS` property, which later
processes read instead. {mesa} The goal compares totals without Mesa.

{floor} The Swift anchor,
with no keypad at all, takes {mb(anchor)} MB against Python's {mb(python)} MB. It carries the Swift
runtime ({mb(mem("anchor", "swift"))} MB) and Foundation and ICU ({mb(mem("anchor", "foundation_icu"))} MB, \
{mb(mem("anchor", "icu"))} MB of it ICU), where Python
carries its interpreter and PyGObject ({mb(mem("python", "app"))} MB, and a heap \
{mb(mem("python", "heap") - mem("anchor", "heap"))} MB larger); GTK's
stack is {mb(mem("anchor", "gtk_stack"))} MB in one and {mb(mem("python", "gtk_stack"))} MB in the other. \
Foundation's share, measured once with one-call Swift programs
(#11): loading libFoundation, FoundationEssentials, FoundationInternationalization and
lib_FoundationICU maps about 8 MB before any call (a program that only prints its pid:
7.9 MB of them resident, 16.9 MB in all); the first `Locale` adds 1.4 MB of ICU's locale
data, whatever its identifier (`Locale.current` or `Locale(identifier:)`); its first
`decimalSeparator` adds 1.6 MB (ICU builds a number formatter for it: symbols, patterns,
numbering system); a second locale's separator adds under 0.1 MB. A Swift GTK app that
shows a decimal pad pays all three, keypad or not.

**What the demo adds over the floor** (the "demo − anchor" column, {mb(demo - anchor)} MB without Mesa): the keypad's
code and ArgumentParser's in the executable and in the Swift libraries' pages they touch;
the Foundation code paths Keypad uses (Bundle and its .strings, FileManager and URL for the
layouts and themes, NotificationCenter); the bold captions' font (DejaVuSans-Bold); and the
model's heap (layouts, fields, keypads). Keypad views are made when their keypad first
shows, not when a field is bound, so the form's four keypads cost no widgets, and the decimal
pad no number formatter, until they appear; default keypads are made in the app's locale
(`ResponderScope.defaultKeypadLocale`), so none is relabelled before it shows; and layouts
name their keys in English without making a second `Locale`. Measured when the changes
were made (#11), the demo two seconds after start went from 51.3 to 48.0 MB: 1.9 MB of ICU,
0.2 MB of the rest of Foundation, 1.1 MB of heap. The next table is what one keypad costs
once shown.

{once}"""


def benchmark_markdown(bench_tables):
    parts = []
    for bench_table in bench_tables:
        columns = bench_table["columns"]
        parts.append(f"### {bench_table['metric']}\n\n" + table(
            columns, [[row[0]] + [grouped(v) if isinstance(v, int) else v for v in row[1:]]
                      for row in bench_table["rows"]],
            [":---"] + ["---:"] * (len(columns) - 1)))
    return "\n\n".join(parts)


def headless_model(model):
    m = model_figures(model)
    tap_rows = [
        ["a model tap", m["tap"], f"{m['tap_ns']} ns", f"{m['rate_10']} taps/s"],
        ["Foundation's post of `textDidChange` alone", m["post"], f"{m['post_ns']} ns",
         f"{m['post_rate']} posts/s: the most taps/s possible"],
        ["the keypad's own share (tap − post)", m["own"], f"{m['own_ns']} ns", ""],
    ]
    size_rows = [[f, c, model.get(f"instructions_{f}_{c}")] for f, c in m["sizes"]]
    own = m["own"]
    return f"""## Headless model (binder → field → delegate → notifications)

{model.measured("`make bench` (scripts/benchmarks/bench)", "release build")}

Taps alternate a digit and delete on one editing field among FIELDS; a delegate, an
`editingChanged` action and a `textDidChange` observer are attached
(KeypadBenchSupport's ModelTapFixture). Instructions per tap: callgrind on keypad-bench with
2 000 taps minus the same run with none (scripts/benchmarks/instructions_per_tap).

Every tap posts `textDidChangeNotification` through Foundation's `NotificationCenter`, as
UIKit's API promises. The anchor row makes that post alone, 2 000 times, in the same set-up
(same center, name, object and observer: `keypad-bench --post-alone` and the benchmark
"post textDidChange alone"); what remains of a tap is the keypad's own share.

{table(["10 fields, 10 characters", "instructions (callgrind)", "time, p50 (ordo-one)", "rate, p50"], tap_rows)}

{table(["fields", "characters", "instructions per tap"], size_rows, ["---:", "---:", "---:"])}

In this run a model tap is {grouped(m["tap"])} instructions: Foundation's post {grouped(m["post"])}, the keypad's own
share {grouped(own)}. Where the keypad's share went when it was last broken down by hand (#11, 10 fields,
the tap's run less the post-alone run; the share was about 4 000 then, {grouped(own)} in this run):
reference counting about 1 400 (each weak reference read on a tap — the bound input, the
delegate twice, the scope, the keypad — retains an object that has a side table, whose release
takes the slow path), the text edit about 900 (UTF-16 ranges to UTF-8 offsets, `String`'s
append or replaceSubrange), finding the key about 450, the observers, actions and delegate
calls the rest. #11's model commits took a tap from 32 800 to 19 400 instructions, then
to about 13 700: a press no longer builds a `KeypadKey`, offsets convert by stepping over
UTF-8 from the cursor, no closure on the path is checked for its actor at run time. #17 gave
back two of #11's cuts for safety: the 17 `@exclusivity(unchecked)` annotations (Swift's
run-time check traps a delegate that re-enters a field during an edit, where unchecked it was
undefined behaviour) and the FNV-hashed key table (a `Dictionary` again); a tap went from
13 761 to 15 416 instructions (10 fields, 10 characters), about 0.3 µs. No figure a user
sees moves by that: the whole-app instructions per tap above are two orders of magnitude
larger. The post itself is Foundation's: bridging the field to `AnyObject` (about 3 000),
the observer dictionaries keyed by the name's `String`, the `Notification` and its message
box. Its ceiling above is what 10⁶ taps/s is measured against: no keypad code can make a tap
cheaper than the post UIKit's API promises.

Time, throughput and allocations per tap from ordo-one/benchmark (`swift package benchmark`
in Benchmarks/; 1 000 taps an iteration, figures scaled to one tap):

{benchmark_markdown(model.data.get("benchmark_tables", []))}"""


def soak(s):
    v = s.get
    short, long = s.settings.get("valgrind_short", "50,500"), s.settings.get("valgrind_long", "200,2000")
    growth = v("long_bytes") - v("short_bytes")
    limit = s.settings.get("growth_limit_bytes", 65536)
    steps = s.samples("progress")
    steps = [steps] if steps and not isinstance(steps[0], list) else steps
    progress = "  ".join(f"{switches}→{rss} kB" for switches, rss in steps)
    property_ok = v("property_ok") == 1
    rows = [
        [f"keypad-demo: {v('switches')} focus switches, {v('taps')} key presses (in-process, through GTK focus and "
         f"the keys' `clicked`), {v('seconds')} s",
         f"RSS {v('rss_start_kb')} kB after warm-up → {v('rss_end_kb')} kB at the end ({v('growth_kb')} kB)"],
        ["RSS along the way (switches→RSS)", progress],
        [f"valgrind memcheck, {short} and {long} switches,presses",
         f"definitely + indirectly lost: {v('short_bytes')} → {v('long_bytes')} bytes ({growth} bytes more for "
         f"4× the work); loss records allocated by Keypad's own code: {v('keypad_records')}"],
        [f"property test, {s.settings.get('sequences', '?')} random sessions (release)",
         f"{'all invariants held' if property_ok else '**failed**'} in {v('property_seconds')} s"],
    ]
    records = v("keypad_records")
    verdict = (
        ("No lost block was allocated by Keypad's code" if records == 0 else
         f"**{records} lost blocks were allocated by Keypad's code**")
        + " (what valgrind reports is allocated inside libraries such as fontconfig and Pango, reached "
        f"through them), and four times the work lost {growth} bytes more than the short run "
        f"({'within' if growth <= limit else '**over**'} make soak's limit of {limit // 1024} kB).")
    return f"""## Soak

{s.measured("`make soak` (scripts/benchmarks/soak)", "logs in `artifacts/soak/` (not committed)")}

{table(["run", "result"], rows, ["---", "---"])}

{verdict}"""


def tap_rows(section, runs):
    rows = []
    for run, label in runs:
        rows.append([label + section.note(run), ms(section.get(f"{run}_0", MEDIAN)), ms(section.get(f"{run}_0", P95)),
                     ms(section.get(f"{run}_80", MEDIAN)), ms(section.get(f"{run}_80", P95)),
                     f"{section.get(f'{run}_0', COUNT)} / {section.get(f'{run}_80', COUNT)}"])
    return table(["keyboard", "instant median", "instant p95", "held 80 ms median", "held 80 ms p95", "taps counted"],
                 rows)


def beats(a, b):
    """Faster by the hold time: the gap is at least 90 % of the 80 ms hold."""
    return a is not None and b is not None and b - a >= 72


def im_module(im):
    taps = im.settings.get("taps", 200)
    module0, module80 = im.get("module_0", MEDIAN), im.get("module_80", MEDIAN)
    inapp0, inapp80 = im.get("inapp_0", MEDIAN), im.get("inapp_80", MEDIAN)
    button80, matchbox80 = im.get("button_80", MEDIAN), im.get("matchbox_80", MEDIAN)
    goals_rows = [
        ["module within 10 % of the in-app keypad, instant tap (median)",
         f"{ms(module0)} vs {ms(inapp0)} ({ratio(module0, inapp0)}×)", yes(module0 <= inapp0 * 1.10)],
        ["module within 10 % of the in-app keypad, held 80 ms (median)",
         f"{ms(module80)} vs {ms(inapp80)} ({ratio(module80, inapp80)}×)", yes(module80 <= inapp80 * 1.10)],
        ["module faster than the GtkButton (inserts on release) by the hold time (gap ≥ 72 ms), held 80 ms",
         f"{ms(module80)} vs {ms(button80)}", yes(beats(module80, button80))],
        ["module faster than matchbox-keyboard (inserts on release) by the hold time (gap ≥ 72 ms), held 80 ms",
         f"{ms(module80)} vs {ms(matchbox80)}", yes(beats(module80, matchbox80))],
    ]
    faster = [label for a, b, label in ((module0, inapp0, "instant"), (module80, inapp80, "held"))
              if a < b]
    noise = (f" In this run the module comes out faster than the in-app keypad ({' and '.join(faster)}): "
             "that is noise, not a gain; both run the same Swift code on the same press." if faster else "")
    return f"""## Input-method module

{im.measured("`make bench` (scripts/benchmarks/bench-im)", "release build, Xvfb + openbox")}

{taps} XTest taps per run alternating "5" and delete, timed from the press to the
entry's `changed` (CLOCK_MONOTONIC on both sides). "Module": `GTK_IM_MODULE=keypad` in a
Python GTK 3 window (scripts/benchmarks/im_bench_app.py) with a DIGITS entry, tapping the keypad's own keys
(they live in the app's process). "In-app keypad": keypad-gtk-bench, the Swift app with the keypad
linked in. "GtkButton": the same Python window's own buttons inserting on `clicked`.
"matchbox-keyboard": Debian's on-screen keyboard with a two-key layout, typing into the same entry.

{tap_rows(im, [("module", "keypad IM module"), ("inapp", "in-app keypad"), ("button", "GtkButton (on release)"),
               ("matchbox", "matchbox-keyboard")])}

{table(["goal", "measured", "met"], goals_rows, ["---", "---:", ":---:"])}

The module acts on press like the in-app keypad, so holding the key costs nothing; the
GtkButton and matchbox-keyboard insert on release, so the finger's hold adds to each tap.
Instant-tap medians move by about a millisecond from run to run on a shared 2-core machine.{noise}"""


DEB_GROUPS = [
    ("package_code", "the package's code (r-x)"),
    ("package_rodata", "the package's read-only data (r--)"),
    ("package_data", "the package's writable data and relocations (rw-)"),
    ("anonymous", "anonymous memory (malloc's heap: Swift objects, GTK widgets of the keypad)"),
    ("rest", "everything else (GTK, fonts, …)"),
]
DEB_RESIDENT = [
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


def timing(d, key, what, variant):
    """A statistic of the first-keypad samples, or the statistic itself where only it was kept."""
    samples = d.samples(key, variant)
    if samples:
        return stat(samples, what)
    return (d.get(f"{key}_stats", group=variant) or {}).get(what)


def delta_mb(without, with_module):
    return f"{(with_module - without) / 1024:+.1f}"


def deb(d):
    cold_runs, warm_runs = d.settings.get("cold_runs", 7), d.settings.get("warm_runs", 10)
    variants = ["static", "private"]
    memory_rows, group_rows, timing_rows, size_rows = [], [], [], []
    for v in variants:
        for which in ("first", "second"):
            for index, label in enumerate(["RSS", "PSS", "private (USS)"]):
                without = d.get(f"mem_without_{which}", index, v)
                with_module = d.get(f"mem_with_{which}", index, v)
                memory_rows.append([v, f"{which} app", label, f"{mb(without)} MB", f"{mb(with_module)} MB",
                                    f"{delta_mb(without, with_module)} MB"])
        for group, label in DEB_GROUPS:
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
    resident_rows = [[label, f"{mb(resident(name))} MB"] for name, label in DEB_RESIDENT]
    first = (d.get("mem_with_first", 0, "static") - d.get("mem_without_first", 0, "static")) / 1024
    further = (d.get("mem_with_second", 2, "static") - d.get("mem_without_second", 2, "static")) / 1024
    cold_median, cold_max = timing(d, "cold", "median", "static"), timing(d, "cold", "max", "static")
    warm_p95 = timing(d, "warm", "p95", "static")
    goal_rows = [
        ["first app: at most 12 MB added RSS", f"{first:.1f} MB", met(first <= 12)],
        ["each further app: at most 4 MB added (its private memory)", f"{further:.1f} MB", met(further <= 4)],
        [f"first keypad, cold: at most 50 ms until drawn (median of {cold_runs}; max {ms(cold_max, 1)})",
         ms(cold_median, 1), met(cold_median <= 50)],
        ["first keypad, warm: within one frame, 16.7 ms at 60 Hz (p95)", ms(warm_p95, 1), met(warm_p95 <= 16.7)],
    ]
    return f"""## Debian package

{d.measured("`make bench` (scripts/benchmarks/bench-deb)", "Xvfb + openbox")}

`make deb`'s package installed with dpkg, as a kiosk gets it (release build, stripped).
Two builds of it: **static** (what `make deb` ships: the Swift runtime, Foundation and its ICU linked
into im-keypad.so with `-static-stdlib`) and **private** (`KEYPAD_DEB_RUNTIME=private`: the same
libraries as shared objects in /usr/lib/<triplet>/keypad-im-gtk3, found through `$ORIGIN`).

### Memory a host app pays

Debian's `zenity --entry` (its entry has focus at start, so the keypad shows), without
`GTK_IM_MODULE` and with `GTK_IM_MODULE=keypad`, read from /proc/PID/smaps_rollup once it has
settled (2 s after its window, and the keypad, showed); then a second zenity beside it.
A throwaway GTK process first pays the Mesa GLX probe that the first GTK process on a fresh X server
makes. The first app pays the module's RSS; a further app shares its file-backed pages (code,
read-only data) with the first, so what it adds is its private memory (USS).

{table(["build", "app", "measure", "without the module", "with the module", "added"], memory_rows,
       ["---", "---", "---", "---:", "---:", "---:"])}

Where the first app's added memory goes (RSS by mapping; the private build's Swift libraries count
as the package's):

{table(["build", "mappings", "without", "with", "added"], group_rows, ["---", "---", "---:", "---:", "---:"])}

What of im-keypad.so (static build) the first app has resident, page by page from
/proc/PID/pagemap, each page of code counted for the library whose function covers it
(scripts/benchmarks/resident_code.py, with the symbols of the unstripped build):

{table(["part of im-keypad.so", "resident"], resident_rows)}

How the module is linked for this (scripts/packaging/build-deb; each step measured by hand on 2026-11-24,
the first app's added RSS with the package's module loaded through a private GTK module cache,
median of three zenity runs): linked by gold as before, 14.9 MB; lazy binding instead of `-z now`,
14.9 MB (no change: the module's calls out of itself are few, so `-z now` stays for Debian's
hardening); lld alone, 15.1 MB; lld with packed relative relocations (`-z pack-relative-relocs`,
DT_RELR: 73 000 relative relocations in 14 kB instead of a 1.7 MB `.rela.dyn` that the dynamic linker
reads), 13.3 MB (ld.bfd 2.40 with the same flag, 13.2 MB); with identical-code folding
(`--icf=all`) as well, 13.7 MB (no gain, dropped); `MADV_RANDOM` on the module's code from a
constructor, 12.9 MB (the kernel's fault-around ignores it; dropped); lld with packed relocations and
the functions zenity runs until its keypad shows laid out first in `.text`
(`--symbol-ordering-file`, scripts/packaging/deb-hot-symbols.txt: 2 300 functions, from callgrind), 9.1 MB:
a page of code that holds one function the app runs is mapped whole, with the pages the kernel maps
around it, so the scattered functions kept 8.1 MB of the module's code resident, and 4.3 MB laid out together.
That last link is what `make deb` ships.

What is left (this run): the Swift runtime's and Foundation's code that runs when the module starts
and shows a pad (type metadata, bundles, notifications, JSON decoding of the layouts, strings) is
{mb(resident("code_swift") + resident("code_foundation"))} MB of resident code beside the keypad's own \
{mb(resident("code_keypad"))} MB; the dynamic linker's
tables with the data the relocations write, {mb(resident("linker_tables") + resident("relocated_data"))} MB. \
zenity's entry is free-form, so the letters pad
shows, yet ICU's code and data are resident too ({mb(resident("code_icu") + resident("icu_data"))} MB): the \
return key's title
no longer asks ICU for the locale's language (KeypadStrings reads it from the identifier), but
Foundation makes every `Locale` (`Locale.current`, `Locale(identifier:)`) through ICU, reading the
locale's calendar from ICU's data, and KeypadCore's fields and keypads hold one from the start.

### First keypad in a fresh app

scripts/benchmarks/deb_bench_app.py, a Python GTK 3 window with a DIGITS entry, {cold_runs} fresh processes: from the
entry's focus-in (its own handler, before GTK hands the focus to the input method) to the first
`draw` of the keypad's window. Cold: the first focus-in of the process (the module's sessions,
keypad, window and CSS made then); warm: {warm_runs} later focus-ins each (focus to a button, which hides
the keypad, and back). "Module loaded before the focus-in": GTK loads it when the entry's input
context first needs it (at realize), so the cold time does not include loading the library.

{table(["build", "cold median", "cold max", "warm median", "warm p95", "warm max",
        "module loaded before the focus-in"], timing_rows, ["---", "---:", "---:", "---:", "---:", "---:", "---"])}

### Package size

{table(["build", ".deb (xz)", "installed"], size_rows)}

### Goals (the shipped, static build)

{table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"])}"""


def web(w):
    taps = w.settings.get("taps", 100)
    module0, module80 = w.get("module_0", MEDIAN), w.get("module_80", MEDIAN)
    matchbox0, matchbox80 = w.get("matchbox_0", MEDIAN), w.get("matchbox_80", MEDIAN)
    within = module0 <= matchbox0 * 1.10 or module0 <= matchbox0 + 1
    goal_rows = [
        ["module no slower than matchbox-keyboard, instant tap (median, within 10 % or 1 ms)",
         f"{ms(module0)} vs {ms(matchbox0)}", yes(within)],
        ["module faster than matchbox-keyboard (types on release) by the hold time (gap ≥ 72 ms), held 80 ms",
         f"{ms(module80)} vs {ms(matchbox80)}", yes(beats(module80, matchbox80))],
    ]
    runs = [("module", "keypad IM module in Firefox"), ("matchbox", "matchbox-keyboard")]
    if w.get("chromium_0") is not None:
        runs.append(("chromium", "keypad IM module in Chromium"))
        carried = w.data.get("row_dates", {}).get("chromium", w.data["date"]) != w.data["date"]
        version = "version not recorded" if carried else w.settings.get("chromium", "version not recorded")
        chromium = (
            ("This run's Chromium measurement gave no rows; the row is the earlier one. " if carried else "")
            + f"\"in Chromium\": the same page in `chromium --kiosk` "
            + ("" if carried else "with its default features ")
            + f"({version}), the default layout's numbers page (Chromium gives no "
            "input purpose); half of its taps are Delete, which reaches Chromium as a BackSpace sent back through "
            "the X server (XTest), and each commit crosses to the renderer.")
    else:
        chromium = "Chromium gave no rows in this run (bench_web.py printed why)."
    return f"""## Web kiosks

{w.measured("`make bench` (scripts/benchmarks/bench-web)", "release build of the module, Xvfb + openbox")}

Firefox ESR {w.settings.get("firefox", "(version not recorded)")} in `--kiosk` mode, on Tests/Web/form.html served from
loopback; {taps} XTest taps per run alternating "5" and delete, timed from the press (wall clock,
just before it is flushed to the X server) to the page's `input` event
(`performance.timeOrigin + performance.now()`, timer precision not reduced). "Module":
`GTK_IM_MODULE=keypad`, the `inputmode=numeric` field's number pad. "matchbox-keyboard":
Debian's on-screen keyboard with a two-key layout, typing (XTest key events) into the
`inputmode=none` field of the same page in the same Firefox. openbox stacks the focused
fullscreen kiosk above matchbox-keyboard's window, which never takes focus, so its rows are taken
with Firefox out of fullscreen: in a real fullscreen kiosk under openbox it cannot be tapped at all.

{tap_rows(w, runs)}

{table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"])}

The module types on press, so the hold costs nothing; matchbox-keyboard types on release.
{chromium}"""


def gtk4_module(g):
    taps, memory_runs = g.settings.get("taps", 200), g.settings.get("memory_runs", 4)
    gtk4_0, gtk3_0 = g.get("gtk4_0", MEDIAN), g.get("gtk3_0", MEDIAN)
    gtk4_80, gtk3_80 = g.get("gtk4_80", MEDIAN), g.get("gtk3_80", MEDIAN)
    with_rss, with_pss = g.get("with", 0), g.get("with", 1)
    without_rss, without_pss = g.get("without", 0), g.get("without", 1)
    added_rss, added_pss = (with_rss - without_rss) / 1024, (with_pss - without_pss) / 1024
    cold, warm = g.samples("cold"), g.samples("warm")  # median, p95 (ms), runs

    def hop_row(label, gtk4, gtk3):
        return [f"the D-Bus hop adds ≤ 0.5 ms at the median against the GTK 3 module, {label}",
                f"{ms(gtk4)} vs {ms(gtk3)} ({gtk4 - gtk3:+.2f} ms)", met(gtk4 - gtk3 <= 0.5)]
    goal_rows = [
        hop_row("instant tap", gtk4_0, gtk3_0),
        hop_row("held 80 ms", gtk4_80, gtk3_80),
        ["a GTK 4 app pays ≤ 1 MB RSS for the module", f"{added_rss:+.2f} MB", met(added_rss <= 1)],
        ["a GTK 4 app pays ≤ 1 MB PSS for the module", f"{added_pss:+.2f} MB", met(added_pss <= 1)],
        ["first keypad, cold (D-Bus activation) and warm: reported", f"{ms(cold[0], 1)} and {ms(warm[0], 1)}",
         "reported"],
    ]
    first_rows = [["cold (D-Bus activation)", ms(cold[0], 1), ms(cold[1], 1), cold[2]],
                  ["warm", ms(warm[0], 1), ms(warm[1], 1), warm[2]]]
    memory_rows = [["with the module (its keypad shown by keypad-osk)", f"{mb(with_rss)} MB", f"{mb(with_pss)} MB"],
                   ["without it (GTK's simple input method)", f"{mb(without_rss)} MB", f"{mb(without_pss)} MB"],
                   ["added", f"{added_rss:+.2f} MB", f"{added_pss:+.2f} MB"]]
    swift = "no" if g.get("swift_mapped") == 0 else "**yes**"
    return f"""## GTK 4 module

{g.measured("`make bench` (scripts/benchmarks/bench-gtk4)", "release build, Xvfb + openbox")}

"GTK 4 module": a Python GTK 4 window with a DIGITS entry (scripts/benchmarks/gtk4_bench_app.py) under
`GTK_IM_MODULE=keypad`, the keys in keypad-osk's process (D-Bus hop: keypad-osk → the module's
`DeleteSurrounding`/`Commit` → the entry). "GTK 3 module": the GTK 3 module's keypad in a Python GTK 3
window (scripts/benchmarks/im_bench_app.py), in the same run. {taps} XTest taps per run alternating "5" and
delete, timed from the press to the entry's `changed` (CLOCK_MONOTONIC on both sides).

{tap_rows(g, [("gtk4", "GTK 4 module + keypad-osk"), ("gtk3", "GTK 3 module (its keypad in the app)")])}
{gtk4_button_sentence(g)}
First keypad for a GTK 4 field (scripts/benchmarks/osk_first_keypad.py): from the app's `grab_focus` to
keypad-osk's sm.puri.OSK0 `Visible` (its keyboard-will-show, before the first frame). Cold: keypad-osk
started by D-Bus activation; warm: keypad-osk running, its keypad hidden.

{table(["first keypad", "median", "p95", "runs"], first_rows)}

Memory of the GTK 4 form (Tests/GTK4/gtk4_form.py) with a field focused, from /proc/PID/smaps_rollup,
medians of {memory_runs} runs each (scripts/benchmarks/gtk4_memory.py):

{table(["GTK 4 form", "RSS", "PSS"], memory_rows)}

The module's own mappings: {g.get("module_kb")} kB resident. Swift runtime or Foundation mapped in the
app: {swift}. A GTK 4 app already connects to the session bus (GTK's accessibility finds its bus
there); the module is a small C library and a few GObjects, its keys in keypad-osk's process.

{table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"])}"""


def gtk4_button_sentence(g):
    """What GTK 4 itself costs against GTK 3, from each window's own GtkButtons, when measured."""
    gtk4, gtk3 = g.get("gtk4button_0", MEDIAN), g.get("gtk3button_0", MEDIAN)
    if gtk4 is None or gtk3 is None:
        return ""
    hop = g.get("gtk4_0", MEDIAN) - g.get("gtk3_0", MEDIAN) - (gtk4 - gtk3)
    return f"""
What GTK 4 itself costs: each window's own GtkButtons in the same run (instant taps, acting on
release) took {ms(gtk4)} in GTK 4 and {ms(gtk3)} in GTK 3 at the median ({gtk4 - gtk3:+.2f} ms), so the
D-Bus hop itself is about {hop:.2f} ms of the instant tap's difference.
"""


def osk_timing(o, key):
    """(median, max, count) of a keypad-osk section's samples, or of the statistics kept instead."""
    samples = o.samples(key)
    if samples:
        return stat(samples, "median"), stat(samples, "max"), len(samples)
    kept = o.get(f"{key}_stats") or {}
    return kept.get("median"), kept.get("max"), kept.get("n")


def ticks_text(ticks, seconds):
    runs = f" ({len(ticks)} runs)" if len(ticks) > 1 else ""
    return f"{', '.join(str(tick) for tick in ticks)} ticks in {seconds:g} s{runs}" if ticks else "not measured"


def osk(o):
    taps, idle_seconds = o.settings.get("taps", 8), o.settings.get("idle_seconds", 5)
    keyboards = [("osk", "keypad-osk"), ("squeekboard", "squeekboard")]

    def shown(name):
        samples = o.samples(f"{name}_shown")
        if not samples:
            return None, "never"
        median = stat(samples, "median")
        return samples, f"{ms(median, 1)} (first show {ms(samples[0], 1)}, slowest {ms(max(samples), 1)})"

    def tap(name, hold):
        median, _, count = osk_timing(o, f"{name}_tap_{hold}")
        return median, ("not measured" if median is None else f"{ms(median, 1)} (median of {count})")
    shown_osk, shown_osk_text = shown("osk")
    runs = len(shown_osk or o.samples("squeekboard_shown"))
    rss = {name: o.get(f"{name}_rss_kb") for name, _ in keyboards}
    ticks = {name: o.samples(f"{name}_idle_ticks") for name, _ in keyboards}
    wakeups = {name: o.samples(f"{name}_idle_wakeups") for name, _ in keyboards}
    settled = o.settings.get("settled_seconds")

    def wakeups_text(name):
        counts = wakeups[name]
        return f"{', '.join(str(count) for count in counts)} in {idle_seconds:g} s" if counts else "not measured"
    osk_0, osk_0_text = tap("osk", 0)
    osk_80, osk_80_text = tap("osk", 80)
    squeekboard_0, squeekboard_80 = tap("squeekboard", 0)[0], tap("squeekboard", 80)[0]
    rows = [
        [f"activate → first buffer committed on the keyboard's surface, median of {runs}"]
        + [shown(name)[1] for name, _ in keyboards],
        ["resident memory, pad shown"] + [f"{mb(rss[name])} MB" for name, _ in keyboards],
        [f"idle CPU, pad shown (utime + stime, 10 ms ticks)"] + [ticks_text(ticks[name], idle_seconds)
                                                                 for name, _ in keyboards],
        ["idle wakeups, pad shown (context switches of all its threads)"] + [wakeups_text(name)
                                                                             for name, _ in keyboards],
        ["tap: pointer press → the app's `changed`, instant", osk_0_text, tap("squeekboard", 0)[1]],
        ["tap: pointer press → the app's `changed`, held 80 ms", osk_80_text, tap("squeekboard", 80)[1]],
    ]
    not_judged = "not judged (squeekboard's tap not measured)"
    hold_cost = osk_80 - osk_0 if osk_80 is not None and osk_0 is not None else None
    held_over = "" if hold_cost is None else f" ({hold_cost:+.1f} ms over its instant tap)"
    squeekboard_cost = (squeekboard_80 - squeekboard_0
                        if squeekboard_80 is not None and squeekboard_0 is not None else None)
    squeekboard_over = "" if squeekboard_cost is None else f" ({squeekboard_cost:+.1f} ms over its instant tap)"
    idle_share = (f" (at most {max(ticks['osk']) * 10 / (idle_seconds * 1000) * 100:.1f} % of a core)"
                  if ticks["osk"] and max(ticks["osk"]) else "")
    goal_rows = [
        ["an instant tap no slower than squeekboard's (median)", f"{ms(osk_0, 1)} vs not measured"
         if squeekboard_0 is None else f"{ms(osk_0, 1)} vs {ms(squeekboard_0, 1)}",
         not_judged if squeekboard_0 is None else met(osk_0 <= squeekboard_0)],
        ["a held tap faster than squeekboard's by the hold (gap ≥ 72 ms; keys act on press)",
         f"{ms(osk_80, 1)}{held_over} vs "
         + ("not measured" if squeekboard_80 is None else f"{ms(squeekboard_80, 1)}{squeekboard_over}"),
         not_judged if squeekboard_80 is None else met(beats(osk_80, squeekboard_80))],
        ["resident memory no higher than squeekboard's, pad shown",
         f"{mb(rss['osk'])} MB vs {mb(rss['squeekboard'])} MB", met(rss["osk"] <= rss["squeekboard"])],
        ["the keypad on screen within 50 ms of activate, every show (the first included)",
         f"slowest {ms(max(shown_osk), 1)} of {len(shown_osk)}" if shown_osk else "never shown",
         met(bool(shown_osk) and max(shown_osk) <= 50)],
        ["idle CPU 0 with the pad shown", ticks_text(ticks["osk"], idle_seconds) + idle_share
         + (f", {', '.join(str(count) for count in wakeups['osk'])} wakeups" if wakeups["osk"] else ""),
         met(bool(ticks["osk"]) and max(ticks["osk"]) == 0 and max(wakeups["osk"], default=0) == 0)],
    ]
    if hold_cost is None:
        hold = "keypad-osk's taps gave no figures in this run."
    elif hold_cost < 72:
        hold = (f"keypad-osk's keys act on press: in this run a tap held 80 ms took {ms(osk_80, 1)}, "
                f"{ms(abs(hold_cost), 1)} {'more' if hold_cost >= 0 else 'less'} than an instant one.")
    else:
        hold = (f"**In this run a tap held 80 ms took {ms(osk_80, 1)}, {ms(hold_cost, 1)} more than an instant "
                "one: the hold was added, as if the keys acted on release.**")
    if squeekboard_cost is None:
        squeekboard_hold = "squeekboard's taps gave no figures in this run."
    else:
        squeekboard_hold = (f"squeekboard's held tap took {ms(squeekboard_80, 1)}, {ms(abs(squeekboard_cost), 1)} "
                            f"{'more' if squeekboard_cost >= 0 else 'less'} than its instant one"
                            + (": its keys act on release." if squeekboard_cost >= 72
                               else ": its keys act on press too."))
    idle_start = ("" if settled is None else
                  f", from {float(settled):g} s after the keyboard started (past the one-shot timers of start-up), "
                  "with the wakeups of all its threads")
    return f"""## keypad-osk against squeekboard

{o.measured("`make bench` (scripts/benchmarks/bench-osk)",
            "keypad-osk as its package builds it (release, Swift runtime linked in) and Debian's squeekboard "
            f"{o.settings.get('squeekboard', '(version not recorded)')}, one after the other in one headless sway "
            f"{o.settings.get('sway', '(version not recorded)')}")}

Each keyboard serves a GTK 3 app's DIGITS entry (GTK's own Wayland input method), focused {runs} times
from a button (scripts/benchmarks/bench_osk.py). Activate → on screen is read from each keyboard's own
`WAYLAND_DEBUG` lines, from `zwp_input_method_v2.activate` to the first buffer committed on a surface
(one clock; the printing slows both alike): keypad-osk's first frame is the first of its slide-in,
squeekboard shows at once. Resident memory and idle CPU over {idle_seconds:g} s are read from /proc with
the pad shown{idle_start}. A tap is each keyboard's "1" key pressed through a virtual pointer, {taps} times instant
and {taps} held 80 ms, timed from the press to the app's `changed` (CLOCK_MONOTONIC on both sides; the
keyboards still print `WAYLAND_DEBUG`). keypad-osk's key is found by its trace; squeekboard's, which
has none, where squeekboard draws it: its number layout (a DIGITS field's) scaled into its layer
surface as its own code does, the surface's size and anchor read from its `WAYLAND_DEBUG` lines
(scripts/benchmarks/squeekboard_keys.py). Every tap must add exactly "1" to the entry's value, and
the value must end as that many "1"s, or the bench stops: a misplaced tap is never timed.

{table(["", "keypad-osk", "squeekboard"], rows, ["---", "---:", "---:"])}

{table(["goal", "measured", "met"], goal_rows, ["---", "---:", ":---:"])}

{hold} {squeekboard_hold}"""


def render(results):
    latest = max(data["date"] for data in results.values())
    sections = {name: Section(data, latest) for name, data in results.items()}
    parts = [header(sections)]
    if "gtk" in sections and "model" in sections:
        parts.append(goals(sections["gtk"], sections["model"]))
    if "gtk" in sections:
        gtk = sections["gtk"]
        parts += [tap_latency(gtk), cpu_per_tap(gtk), showing_and_idle(gtk), memory(gtk)]
    if "model" in sections:
        parts.append(headless_model(sections["model"]))
    for name, render_section in (("soak", soak), ("im", im_module), ("gtk4", gtk4_module), ("deb", deb), ("web", web),
                                 ("osk", osk)):
        if name in sections:
            parts.append(render_section(sections[name]))
    return "\n\n".join(parts) + "\n"


def main():
    text = render(load_results())
    if sys.argv[1:] == ["--check"]:
        try:
            with open(OUTPUT, encoding="utf-8") as file:
                current = file.read()
        except OSError:
            current = ""
        if current != text:
            sys.stdout.writelines(difflib.unified_diff(
                current.splitlines(True), text.splitlines(True), "BENCHMARKS.md", "rendered from Benchmarks/results"))
            print("BENCHMARKS.md is not what Benchmarks/results/*.json render to: run "
                  "scripts/benchmarks/render_benchmarks.py (never edit BENCHMARKS.md by hand)", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"Wrote {os.path.relpath(OUTPUT)}")


if __name__ == "__main__":
    main()
