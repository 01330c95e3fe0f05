#!/usr/bin/python3
"""Writes BENCHMARKS.md whole from the measurements in Benchmarks/results/*.json.

    render_benchmarks.py            write BENCHMARKS.md
    render_benchmarks.py --check    fail (exit 1, with a diff) if BENCHMARKS.md is not what
                                    the results render to: a hand edit, or results committed
                                    without rendering

Three kinds of file make it: the measurements (Benchmarks/results/<section>.json, each
bench script writes its own through scripts/benchmarks/bench_results.py, then runs this),
the goals they are judged against (Benchmarks/goals.json), and the prose
(docs/benchmarks-prose/<part>.md, templates whose {fields} the part of the same name in
scripts/benchmarks/benchmark_sections/ fills). Every sentence that states a figure or a
verdict is computed from the numbers, so no prose can contradict a table. Each section says
when and on what machine it was measured; a section older than the newest one says it was not
re-measured in the latest run, and a row taken differently from the rest of its section
carries its own note. docs/benchmarks.md says how to add a section.
"""
import difflib
import glob
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
from benchmark_sections import PARTS  # noqa: E402
from benchmark_sections.common import Section, prose  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# BENCH_RESULTS_DIR and BENCHMARKS_MD: other paths (a dry run), as bench_results.py takes them.
RESULTS = os.environ.get("BENCH_RESULTS_DIR") or os.path.join(ROOT, "Benchmarks", "results")
OUTPUT = os.environ.get("BENCHMARKS_MD") or os.path.join(ROOT, "BENCHMARKS.md")
GOALS = os.path.join(ROOT, "Benchmarks", "goals.json")


def load_results():
    results = {}
    for path in sorted(glob.glob(os.path.join(RESULTS, "*.json"))):
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        results[data["section"]] = data
    return results


def load_goals():
    with open(GOALS, encoding="utf-8") as file:
        return json.load(file)


def render(results, goals=None):
    goals = load_goals() if goals is None else goals
    latest = max(data["date"] for data in results.values())
    sections = {name: Section(data, latest) for name, data in results.items()}
    parts = [prose(template, **part.fields(sections, goals)) for template, part in PARTS
             if all(name in sections for name in part.NEEDS)]
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
                  "scripts/benchmarks/render_benchmarks.py (never edit BENCHMARKS.md by hand: its prose is in "
                  "docs/benchmarks-prose/, its goals in Benchmarks/goals.json)", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"Wrote {os.path.relpath(OUTPUT)}")


if __name__ == "__main__":
    main()
