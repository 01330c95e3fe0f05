"""Where the tests' own files are: the Tests folder of the checkout this package sits in."""
import os

# Tests/ (this package is Tests/Support/keypad_harness).
TESTS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
