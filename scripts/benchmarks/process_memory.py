"""A process's resident memory for make bench: RSS and PSS (kB) from /proc/PID/smaps_rollup."""


def rollup(pid):
    """(RSS kB, PSS kB) of PID."""
    values = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        parts = line.split()
        if len(parts) >= 3 and parts[1].isdigit():
            values[parts[0].rstrip(":")] = int(parts[1])
    return values["Rss"], values["Pss"]
