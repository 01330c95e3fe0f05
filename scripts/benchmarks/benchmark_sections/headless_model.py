"""The headless model: instructions per tap (callgrind) against Foundation's post alone, and
ordo-one/benchmark's tables."""
from .common import grouped, table

NEEDS = ("model",)


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


def benchmark_markdown(bench_tables):
    parts = []
    for bench_table in bench_tables:
        columns = bench_table["columns"]
        parts.append(f"### {bench_table['metric']}\n\n" + table(
            columns, [[row[0]] + [grouped(v) if isinstance(v, int) else v for v in row[1:]]
                      for row in bench_table["rows"]],
            [":---"] + ["---:"] * (len(columns) - 1)))
    return "\n\n".join(parts)


def fields(sections, goals):
    model = sections["model"]
    m = model_figures(model)
    tap_rows = [
        ["a model tap", m["tap"], f"{m['tap_ns']} ns", f"{m['rate_10']} taps/s"],
        ["Foundation's post of `textDidChange` alone", m["post"], f"{m['post_ns']} ns",
         f"{m['post_rate']} posts/s: the most taps/s possible"],
        ["the keypad's own share (tap − post)", m["own"], f"{m['own_ns']} ns", ""],
    ]
    size_rows = [[f, c, model.get(f"instructions_{f}_{c}")] for f, c in m["sizes"]]
    return {
        "measured": model.measured("`make bench` (scripts/benchmarks/bench)", "release build"),
        "taps": table(["10 fields, 10 characters", "instructions (callgrind)", "time, p50 (ordo-one)", "rate, p50"],
                      tap_rows),
        "sizes": table(["fields", "characters", "instructions per tap"], size_rows, ["---:", "---:", "---:"]),
        "tap": grouped(m["tap"]), "post": grouped(m["post"]), "own": grouped(m["own"]),
        "benchmark_tables": benchmark_markdown(model.data.get("benchmark_tables", [])),
    }
