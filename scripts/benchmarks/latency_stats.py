#!/usr/bin/python3
"""Median and 95th percentile of latency samples: the one definition make bench uses.

As a module: `median_p95(values)`. As a filter: reads `NAME_samples V1 V2 …` lines
(milliseconds, as keypad-gtk-bench prints them) and prints `NAME_median`, `NAME_p95`
and `NAME_count` lines; other lines pass through unchanged.
"""
import sys


def median_p95(values):
    """(median, p95) of `values`; (0, 0) when there are none. p95 is the sample at
    rank ceil(0.95 n), the median the upper middle sample."""
    ordered = sorted(values)
    if not ordered:
        return 0.0, 0.0
    median = ordered[len(ordered) // 2]
    p95 = ordered[max(0, int(len(ordered) * 0.95 + 0.999) - 1)]
    return median, p95


if __name__ == "__main__":
    for line in sys.stdin:
        fields = line.split()
        if fields and fields[0].endswith("_samples"):
            name = fields[0][: -len("_samples")]
            values = [float(value) for value in fields[1:]]
            median, p95 = median_p95(values)
            print(f"{name}_median {median:.4f}")
            print(f"{name}_p95 {p95:.4f}")
            print(f"{name}_count {len(values)}")
        else:
            sys.stdout.write(line)
