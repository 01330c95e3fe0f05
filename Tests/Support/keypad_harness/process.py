"""A process the tests start or watch:
- its standard output and error, read line by line as it writes them (ProcessOutput: the apps
  of keypad_harness.atspi_app and keypad_harness.form_app, keypad_harness.demo's keypad-demo);
and read from /proc (Linux):
- how its threads wait and how often they woke: what keypad-osk's idle test (Tests/OSK/osk_e2e.py)
  asserts and bench-osk (scripts/benchmarks/bench_osk.py) counts;
- its resident memory: VmRSS (the GTK tests' soak), and RSS and PSS from smaps_rollup (make bench)."""
import os
import platform
import threading


class ProcessOutput:
    """A child's standard output and error (pipes, text mode), each read into its own list of
    lines (no newline) by a thread of its own, so the child never blocks on a full pipe.
    `parse` turns each output line into what is kept (keypad-demo's trace drops its time)."""

    def __init__(self, process, parse=None):
        self.lines, self.errors = [], []
        self._lock = threading.Lock()
        self._readers = [threading.Thread(target=self._read, args=(stream, sink, convert), daemon=True)
                         for stream, sink, convert in ((process.stdout, self.lines, parse),
                                                       (process.stderr, self.errors, None))]
        for reader in self._readers:
            reader.start()

    def _read(self, stream, sink, convert):
        for line in stream:
            line = line.rstrip("\n")
            if convert is not None:
                line = convert(line)
            with self._lock:
                sink.append(line)

    def read(self):
        """(output lines, error lines) so far, copies."""
        with self._lock:
            return list(self.lines), list(self.errors)

    def join(self, timeout=2):
        """Waits for both streams' ends (the child has ended): after it, `read` is all it wrote."""
        for reader in self._readers:
            reader.join(timeout=timeout)

# The waits a sleeping thread blocks in, by syscall number (/proc/PID/task/TID/syscall), per
# machine, with the argument that holds its timeout.
WAIT_SYSCALLS = {"x86_64": {7: "poll", 271: "ppoll", 202: "futex"}, "aarch64": {73: "ppoll", 98: "futex"}}


def thread_wait(pid, tid):
    """How a thread of `pid` waits now, from /proc: "poll, no timeout", "poll, 17342 ms",
    "ppoll, a timeout", "futex, no timeout", "running", or another syscall's number."""
    with open(f"/proc/{pid}/task/{tid}/syscall") as file:
        fields = file.read().split()
    if not fields or fields[0] in ("running", "-1"):
        return "running"
    number = int(fields[0])
    name = WAIT_SYSCALLS.get(platform.machine(), {}).get(number)
    if name is None:
        return f"syscall {number}"
    if name == "poll":  # poll(fds, nfds, timeout ms): -1 waits for ever
        timeout = int(fields[3], 16) & 0xFFFFFFFF
        return "poll, no timeout" if timeout == 0xFFFFFFFF else f"poll, {timeout} ms"
    # ppoll(fds, nfds, timespec *, …) and futex(address, op, value, timespec *, …): NULL waits for ever.
    timeout = int(fields[3 if name == "ppoll" else 4], 16)
    return f"{name}, no timeout" if timeout == 0 else f"{name}, a timeout"


def context_switches(pid):
    """{thread id: (name, voluntary + involuntary context switches)} of every thread of `pid`."""
    switches = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as file:
                name = file.read().strip()
            with open(f"/proc/{pid}/task/{tid}/status") as file:
                status = dict(line.split(":", 1) for line in file if ":" in line)
        except OSError:  # the thread ended
            continue
        switches[tid] = (name, int(status["voluntary_ctxt_switches"]) + int(status["nonvoluntary_ctxt_switches"]))
    return switches


def woken(before, after):
    """{"TID NAME": context switches since `before`} of each thread in both `context_switches`
    readings that woke in between (a thread that started or ended meanwhile is not counted)."""
    return {f"{tid} {name}": count - before[tid][1] for tid, (name, count) in after.items()
            if tid in before and count != before[tid][1]}


def resident_kb(pid):
    """The process's resident memory (VmRSS), in kB."""
    with open(f"/proc/{pid}/status") as file:
        return next(int(line.split()[1]) for line in file if line.startswith("VmRSS:"))


def rollup(pid):
    """(RSS kB, PSS kB) of PID, from /proc/PID/smaps_rollup."""
    values = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        parts = line.split()
        if len(parts) >= 3 and parts[1].isdigit():
            values[parts[0].rstrip(":")] = int(parts[1])
    return values["Rss"], values["Pss"]
