"""The loops the end-to-end scripts run their tests in: each test in turn, one `ok` or `FAIL` line
each (with the traceback), and the run's exit status.

- `run_tests`: keypad-osk's scripts (Tests/OSK), each test given the same arguments.
- `run_each`: the thin modules' scripts (Tests/GTK4, Tests/Qt), each test run by a function
  of the caller's, skipped with its reason where it raises `Skipped`."""
import shutil
import time
import traceback


def run_tests(tests, where, arguments, only=(), leftovers=()):
    """Runs each of `tests` (only those named in `only`, when given) with `arguments`. On a failure,
    says where the `leftovers` (directories of screenshots and traces) are and returns 1; else
    removes them and returns 0."""
    failures = 0
    for test in tests:
        if only and test.__name__ not in only:
            continue
        start = time.time()
        try:
            test(*arguments)
            print(f"ok   {where} {test.__name__} ({time.time() - start:.1f} s)", flush=True)
        except Exception:  # noqa: BLE001 - every failure is reported, then the run fails
            failures += 1
            print(f"FAIL {where} {test.__name__}", flush=True)
            traceback.print_exc()
    if failures:
        print("screenshots and traces in " + ", ".join(leftovers))
        return 1
    for directory in leftovers:
        shutil.rmtree(directory, ignore_errors=True)
    return 0


class Skipped(Exception):
    """A test that does not apply to the GTK under test (the reason as its message)."""


def run_each(tests, only, run, label=""):
    """Runs `run(test)` for each test whose name contains `only` (all when None), one `ok` or
    `FAIL` line each (`label` before the name), and returns how many failed."""
    failed = 0
    for test in tests:
        if only and only not in test.__name__:
            continue
        started = time.time()
        try:
            run(test)
            print(f"ok   {label}{test.__name__} ({time.time() - started:.1f} s)", flush=True)
        except Skipped as reason:
            print(f"skip {label}{test.__name__}: {reason}", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL {label}{test.__name__}", flush=True)
            traceback.print_exc()
    return failed
