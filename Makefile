# Keypad — every target does its own set-up on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
PROPERTY_SEQUENCES ?= 10000

# Debian packages the build and the tests need (GTK, Xvfb, a window manager,
# X input and the accessibility bus), and a CJK font (5 MB installed) so that
# `--locale zh_CN` draws its return-key labels instead of empty boxes.
APT_PACKAGES := libgtk-3-dev xvfb openbox xdotool x11-utils at-spi2-core python3-gi \
	gir1.2-atspi-2.0 dbus dbus-x11 imagemagick fonts-wqy-microhei

.PHONY: all deps build test test-e2e test-fuzz fuzz demo bench soak docs format clean

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
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
# The fast-tap test runs on a display of its own with no window manager: openbox's click-to-focus grab
# loses a few presses 1 ms apart before any client sees them (GTKFastTapTests).
test: build
	G_DEBUG=fatal-criticals KEYPAD_PROPERTY_SEQUENCES=$(PROPERTY_SEQUENCES) scripts/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors
	G_DEBUG=fatal-criticals KEYPAD_NO_WM=1 scripts/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter GTKFastTapTests
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory test-fuzz

# The saved crashers (Tests/Fuzz/corpus-regressions) replayed, then 15 s of each fuzz
# target: any crash, hang or unnamed error fails the run.
test-fuzz: build
	SWIFT=$(SWIFT) scripts/fuzz --short

# Coverage-guided fuzzing (libFuzzer) of the layout loader and of the model, each for
# FUZZ_SECONDS; built apart in .build-fuzz. See scripts/fuzz and README's Fuzzing.
FUZZ_SECONDS ?= 300
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz $(FUZZ_SECONDS)

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

# Release-build measurements written to BENCHMARKS.md (never timed tests).
bench: deps
	scripts/bench

# Long runs (about 20 minutes): 10^5 focus switches and 10^6 presses in the demo with its
# RSS, valgrind on two shorter runs, and 10^6 random sessions of the model property test;
# results in BENCHMARKS.md's Soak section. Sizes: see scripts/soak.
soak: deps
	scripts/soak

docs:
	$(SWIFT) package --allow-writing-to-directory docs/api \
		generate-documentation --target KeypadCore --output-path docs/api \
		--transform-for-static-hosting --disable-indexing

clean:
	rm -rf .build .build-fuzz
