"""The loop keypad-osk's end-to-end scripts share: each test run in turn, one `ok` or `FAIL` line
each (with the traceback), and the run's exit status."""
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
