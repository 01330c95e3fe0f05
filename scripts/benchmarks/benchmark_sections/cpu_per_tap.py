"""CPU per tap: /proc's ticks and callgrind's instructions, the keypad rig against the plain GTK 3 app."""
from .common import CPU, KEYBOARD_CPU, ms, prose, ratio, table

NEEDS = ("gtk",)


def fields(sections, goals):
    gtk = sections["gtk"]
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
        + ("the two agree." if agree else prose("cpu-per-tap.disagree")))
    where = (prose("cpu-per-tap.fewer") if fewer else
             "The keypad's taps cost more instructions than the baseline's in this run.")
    return {"taps": gtk.settings.get("cpu_taps", 1000), "table": table(["measure", "value"], rows),
            "verdict": verdict, "where": where}
