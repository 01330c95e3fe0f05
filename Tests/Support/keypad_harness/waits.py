"""Waiting for a positive event, never a fixed sleep: every wait polls its condition and, on a
timeout, says what it waited for and what it saw."""
import os
import time


# Every wait is this many times as long under emulation (make test-arm64's qemu-user).
TIMEOUT_SCALE = float(os.environ.get("KEYPAD_TIMEOUT_SCALE", "1"))


def wait_for(condition, what, timeout=5.0, seen=None):
    """Waits for `condition`; on a timeout the error says what `seen()` shows then."""
    deadline = time.time() + timeout * TIMEOUT_SCALE
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}" + (f" (seeing {seen()!r})" if seen else ""))


def wait_still(position, failure, timeout):
    """Waits until `position()` (a key's centre, None while it does not show) is the same in three
    looks in a row, 0.1 s apart: a keypad that has slid in and stays put. Fails with `failure`."""
    positions = []
    deadline = time.time() + timeout * TIMEOUT_SCALE
    while time.time() < deadline:
        positions = (positions + [position()])[-3:]
        if len(positions) == 3 and positions[0] is not None and len(set(positions)) == 1:
            return
        time.sleep(0.1)
    raise AssertionError(failure)


def wait_until(condition, timeout):
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            return False
        time.sleep(0.02)
    return True
