"""Tap latency: press on a key → the entry's `changed`, the keypad rig against a plain GTK 3
app and matchbox-keyboard, and the in-process share."""
from .common import COUNT, IN_APP, MEDIAN, P95, ms, ratio, table

NEEDS = ("gtk",)


def fields(sections, goals):
    gtk = sections["gtk"]
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
    return {
        "measured": gtk.measured("`make bench` (scripts/benchmarks/bench)",
                                 "release build, Xvfb 1024×768 with openbox, AT-SPI bus on"),
        "latency": latency, "matchbox": matchbox,
        "held": ms(held), "hold_cost": ms(abs(hold_cost)), "more_or_less": "more" if hold_cost >= 0 else "less",
        "in_process": in_process,
        "keypad_press": ms(keypad_press, 4), "press_ratio": ratio(keypad_press, button_press),
    }
