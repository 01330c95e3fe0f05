"""BENCHMARKS.md's title and how it is written, with the newest section's date."""

NEEDS = ()


def fields(sections, goals):
    return {"latest": max(section.data["date"] for section in sections.values())}
