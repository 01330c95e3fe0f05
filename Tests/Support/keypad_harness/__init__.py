"""The helpers Keypad's end-to-end tests and benchmarks share, to drive real apps, compositors and
browsers from outside and read what they did: one module per job (Tests/Support/README.md).

Imported as a package from Tests/Support, which the Makefile puts on Python's path for every
target; by hand, from the checkout:

    PYTHONPATH=$PWD/Tests/Support scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py ...
"""
