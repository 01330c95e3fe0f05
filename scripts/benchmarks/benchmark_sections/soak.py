"""Soak: make soak's long runs (RSS over 10⁵ focus switches, valgrind, the property test)."""
from .common import table

NEEDS = ("soak",)


def fields(sections, goals):
    s = sections["soak"]
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
    return {
        "measured": s.measured("`make soak` (scripts/benchmarks/soak)", "logs in `artifacts/soak/` (not committed)"),
        "table": table(["run", "result"], rows, ["---", "---"]), "verdict": verdict,
    }
