"""The parts of BENCHMARKS.md, in its order: each fills the template of the same name in
docs/benchmarks-prose/ with the figures it computes from Benchmarks/results/*.json and judges
against Benchmarks/goals.json. A part is a module with NEEDS (the results sections it reads;
the part is left out while one is missing) and fields(sections, goals) -> the template's
{fields}. Adding a section: docs/benchmarks.md, "Adding a section"."""
from . import (cpu_per_tap, goals, gtk4_module, header, headless_model, im_module, keypad_osk,
               memory, qt_plugin, showing_and_idle, soak, soak_osk, tap_latency, web_kiosks)

# (template in docs/benchmarks-prose/, the part that fills it)
PARTS = [
    ("header", header),
    ("goals", goals),
    ("tap-latency", tap_latency),
    ("cpu-per-tap", cpu_per_tap),
    ("showing-and-idle", showing_and_idle),
    ("memory", memory),
    ("headless-model", headless_model),
    ("soak", soak),
    ("soak-osk", soak_osk),
    ("im-module", im_module),
    ("gtk4-module", gtk4_module),
    ("web-kiosks", web_kiosks),
    ("keypad-osk", keypad_osk),
    ("qt-plugin", qt_plugin),
]
