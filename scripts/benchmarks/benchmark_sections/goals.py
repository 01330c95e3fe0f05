"""The Goals table: the GTK rigs' and the headless model's goals, each against its same-run comparison."""
from .common import CPU, MEDIAN, fixed, met, mb, ms, ratio, section_goals, table
from .headless_model import model_figures
from .memory import memory_totals

NEEDS = ("gtk", "model")


def fields(sections, goals):
    gtk, model = sections["gtk"], sections["model"]
    g, model_goals = section_goals(goals, "gtk"), section_goals(goals, "model")
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
    retired = model_goals["taps_per_second"]
    rows = [
        [g["instructions_per_tap"].text(), x_keypad, f"baseline {x_baseline} ({ratio(x_keypad, x_baseline)}×)",
         met(g["instructions_per_tap"].met(x_keypad, x_baseline))],
        [g["touch_vs_matchbox"].text(), ms(touch), f"matchbox {ms(mb_touch)} ({ratio(touch, mb_touch)}×)",
         met(g["touch_vs_matchbox"].met(touch, mb_touch))],
        [g["held_vs_matchbox"].text(), ms(held), f"matchbox {ms(mb_held)} ({ratio(held, mb_held)}×)",
         met(g["held_vs_matchbox"].met(held, mb_held))],
        [retired.text(),
         f"{m['rate']} taps/s; {m['tap']} instructions per tap (callgrind), the keypad's own {m['own']}",
         f"Foundation's post of `textDidChange` alone, which every tap makes: {m['post']} instructions, "
         f"{m['post_ns']} ns, a ceiling of {m['post_rate']} taps/s", retired.verdict],
        [model_goals["flat"].text(), f"{fixed(m['flat'], 2)}×", "", met(model_goals["flat"].met(m["flat"]))],
        [g["demo_rss_vs_python"].text(), f"{mb(demo)} MB",
         f"Python {mb(python)} MB ({mb(python_total)} MB with GL); the smallest Swift GTK app with Foundation "
         f"{mb(anchor)} MB", met(g["demo_rss_vs_python"].met(demo, python))],
        [g["held"].text(), ms(held), f"baseline {ms(gtk.get('baseline_held', MEDIAN))}", met(g["held"].met(held))],
        [g["shown_p95"].text(), ms(show_p95, 4), "", met(g["shown_p95"].met(show_p95))],
        [g["idle_cpu_percent"].text(), f"{fixed(idle, 3)} %", "", met(g["idle_cpu_percent"].met(idle))],
        [g["added_rss_mb"].text(), f"{added} kB", "", met(g["added_rss_mb"].met(added / 1024))],
    ]
    return {
        "goals": table(["goal", "measured", "same-run comparison", ""], rows, ["---", "---:", "---:", ":---:"]),
        "taps": gtk.settings.get("cpu_taps", 1000),
        "cpu_keypad": ms(cpu_keypad, 4), "cpu_baseline": ms(cpu_baseline, 4),
        "cpu_ratio": ratio(cpu_keypad, cpu_baseline),
    }
