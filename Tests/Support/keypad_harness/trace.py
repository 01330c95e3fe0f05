"""keypad-osk's trace (KEYPAD_IM_TRACE=FILE): one line per event, never a field's text."""
import os

from .waits import wait_for


class Trace:
    """keypad-osk's trace file (KEYPAD_IM_TRACE): one line per event, never a field's text."""

    def __init__(self, path, fresh=True):
        """`fresh`: the file starts empty (a keypad-osk the test starts); else it is read as
        it is (the trace of a keypad-osk that D-Bus activation starts, shared by a suite)."""
        self.path = path
        if fresh:
            open(path, "w").close()

    def lines(self):
        if not os.path.exists(self.path):
            return []
        with open(self.path, errors="replace") as file:
            return [line.rstrip("\n") for line in file]

    def mark(self):
        return len(self.lines())

    def since(self, mark, prefix=""):
        return [line for line in self.lines()[mark:] if line.startswith(prefix)]

    def keypad(self, mark=0):
        """The last keypad shown since `mark`: (layout id, page id, {key name: (x, y)}),
        from its last `shown` line and the `key` lines after it; None if hidden since."""
        result = None
        for line in self.lines()[mark:]:
            parts = line.split(" ")
            if parts[0] == "shown":
                result = (parts[1], parts[2], {})
            elif parts[0] in ("key", "button") and result is not None:
                x, y, w, h = (int(v) for v in parts[-1].split(","))
                result[2][" ".join(parts[2 if parts[0] == "key" else 1:-1])] = (x + w // 2, y + h // 2)
            elif parts[0] == "hidden":
                result = None
        return result

    def wait_keypad(self, mark, layout=None, timeout=8.0):
        def shown():
            keypad = self.keypad(mark)
            return keypad if keypad and keypad[2] and (layout is None or keypad[0] == layout) else None
        return wait_for(shown, f"the keypad{' ' + layout if layout else ''} to show", timeout,
                        seen=lambda: self.lines()[mark:][-6:])

    def wait_hidden(self, mark, timeout=5.0):
        wait_for(lambda: any(line.startswith("hidden") for line in self.lines()[mark:]), "the keypad to hide",
                 timeout, seen=lambda: self.lines()[mark:][-6:])


def trace_lines(trace, prefix):
    """keypad-osk's trace lines that start with `prefix` (none before it writes one)."""
    if not os.path.exists(trace):
        return []
    with open(trace) as file:
        return [line for line in file if line.startswith(prefix)]
