"""Memory: RSS by mapping of the demo, the rigs, the Swift anchor and a Python GTK 3 app, and what one keypad adds."""
from .common import mb, section_goals, table

NEEDS = ("gtk",)

GROUPS = [
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
APPS = [("demo", "keypad-demo"), ("keypad", "keypad rig"), ("baseline", "Swift GTK baseline"),
        ("anchor", "Swift anchor"), ("python", "Python GTK 3 app")]


def memory_totals(gtk, label):
    """An app's total RSS (kB) with and without Mesa's GL."""
    total = gtk.get(f"mem_{label}_total")
    return total, total - gtk.get(f"mem_{label}_mesa_gl") if total is not None else None


def fields(sections, goals):
    gtk = sections["gtk"]

    def mem(label, group):
        return gtk.get(f"mem_{label}_{group}")
    rows = []
    for group, label in GROUPS:
        rows.append([label, mb(mem("demo", group)), mb(mem("keypad", group)), mb(mem("baseline", group)),
                     mb(mem("anchor", group)), mb(mem("demo", group) - mem("anchor", group)),
                     mb(mem("python", group))])
    _, demo = memory_totals(gtk, "demo")
    _, python = memory_totals(gtk, "python")
    _, anchor = memory_totals(gtk, "anchor")
    with_gl = [title for label, title in APPS if (mem(label, "mesa_gl") or 0) > 0]
    mesa = ("In this run it is in the " + ", ".join(with_gl) + "'s column." if with_gl
            else "In this run no measured process mapped it.")
    if section_goals(goals, "gtk")["demo_rss_vs_python"].met(demo, python):
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
    return {
        "groups": table(["group"] + [title for _, title in APPS[:4]] + ["demo − anchor", APPS[4][1]], rows),
        "mesa": mesa, "floor": floor, "anchor": mb(anchor), "python": mb(python),
        "anchor_swift": mb(mem("anchor", "swift")), "anchor_foundation_icu": mb(mem("anchor", "foundation_icu")),
        "anchor_icu": mb(mem("anchor", "icu")), "python_app": mb(mem("python", "app")),
        "heap_over_anchor": mb(mem("python", "heap") - mem("anchor", "heap")),
        "anchor_gtk_stack": mb(mem("anchor", "gtk_stack")), "python_gtk_stack": mb(mem("python", "gtk_stack")),
        "demo_over_anchor": mb(demo - anchor), "once": once,
    }
