# Keypad — every target does its own set-up on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
PROPERTY_SEQUENCES ?= 10000

# Debian packages the build and the tests need (GTK, Xvfb, a window manager,
# X input and the accessibility bus), and a CJK font (5 MB installed) so that
# `--locale zh_CN` draws its return-key labels instead of empty boxes.
APT_PACKAGES := libgtk-3-dev xvfb openbox xdotool x11-utils at-spi2-core python3-gi \
	gir1.2-atspi-2.0 dbus dbus-x11 imagemagick fonts-wqy-microhei

# What make bench adds: matchbox-keyboard, measured in the same run as the keypad,
# and valgrind for callgrind's instruction counts.
BENCH_APT_PACKAGES := matchbox-keyboard valgrind

.PHONY: all deps bench-deps install-apt build test test-e2e demo example bench soak docs format clean

all: build

deps:
	@$(MAKE) --no-print-directory install-apt PACKAGES="$(APT_PACKAGES)"

bench-deps: deps
	@$(MAKE) --no-print-directory install-apt PACKAGES="$(BENCH_APT_PACKAGES)"

install-apt:
	@missing=""; for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -Xswiftc -warnings-as-errors

# Every test runs on a fresh Xvfb display with openbox and a private D-Bus session,
# so the GTK tests always run (they skip only where no display exists at all). A GTK
# critical (a call on a destroyed widget, say) ends the run instead of scrolling by.
test: build
	G_DEBUG=fatal-criticals KEYPAD_PROPERTY_SEQUENCES=$(PROPERTY_SEQUENCES) scripts/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors
	$(MAKE) --no-print-directory test-e2e

# The demo driven from outside: AT-SPI finds widgets, xdotool clicks, --trace is checked.
test-e2e: build
	G_DEBUG=fatal-criticals scripts/with-display /usr/bin/python3 Tests/EndToEnd/keypad_e2e.py "$$($(SWIFT) build --show-bin-path)/keypad-demo"

DEMO_FLAGS ?=
# With a display, the demo opens a window; without one, it renders under Xvfb,
# saves a screenshot and says where.
demo: build
	@if [ -n "$$DISPLAY" ]; then \
		$(SWIFT) run keypad-demo $(DEMO_FLAGS); \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the demo under Xvfb."; \
		scripts/with-display $(SWIFT) run keypad-demo --screenshot artifacts/demo.png $(DEMO_FLAGS); \
		echo "Open artifacts/demo.png to see it; run 'make demo' on a desktop (DISPLAY set) to use it."; \
	fi

# The example an app developer copies: Sources/keypad-example binds the entries of a
# .ui file. With a display it opens; without one it renders artifacts/example.png.
example: build
	@if [ -n "$$DISPLAY" ]; then \
		$(SWIFT) run keypad-example; \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the example under Xvfb."; \
		scripts/with-display $(SWIFT) run keypad-example --screenshot artifacts/example.png; \
		echo "Open artifacts/example.png to see it; run 'make example' on a desktop (DISPLAY set) to use it."; \
	fi

# Release-build measurements written to BENCHMARKS.md (never timed tests).
bench: bench-deps
	scripts/bench

# Long runs (about 20 minutes): 10^5 focus switches and 10^6 presses in the demo with its
# RSS, valgrind on two shorter runs, and 10^6 random sessions of the model property test;
# results in BENCHMARKS.md's Soak section. Sizes: see scripts/soak.
soak: deps
	scripts/soak

# DocC for the three library modules, each into docs/api/<Module>; any DocC warning
# (an unresolved symbol link, a missing topic) fails the build.
DOC_MODULES := KeypadCore KeypadTesting KeypadGTK
docs: deps
	@set -e; mkdir -p docs/api; for module in $(DOC_MODULES); do \
		echo "Documenting $$module"; \
		$(SWIFT) package --allow-writing-to-directory docs/api \
			generate-documentation --target $$module --output-path docs/api/$$module \
			--transform-for-static-hosting --disable-indexing --warnings-as-errors; \
	done

clean:
	rm -rf .build
