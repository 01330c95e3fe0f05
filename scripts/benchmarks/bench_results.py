#!/usr/bin/python3
"""Writes one section's measurements to Benchmarks/results/SECTION.json, with the date and
the machine they were taken on; scripts/benchmarks/render_benchmarks.py writes
BENCHMARKS.md from those files.

    bench_results.py SECTION [--by SCRIPT] [--set KEY=VALUE]… [--benchmark-table FILE] < RESULTS

RESULTS are the `KEY V1 V2 …` lines the bench scripts' measuring parts print: a key seen once
keeps its value (a number, or a list when the line has several), a key seen on several lines
keeps the list of them; keys are lower case. A line `== GROUP` starts a group (one build or variant of several
builds): the keys after it go under `values[GROUP]`. Other lines (no value) are ignored.
--set adds settings (taps per run, load averages) under `settings`. --benchmark-table
reads ordo-one/benchmark's markdown (`### Metric` then a table) into `benchmark_tables`.
"""
import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys

# BENCH_RESULTS_DIR: another folder (a dry run of a bench script's output).
RESULTS_DIR = os.environ.get("BENCH_RESULTS_DIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks", "results")


def number(text):
    """An int or float when TEXT is one, else TEXT."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def setting(text):
    """A --set value: JSON (a number, a list) when it parses as JSON, else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def machine():
    """nproc, memory, kernel, CPU model, Debian release and Swift version of this machine."""
    cpu = None
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory_kb = None
    with open("/proc/meminfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("MemTotal:"):
                memory_kb = int(line.split()[1])
    try:
        with open("/etc/debian_version", encoding="utf-8") as version:
            debian = version.read().strip()
    except OSError:
        debian = None
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, check=False).stdout
        match = re.search(r"version ([0-9.]+)", swift)
        swift = match.group(1) if match else None
    except OSError:
        swift = None
    return {
        "nproc": os.cpu_count(),
        "memory_gib": round(memory_kb / 1024 / 1024, 1) if memory_kb else None,
        "kernel": platform.release(),
        "cpu": cpu,
        "debian": debian,
        "swift": swift,
    }


def parse_values(lines):
    """The `KEY V…` lines as a dict (groups under `== NAME` as nested dicts)."""
    values = {}
    target = values
    seen = {}
    for line in lines:
        fields = line.split()
        if len(fields) == 2 and fields[0] == "==":
            target = values.setdefault(fields[1], {})
            continue
        # Keys are lower case: a daemon's chatter on the same output ("SpiRegistry daemon is
        # running …") is not a measurement.
        if len(fields) < 2 or not re.match(r"^[a-z][a-z0-9_.-]*$", fields[0]):
            continue
        key, rest = fields[0], [number(field) for field in fields[1:]]
        value = rest[0] if len(rest) == 1 else rest
        slot = (id(target), key)
        if slot in seen:
            if seen[slot] == 1:
                target[key] = [target[key]]
            target[key].append(value)
            seen[slot] += 1
        else:
            target[key] = value
            seen[slot] = 1
    return values


def parse_benchmark_tables(text):
    """ordo-one/benchmark's markdown, `### Metric` and its rows, as a list of tables."""
    tables = []
    for line in text.splitlines():
        if line.startswith("### "):
            tables.append({"metric": line[4:].strip(), "columns": None, "rows": []})
        elif line.startswith("|") and tables:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                continue
            if tables[-1]["columns"] is None:
                tables[-1]["columns"] = cells
            else:
                tables[-1]["rows"].append([cells[0]] + [number(cell) for cell in cells[1:]])
    return tables


def carry_rows(result, path, rows):
    """For each ROW this run measured nothing for, keeps the previous file's `ROW_*` values
    with the date they were measured on (`row_dates`) and their note (`row_notes`), so the
    row shows as not re-measured instead of vanishing."""
    if not rows or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as file:
        previous = json.load(file)
    for row in rows:
        prefix = row + "_"
        if any(key.startswith(prefix) for key in result["values"]):
            continue
        kept = {key: value for key, value in previous.get("values", {}).items() if key.startswith(prefix)}
        if not kept:
            continue
        result["values"].update(kept)
        result.setdefault("row_dates", {})[row] = previous.get("row_dates", {}).get(row, previous["date"])
        if row in previous.get("row_notes", {}):
            result.setdefault("row_notes", {})[row] = previous["row_notes"][row]


def dumps(value, indent=""):
    """JSON with one key a line and lists of numbers or strings on one line, for diffs."""
    inner = indent + " "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(key)}: {dumps(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        if all(isinstance(item, list) and not any(isinstance(x, (dict, list)) for x in item) for item in value):
            return "[" + ", ".join(json.dumps(item, ensure_ascii=False) for item in value) + "]" \
                if len(value) <= 12 else "[\n" + ",\n".join(inner + json.dumps(item, ensure_ascii=False)
                                                          for item in value) + "\n" + indent + "]"
        return "[\n" + ",\n".join(inner + dumps(item, inner) for item in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("section")
    parser.add_argument("--by", default=None, help="the script that measured (shown in BENCHMARKS.md)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--benchmark-table", default=None, metavar="FILE")
    parser.add_argument("--carry", action="append", default=[], metavar="ROW",
                        help="keep the previous run's ROW_* values when this run has none (marked with their date)")
    arguments = parser.parse_args()
    result = {
        "section": arguments.section,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "measured_by": arguments.by,
        "machine": machine(),
        "settings": {key: setting(value) for key, value in (item.split("=", 1) for item in arguments.set)},
        "values": parse_values(sys.stdin.read().splitlines()),
    }
    if arguments.benchmark_table:
        with open(arguments.benchmark_table, encoding="utf-8") as table:
            result["benchmark_tables"] = parse_benchmark_tables(table.read())
    os.makedirs(RESULTS_DIR, exist_ok=True)
    path = os.path.join(RESULTS_DIR, arguments.section + ".json")
    carry_rows(result, path, arguments.carry)
    with open(path, "w", encoding="utf-8") as out:
        out.write(dumps(result) + "\n")
    print(f"Wrote {os.path.relpath(path)}")


if __name__ == "__main__":
    main()
