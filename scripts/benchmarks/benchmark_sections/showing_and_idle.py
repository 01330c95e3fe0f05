"""Showing the keypad (focus-in → first drawn frame) and the CPU while idle with it shown."""
from .common import fixed, ms, table

NEEDS = ("gtk",)


def fields(sections, goals):
    gtk = sections["gtk"]
    idle_seconds = gtk.settings.get("idle_seconds", 30)
    show = table(["median", "p95", "runs"],
                 [[ms(gtk.get("show_median"), 4), ms(gtk.get("show_p95"), 4), gtk.get("show_count")]],
                 ["---:", "---:", "---:"])
    idle = table(["measure", "value"], [
        [f"CPU while idle with the keypad shown, over {idle_seconds} s, GTK's blinking caret on "
         "(it stops after 10 s)", f"{fixed(gtk.get('idle_cpu_percent'), 3)} %"],
        ["the same with the caret's blink off (gtk-cursor-blink): what the keypad itself runs",
         f"{fixed(gtk.get('idle_noblink_cpu_percent'), 3)} %"]])
    return {"show": show, "idle": idle}
