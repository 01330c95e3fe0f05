# Keypad's Makefile. Every target does its own set-up on a fresh Debian machine: it installs the
# Debian packages it needs, then builds what it runs. `make help` lists the targets to start with.
SHELL := /bin/bash
SWIFT ?= swift
PROPERTY_SEQUENCES ?= 10000

# Where `swift build` puts what it builds (<checkout>/.build/<triple>/debug), asked once: the
# sub-makes of `make test` take it from KEYPAD_BIN. Everything built beside SwiftPM's binaries
# (the thin modules, keypad-osk's D-Bus service file, the tests' C programs) goes there too.
BIN := $(or $(KEYPAD_BIN),$(shell $(SWIFT) build --show-bin-path 2>/dev/null),$(CURDIR)/.build/debug)
export KEYPAD_BIN := $(BIN)


# The tests' and benchmarks' shared Python helpers are a package in Tests/Support
# (Tests/Support/README.md), on Python's path in every recipe. By hand:
#   PYTHONPATH=$PWD/Tests/Support scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py ...
export PYTHONPATH := $(CURDIR)/Tests/Support

.DEFAULT_GOAL := build

# ==== The Debian packages each target installs on a fresh machine ====
# Each list pairs a package with a program from it that the build or the tests start
# (PACKAGE:PROGRAM; PACKAGE alone where nothing is started, a library or a font). After
# installing, `make deps` and `make test-deps` check that every program is there, so a
# list that went missing (as WAYLAND_APT_PACKAGES once expanded to nothing) fails loudly. The
# lists are recursive (=), so the order they are written in does not matter.
#
# Building (make build, demo, example): GTK 3's headers (with Wayland's and X's), and the
# headless display that renders the demo to a PNG where there is no DISPLAY: Xvfb, openbox
# as a real window manager, xprop to see it is up, and a private session bus.
BUILD_APT = libgtk-3-dev:pkg-config libgtk-4-dev libwayland-dev libwayland-bin:wayland-scanner libxtst-dev \
	xvfb:Xvfb openbox:openbox x11-utils:xprop dbus:dbus-run-session dbus-x11 at-spi2-core fonts-wqy-microhei
# libgtk-4-dev builds the GTK 4 input-method module (C, Sources/ThinModules/GTK).
# libwayland-bin's wayland-scanner generates the Wayland protocols' code from their XML (protocols/).
# libxtst-dev: keypad-osk's keyboard on request types through XTest on X11 (#35).
# fonts-wqy-microhei (5 MB) draws `--locale zh_CN`'s return-key labels instead of empty boxes.
# Qt's private QPA headers and moc build the Qt input-context plug-in for Qt 5 and for Qt 6
# (C++, Sources/ThinModules/Qt; make qt-plugins).
BUILD_APT += qtbase5-private-dev qtbase5-dev-tools qt6-base-private-dev qt6-base-dev-tools

# make deb builds the package with dpkg-dev (dpkg-shlibdeps finds its Depends) and checks it with lintian.
PACKAGING_APT = dpkg-dev:dpkg-shlibdeps lintian:lintian

# Testing (make test) adds what its tests start:
# - X input, the accessibility bus from Python, screenshots;
# - GTK 3 programs from Debian the module types into (zenity in make test-im; yad, GTK 3 on Debian 12
#   and 13, in make test-deb, where zenity is GTK 4 on 13);
# - GTK 4 from Python and GTK 4's widget factory, the GTK 4 module's apps (make test-gtk4), and
#   GTK 3's widget factory (make test-thin-gtk3);
# - libxtst6, which lets the module send Delete and Return to apps that read keys from X;
# - the web kiosks' browsers (make test-web), and gdb, which shows a browser's stack when it does not end;
# - Wayland (make test-wayland): two headless compositors (cage needs Xwayland), screenshots,
#   a virtual keyboard, and gtk-layer-shell, which the keypad loads where there is layer-shell;
# - keypad-osk (make test-osk): GTK 4 for Python (a GTK 4 app on Wayland), gdbus (sm.puri.OSK0);
# - PyQt5 and PyQt6 with QtQuick and QtQuick.Controls (Qt 5's and Qt 6's QML modules), the Qt
#   plug-in's widget and QML forms, and Qt's Wayland platforms for them in sway (make test-qt);
#   its keyboard on request types into a Wayland terminal (foot) and an X11 one (xterm, through
#   Xwayland in sway and on Xvfb);
# - the Debian package's tools (make test-deb), and debootstrap for its Debian 13 chroot;
# - make test-arm64's mmdebstrap and qemu-user-static (CROSS_APT, below), so that make test has them
#   when it runs make test-arm64. Installed without Recommends (no binfmt-support), qemu-user-static
#   registers nothing (systemd-binfmt would read its /usr/lib/binfmt.d at a machine's next boot);
#   make test-arm64 registers qemu for its run and leaves binfmt_misc as it found it
#   (scripts/packaging/qemu-binfmt.sh);
# - matchbox-keyboard and squeekboard, the anchors make bench runs keypad-osk beside
#   (scripts/benchmarks/bench-osk), so that make test leaves a machine with every program its
#   tests and scripts start.
TEST_APT = xdotool:xdotool python3-gi:/usr/bin/python3 gir1.2-atspi-2.0 imagemagick:import \
	matchbox-keyboard:matchbox-keyboard squeekboard:squeekboard \
	zenity:zenity yad:yad libxtst6 \
	gtk-4-examples:gtk4-widget-factory gtk-3-examples:gtk3-widget-factory \
	firefox-esr:firefox-esr chromium:chromium gdb:gdb \
	sway:sway cage:cage xwayland:Xwayland x11-xserver-utils:xhost grim:grim wtype:wtype libgtk-layer-shell0 \
	gir1.2-gtk-4.0 libglib2.0-bin:gdbus foot:foot xterm:xterm \
	python3-pyqt5 python3-pyqt6 python3-pyqt5.qtquick python3-pyqt6.qtquick \
	qml-module-qtquick2 qml-module-qtquick-window2 qml-module-qtquick-controls2 qml-module-qtquick-layouts \
	qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtquick-controls qml6-module-qtquick-templates \
	qml6-module-qtquick-layouts qml6-module-qtqml-workerscript qtwayland5 qt6-wayland \
	$(PACKAGING_APT) im-config:im-config debootstrap:debootstrap $(CROSS_APT)

# make test-deb also installs the package in a Debian 13 chroot (scripts/packaging/debian13-chroot
# installs these there, not on this machine): the display (Xvfb, openbox, xprop, a session bus,
# xdotool), yad and im-config, Python's GTK 3 and AT-SPI for Tests/Deb/deb_apps.py, keypad-osk's one
# Depends the chroot lacks (so that each run's apt-get install downloads nothing), and binutils
# (readelf: Tests/Deb/deb_lifecycle.sh checks that the GTK 3 module holds no Swift).
DEBIAN13_TEST_APT = xvfb openbox x11-utils dbus xdotool yad im-config python3-gi gir1.2-gtk-3.0 \
	gir1.2-atspi-2.0 at-spi2-core libgtk-layer-shell0 binutils
# make test-deb-gtk4 installs keypad-osk and the GTK 4 module there too, with Debian 13's zenity
# (4.1, a GTK 4 app) to type into (Tests/GTK4/deb13_zenity.sh).
DEBIAN13_GTK4_TEST_APT = zenity

# make test-labwc runs keypad-osk's package in Raspberry Pi OS's compositor there (labwc 0.8.3)
# with a Chromium kiosk, grim's screenshots, wtype's virtual keyboard, Python's gi for the
# tests' Wayland helpers, and keypad-osk's one Depends the chroot lacks (so that each run's
# apt-get install downloads nothing), and PyQt6 with Qt 6.8's Wayland platform for a Qt form that
# reaches keypad-osk over text-input-v3 with no plug-in (#32), and PyQt5 with Qt 5's for one through
# the plug-in's Debian 13 package (keypad-im-qt5, make deb-qt). The keyboard on request (#35) types
# there into a GTK 3 entry (gir1.2-gtk-3.0), foot, and xterm through labwc's Xwayland (xdotool
# reads its input focus); libxtst6 is keypad-osk's Depends for XTest. The first run installs them
# into the kept chroot (Chromium: a few minutes, once). GTK 4 (gir1.2-gtk-4.0) for a GTK 4 window
# whose entry near the bottom takes the keypad to the top (#34), and Firefox ESR on Wayland with a
# field near the bottom (#34).
DEBIAN13_LABWC_APT = labwc chromium grim wtype python3-gi gir1.2-atspi-2.0 libgtk-layer-shell0 python3-pyqt6 qt6-wayland \
	python3-pyqt5 qtwayland5 \
	gir1.2-gtk-3.0 foot xterm xwayland xdotool libxtst6 \
	gir1.2-gtk-4.0 firefox-esr

# make deb-arm64 cross-builds the packages for Raspberry Pi OS (arm64) in chroots that mmdebstrap makes
# (scripts/packaging/cross-swift); make test-arm64 runs them in an arm64 Debian 13 chroot under
# qemu-user-static (scripts/packaging/debian13-chroot --arch arm64), with these there: the
# display and yad of make test-deb, labwc with wtype's virtual keyboard and GTK 4 for Python (a
# GTK 4 form on Wayland), grim's screenshots, and libcurl
# (the Swift runtime's FoundationNetworking, which the cross-built test binary loads).
CROSS_APT = mmdebstrap:mmdebstrap qemu-user-static:qemu-aarch64-static
DEBIAN13_ARM64_TEST_APT = $(DEBIAN13_TEST_APT) labwc wtype grim gir1.2-gtk-4.0 libcurl4t64

# make bench adds the anchors it measures against and its tools: valgrind
# for callgrind's instruction counts, and cairo for Python (the keypad's first draw is timed
# from a draw handler), and Qt Virtual Keyboard for Qt 5 and Qt 6 with the Qt.labs.folderlistmodel
# QML module its keyboard imports (Debian's packages leave it out: without it the panel draws no
# keyboard), the anchor of scripts/benchmarks/bench-qt.
BENCH_APT = valgrind:valgrind python3-gi-cairo \
	qtvirtualkeyboard-plugin qml-module-qt-labs-folderlistmodel \
	qt6-virtualkeyboard-plugin qml6-module-qt-labs-folderlistmodel

# The package names alone, for apt-get.
packages = $(foreach entry,$(1),$(firstword $(subst :, ,$(entry))))

deps: ## the Debian packages the build needs (every target runs it first)
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(BUILD_APT)"

test-deps: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(TEST_APT)"

bench-deps: test-deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(BENCH_APT)"

# Installs the packages of ENTRIES that are missing, then checks every program they name.
install-apt:
	@missing=""; for p in $(call packages,$(ENTRIES)); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@status=0; for entry in $(ENTRIES); do \
		case $$entry in *:*) ;; *) continue ;; esac; \
		program=$${entry#*:}; package=$${entry%%:*}; \
		command -v "$$program" >/dev/null 2>&1 || { \
			echo "make: '$$program' is missing after installing; it comes with Debian's $$package" >&2; status=1; }; \
	done; exit $$status

# ==== Building: the Swift packages, and with cc what runs inside other people's apps ====
# `make build` builds the Swift targets (the library, keypad-osk, the demo) with SwiftPM,
# then beside them in $(BIN):
# - the GTK input-method modules (#26, #31), GTK_IM_MODULE=keypad: C only (GTK, GIO, libc, Xlib for
#   GTK 3; no Swift runtime in the app), one context source for GTK 3 and GTK 4
#   (Sources/ThinModules/GTK, each file choosing by GTK_CHECK_VERSION) and the thin modules' shared
#   D-Bus client (Sources/ThinModules/Client). Each hands the focused field to keypad-osk, which
#   draws the keypad. GTK 4's where GTK 4 finds it with GTK_PATH=<bin>/gtk-4.0; GTK 3's listed as
#   `keypad` in the cache IM_CACHE, <bin>/immodules.cache (GTK_IM_MODULE_FILE names it);
# - keypad-osk's D-Bus service file, which starts <bin>/keypad-osk by D-Bus activation for a session
#   bus whose XDG_DATA_DIRS lists <bin>/share (docs/im-module.md, docs/gtk4.md, docs/thin-modules.md):
#     XDG_DATA_DIRS=<bin>/share:/usr/share dbus-run-session -- env GTK_IM_MODULE_FILE=<bin>/immodules.cache GTK_IM_MODULE=keypad any-gtk3-app
#     XDG_DATA_DIRS=<bin>/share:/usr/share dbus-run-session -- env GTK_PATH=<bin>/gtk-4.0 GTK_IM_MODULE=keypad any-gtk4-app
# Each is a file target below; the rule `build` comes after them.

# ---- Wayland protocols' code, generated by wayland-scanner from the XML kept in protocols/ ----
# (protocols/README.md): a client header and the interfaces' tables, never written by hand.
# The tests' programs take theirs from .build/protocols, made when they are built.
PROTOCOL_CODE = .build/protocols
$(PROTOCOL_CODE)/%-client-protocol.h: protocols/%.xml | deps
	@mkdir -p $(@D)
	wayland-scanner client-header $< $@
$(PROTOCOL_CODE)/%-protocol.c: protocols/%.xml | deps
	@mkdir -p $(@D)
	wayland-scanner private-code $< $@

# keypad-osk's (input-method-v2 and the virtual keyboard) is committed in its C target,
# Sources/CKeypadOSKWayland/protocols: SwiftPM compiles it there, as it cannot compile C that a
# build plugin generates (Swift 6.2.3). These file targets remake it from a changed XML before
# SwiftPM builds, and `make lint` checks it is what the XML makes (check-protocol-code).
OSK_PROTOCOLS = input-method-unstable-v2 virtual-keyboard-unstable-v1
OSK_PROTOCOL_DIR = Sources/CKeypadOSKWayland/protocols
OSK_PROTOCOL_CODE = $(foreach p,$(OSK_PROTOCOLS),$(OSK_PROTOCOL_DIR)/$(p)-client-protocol.h $(OSK_PROTOCOL_DIR)/$(p)-protocol.c)
$(OSK_PROTOCOL_DIR)/%-client-protocol.h: protocols/%.xml | deps
	wayland-scanner client-header $< $@
$(OSK_PROTOCOL_DIR)/%-protocol.c: protocols/%.xml | deps
	wayland-scanner private-code $< $@

# Fails when the committed code differs from what wayland-scanner makes of the XML now (its
# "Generated by wayland-scanner VERSION" line aside): an XML changed without `make build`, or
# the code edited by hand.
check-protocol-code: | deps
	@status=0; for p in $(OSK_PROTOCOLS); do \
		for kind in client-header:-client-protocol.h private-code:-protocol.c; do \
			file=$(OSK_PROTOCOL_DIR)/$$p$${kind#*:}; \
			diff <(wayland-scanner $${kind%%:*} protocols/$$p.xml /dev/stdout | sed 1d) <(sed 1d $$file) >/dev/null || { \
				echo "make: $$file is not what wayland-scanner makes of protocols/$$p.xml (make $$file)" >&2; status=1; }; \
		done; \
	done; exit $$status

# SwiftPM's own build, incremental by itself: it runs every time. keypad-osk's protocol code
# first, when its XML changed.
swift-build: $(OSK_PROTOCOL_CODE) | deps
	$(SWIFT) build -Xswiftc -warnings-as-errors

# GTK's tool that writes GTK 3 module caches (Debian keeps it in GTK's libdir, off PATH; from
# pkg-config, never a written triplet).
GTK_LIBDIR = $(shell pkg-config --variable=libdir gtk+-3.0)
GTK_QUERY_IMMODULES = $(GTK_LIBDIR)/libgtk-3-0/gtk-query-immodules-3.0

THIN_CLIENT_SOURCES = $(wildcard Sources/ThinModules/Client/*.c)
THIN_GTK_SOURCES = $(wildcard Sources/ThinModules/GTK/*.c) $(THIN_CLIENT_SOURCES)
THIN_GTK_INPUTS = $(THIN_GTK_SOURCES) $(wildcard Sources/ThinModules/GTK/*.h Sources/ThinModules/Client/*.h)
THIN_GTK_CFLAGS = -ISources/ThinModules/Client -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -fvisibility=hidden \
	-Wl,-z,defs -Wl,--as-needed
THIN_GTK4_MODULE = $(BIN)/gtk-4.0/4.0.0/immodules/libim-keypad.so
THIN_GTK3_MODULE = $(BIN)/gtk-3.0/3.0.0/immodules/im-keypad.so
IM_CACHE = $(BIN)/immodules.cache
OSK_SERVICE = $(BIN)/share/dbus-1/services/org.keypad.OSK1.service

$(THIN_GTK4_MODULE): $(THIN_GTK_INPUTS) | deps
	@mkdir -p $(@D)
	cc $(THIN_GTK_CFLAGS) -o $@ $(THIN_GTK_SOURCES) $$(pkg-config --cflags --libs gtk4 x11)

$(THIN_GTK3_MODULE): $(THIN_GTK_INPUTS) | deps
	@mkdir -p $(@D)
	cc $(THIN_GTK_CFLAGS) -o $@ $(THIN_GTK_SOURCES) $$(pkg-config --cflags --libs gtk+-3.0 x11)

$(IM_CACHE): $(THIN_GTK3_MODULE)
	$(GTK_QUERY_IMMODULES) $< > $@

$(OSK_SERVICE): Resources/dbus/org.keypad.OSK1.service.in
	@mkdir -p $(@D)
	sed "s|@bindir@|$(BIN)|" $< > $@

build: swift-build $(IM_CACHE) $(THIN_GTK4_MODULE) $(OSK_SERVICE) ## the library, keypad-osk, the demo and the GTK modules
	@echo "GTK 3 IM module cache: $(IM_CACHE); GTK 4 IM module: GTK_PATH=$(BIN)/gtk-4.0; keypad-osk's D-Bus activation: XDG_DATA_DIRS=$(BIN)/share"

all: build

# ---- The Qt input-context plug-in, for Qt 5 and for Qt 6 ----
# One C++ source (Sources/ThinModules/Qt) with the shared client built in (its protocol part,
# plain C; the plug-in's own QtDBus transport, no GIO), each where Qt finds it with
# QT_PLUGIN_PATH=.build/qtN/plugins and QT_IM_MODULE=keypad (docs/qt.md).
# Qt's platform plug-ins use Qt's private QPA headers (<includedir>/QtGui/<version>/...), so a
# plug-in loads only in the Qt it was built against.
QT_PLUGIN_FILE = platforminputcontexts/libkeypadplatforminputcontextplugin.so
QT5_PLUGIN = .build/qt5/plugins/$(QT_PLUGIN_FILE)
QT6_PLUGIN = .build/qt6/plugins/$(QT_PLUGIN_FILE)
QT_PLUGIN_SOURCES = $(wildcard Sources/ThinModules/Qt/*.cpp)
# The sources moc reads (each ends by including its .moc).
QT_PLUGIN_MOC_SOURCES = Sources/ThinModules/Qt/keypad_qt_plugin.cpp Sources/ThinModules/Qt/keypad_qt_transport.cpp
# The shared client's protocol part: the GTK modules add GIO's transport, the plug-in its own.
THIN_CLIENT_PROTOCOL = Sources/ThinModules/Client/keypad_osk_client.c
QT_PLUGIN_INPUTS = $(QT_PLUGIN_SOURCES) $(wildcard Sources/ThinModules/Qt/*.h Sources/ThinModules/Qt/*.json) \
	$(THIN_CLIENT_PROTOCOL) Sources/ThinModules/Client/keypad_osk_client.h Sources/ThinModules/Client/keypad_osk_transport.h
QT_PC_qt5 = Qt5Gui Qt5DBus
QT_PC_qt6 = Qt6Gui Qt6DBus
# moc: Qt 5's in its host_bins, Qt 6's in its libexecdir (Debian's paths, read from pkg-config).
QT_MOC_qt5 = "$$(pkg-config --variable=host_bins Qt5Core)/moc"
QT_MOC_qt6 = "$$(pkg-config --variable=libexecdir Qt6Core)/moc"
QT_PLUGIN_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra -Werror -fPIC -fvisibility=hidden -DQT_NO_KEYWORDS \
	-DQT_NO_DEBUG -ISources/ThinModules/Client -ISources/ThinModules/Qt
THIN_CLIENT_CFLAGS = -ISources/ThinModules/Client -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -fPIC \
	-fvisibility=hidden

$(QT5_PLUGIN) $(QT6_PLUGIN): .build/%/plugins/$(QT_PLUGIN_FILE): $(QT_PLUGIN_INPUTS) | deps
	@mkdir -p $(@D) .build/$*/obj
	@pc="$(QT_PC_$*)"; gui=$${pc%% *}; include=$$(pkg-config --variable=includedir $$gui); version=$$(pkg-config --modversion $$gui); \
	private=""; for module in QtCore QtGui; do private="$$private -I$$include/$$module/$$version -I$$include/$$module/$$version/$$module"; done; \
	echo "Qt plug-in ($*): QT_PLUGIN_PATH=$(abspath .build/$*/plugins)"; \
	for source in $(QT_PLUGIN_MOC_SOURCES); do \
		$(QT_MOC_$*) $$private $$(pkg-config --cflags-only-I $$pc) -o .build/$*/obj/$$(basename $$source .cpp).moc $$source || exit 1; \
	done; \
	cc $(THIN_CLIENT_CFLAGS) -c -o .build/$*/obj/keypad_osk_client.o $(THIN_CLIENT_PROTOCOL) && \
	c++ $(QT_PLUGIN_CXXFLAGS) -I.build/$*/obj $$private $$(pkg-config --cflags $$pc) -shared -Wl,-z,defs \
		-Wl,--as-needed -o $@ $(QT_PLUGIN_SOURCES) .build/$*/obj/keypad_osk_client.o $$(pkg-config --libs $$pc)

qt-plugins: $(QT5_PLUGIN) $(QT6_PLUGIN) ## the Qt input-context plug-in for Qt 5 and Qt 6

# ---- The tests' own programs (C), beside SwiftPM's binaries ----
# The IM tests' C form, the same over a malloc shaped like Chromium's PartitionAlloc
# (Tests/IM/odd_malloc.c), and the monitor changer (RandR 1.5) of the display-change test.
IM_C_FORM = $(BIN)/im-c-form
IM_ODD_MALLOC_FORM = $(BIN)/im-c-form-odd-malloc
IM_MONITOR = $(BIN)/im-monitor
# The tests' virtual pointer (a Wayland client of sway's seat).
VIRTUAL_POINTER = $(BIN)/virtual-pointer
VIRTUAL_POINTER_PROTOCOL = $(PROTOCOL_CODE)/wlr-virtual-pointer-unstable-v1

$(IM_C_FORM): Tests/IM/im_c_form.c | deps
	@mkdir -p $(@D)
	cc -o $@ $< $$(pkg-config --cflags --libs gtk+-3.0)

$(IM_ODD_MALLOC_FORM): Tests/IM/im_c_form.c Tests/IM/odd_malloc.c | deps
	@mkdir -p $(@D)
	cc -o $@ -rdynamic $^ $$(pkg-config --cflags --libs gtk+-3.0)

$(IM_MONITOR): Tests/IM/im_monitor.c Tests/CKeypadTestDisplay/keypad_test_display.c \
		Tests/CKeypadTestDisplay/include/keypad_test_display.h | deps
	@mkdir -p $(@D)
	cc -o $@ -ITests/CKeypadTestDisplay/include $(filter %.c,$^) $$(pkg-config --cflags --libs gtk+-3.0) -lXrandr -lX11

$(VIRTUAL_POINTER): Tests/Support/virtual_pointer.c $(VIRTUAL_POINTER_PROTOCOL)-client-protocol.h \
		$(VIRTUAL_POINTER_PROTOCOL)-protocol.c | deps
	@mkdir -p $(@D)
	cc -Wall -Wextra -Werror -I$(PROTOCOL_CODE) -o $@ $(filter %.c,$^) $$(pkg-config --cflags --libs wayland-client)

# ==== Testing: make test runs Swift's tests, then each suite of TEST_SUITES below, one at a time ====
# Every test runs on a fresh Xvfb display with openbox and a private D-Bus session,
# so the GTK tests always run (KEYPAD_REQUIRE_DISPLAY=1: a missing display fails them; a
# plain `swift test` without one skips them and says how many). A GTK
# critical (a call on a destroyed widget, say) ends the run instead of scrolling by.
# It lints first (make lint): unformatted code fails the run.
# `swift test` runs four times: the fast-tap test runs on a display of its own with no window
# manager: openbox's click-to-focus grab loses a few presses 1 ms apart before any client sees them
# (GTKFastTapTests). The preedit tests load GTK's cyrillic_translit input method, which changes
# every GTK input method of the process for good, so they run in a process of their own
# (GTKPreeditTests). keypad-osk's service tests make GTK keypad windows of their own, so they too
# run apart: beside KeypadGTKTests' serialized suite in one process, that suite's X taps missed.
# Then each end-to-end suite of TEST_SUITES, in this order.
# make test-arm64 runs beside all of them from the start (scripts/checks/beside: nice 10, its output
# in .build/test-arm64.log, printed when it ends, its status make test's): its emulated steps keep
# about one core busy for 8 minutes or more, its cross-builds (when their inputs changed) both
# cores for minutes, while the suites here mostly wait on their apps; run after them it would take
# make test past 25 minutes. It starts once make deb has made this machine's keypad-osk package (its
# manual page is the arm64 package's) and the virtual pointer's protocol code is made.
TEST_SUITES = test-client test-e2e test-im test-gtk4 test-thin-gtk3 test-qt test-web test-wayland \
	test-osk test-fuzz test-deb test-deb-gtk4 test-deb-qt test-labwc
test: test-deps lint build deb $(VIRTUAL_POINTER_PROTOCOL)-client-protocol.h $(VIRTUAL_POINTER_PROTOCOL)-protocol.c ## every test (about 21 minutes): Swift's, then each suite of TEST_SUITES, and the arm64 packages beside them
	@scripts/checks/beside .build/test-arm64.log $(MAKE) --no-print-directory test-arm64 -- \
		$(MAKE) --no-print-directory test-in-order
test-in-order:
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_PROPERTY_SEQUENCES=$(PROPERTY_SEQUENCES) \
		scripts/display/with-display $(SWIFT) test -Xswiftc -warnings-as-errors
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_NO_WM=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter GTKFastTapTests
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_PREEDIT_TESTS=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter GTKPreeditTests
	G_DEBUG=fatal-criticals KEYPAD_OSK_SERVICE_TESTS=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter OSKServiceTests
	@for suite in $(TEST_SUITES); do $(MAKE) --no-print-directory $$suite || exit 1; done

# The saved crashers (Fuzz/corpus-regressions) replayed, then 15 s of each fuzz
# target: any crash, hang or unnamed error fails the run.
test-fuzz: build test-deps
	SWIFT=$(SWIFT) scripts/checks/fuzz --short

# Coverage-guided fuzzing (libFuzzer) of the layout loader and of the model, each for
# FUZZ_SECONDS; built apart in .build-fuzz. See scripts/checks/fuzz and docs/fuzzing.md.
FUZZ_SECONDS ?= 300
fuzz: deps
	SWIFT=$(SWIFT) scripts/checks/fuzz $(FUZZ_SECONDS)

# The demo driven from outside: AT-SPI finds widgets, xdotool clicks, --trace is checked.
test-e2e: build test-deps
	G_DEBUG=fatal-criticals scripts/display/with-display /usr/bin/python3 Tests/EndToEnd/keypad_e2e.py "$(BIN)/keypad-demo"

# The environment of a test whose apps start keypad-osk by D-Bus activation, from the service file
# make build wrote (the session bus reads <bin>/share from XDG_DATA_DIRS).
OSK_ACTIVATION = XDG_DATA_DIRS="$(BIN)/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"

# The GTK 3 module (GTK_IM_MODULE=keypad, the thin C module) and keypad-osk, which draws the keypad:
# the Python form (each purpose's pad, typing, Delete, Return, the toolbar, INHIBIT_OSK, secure
# fields, a field kept in view), a C program compiled here (also over a malloc shaped like
# Chromium's PartitionAlloc, Tests/IM/odd_malloc.c), zenity, an app that gives no widget, a
# monitor change (RandR 1.5, im-monitor), the locale, keypad-osk's own broken layout and CSS files
# and an app window gone before keypad-osk looks at it; then zenity again on a display with no
# window manager (X focus follows the pointer there). keypad-osk is D-Bus activated from the
# build's share/ and writes the trace (KEYPAD_IM_TRACE, set for the session bus). Tests/IM/im_e2e.py.
test-im: build test-deps $(IM_C_FORM) $(IM_ODD_MALLOC_FORM) $(IM_MONITOR)
	@trace=$$(mktemp); status=0; \
	export $(OSK_ACTIVATION) KEYPAD_IM_TRACE="$$trace" GTK_IM_MODULE_FILE="$(IM_CACHE)" G_DEBUG=fatal-criticals; \
	scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py --c-form "$(IM_C_FORM)" --monitor "$(IM_MONITOR)" \
		--odd-malloc-form "$(IM_ODD_MALLOC_FORM)" || status=1; \
	: > "$$trace"; KEYPAD_NO_WM=1 scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py --no-window-manager || status=1; \
	rm -f "$$trace"; exit $$status

# The GTK 4 module and keypad-osk (#26): the Python GTK 4 form (each purpose's pad, Delete, Return,
# Delete over a selection keypad-osk's copy of the text has not caught up with, both ways), two apps
# sharing one keypad-osk, keypad-osk killed mid-typing, gtk4-widget-factory, a field kept in view
# beside the keypad (#34); then a tap with no window manager (keypad-osk starts only by D-Bus
# activation there); then the form as a native Wayland client of a headless sway, its field kept in
# view beside a keypad-osk the test starts, at the bottom and at the top (#34). About a minute and a half.
# test-thin-gtk3 runs the same tests of the thin GTK 3 module (#31: the same context source),
# with the form in GTK 3 and gtk3-widget-factory.
test-thin-gtk3: THIN_GTK_E2E = --gtk 3
test-gtk4 test-thin-gtk3: build test-deps $(VIRTUAL_POINTER)
	@trace=$$(mktemp); status=0; \
	export $(OSK_ACTIVATION) KEYPAD_IM_TRACE="$$trace" G_DEBUG=fatal-criticals; \
	scripts/display/with-display /usr/bin/python3 Tests/GTK4/gtk4_e2e.py $(THIN_GTK_E2E) "$(BIN)" || status=1; \
	: > "$$trace"; KEYPAD_NO_WM=1 scripts/display/with-display /usr/bin/python3 Tests/GTK4/gtk4_e2e.py --no-wm $(THIN_GTK_E2E) "$(BIN)" || status=1; \
	rm -f "$$trace"; unset KEYPAD_IM_TRACE; export XDG_DATA_DIRS=/usr/local/share:/usr/share; \
	scripts/display/with-wayland sway /usr/bin/python3 Tests/GTK4/gtk4_e2e.py --wayland $(THIN_GTK_E2E) "$(BIN)" || status=1; \
	exit $$status

# The thin modules' shared client (#32), with no bus: Sources/ThinModules/Client/keypad_osk_client.c
# linked with the test's own recording transport (Tests/Client/keypad_osk_client_test.c), under
# AddressSanitizer and UBSan: the calls and their arguments, keypad-osk's signals obeyed from its
# owner only and within their signatures and bounds, the surrounding text's window, a secure
# field's text never sent, refusals, keypad-osk gone and back. A second.
CLIENT_TEST = .build/client/keypad_osk_client_test
$(CLIENT_TEST): Tests/Client/keypad_osk_client_test.c $(THIN_CLIENT_PROTOCOL) Sources/ThinModules/Client/keypad_osk_client.h \
		Sources/ThinModules/Client/keypad_osk_transport.h
	@mkdir -p $(@D)
	cc $(THIN_CLIENT_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $< $(THIN_CLIENT_PROTOCOL)
test-client: $(CLIENT_TEST)
	$(CLIENT_TEST)

# The Qt plug-in and keypad-osk (#32), for Qt 5 and Qt 6 (Tests/Qt/qt_e2e.py), about four minutes:
# under Xvfb + openbox, PyQt5 and PyQt6 forms, widgets and QML (each hint's pad from keypad-osk's
# trace, typing, Delete, Return, focus kept, Delete over a selection keypad-osk's copy of the text
# lags, the password on neither the bus nor the trace, the toolbar's previous, next and done, a field
# kept in view above the keypad and below one at the top, hints changed while focused), QT_NO_GLIB=1
# (Qt's own event loop: the QtDBus transport needs no GLib) and keypad-osk killed and back,
# keypad-osk started by D-Bus activation as in test-gtk4; X11 with no window manager for all four
# forms (taps keep focus; the keypad above a form mapped after it); then the forms as native Wayland
# clients of a headless sway (keypad-osk started by the test first), tapped with the virtual pointer.
# QT_PLUGIN_PATH points each app at the plug-in built for its Qt.
test-qt: build test-deps qt-plugins $(VIRTUAL_POINTER)
	@trace=$$(mktemp); status=0; \
	export $(OSK_ACTIVATION) KEYPAD_IM_TRACE="$$trace"; \
	scripts/display/with-display /usr/bin/python3 Tests/Qt/qt_e2e.py "$(BIN)" "$$PWD/.build" || status=1; \
	: > "$$trace"; KEYPAD_NO_WM=1 scripts/display/with-display /usr/bin/python3 Tests/Qt/qt_e2e.py --no-wm "$(BIN)" "$$PWD/.build" || status=1; \
	rm -f "$$trace"; export XDG_DATA_DIRS=/usr/local/share:/usr/share; \
	scripts/display/with-wayland sway /usr/bin/python3 Tests/Qt/qt_e2e.py --wayland "$(BIN)" "$$PWD/.build" || status=1; \
	exit $$status

# The GTK 3 module and keypad-osk in Firefox ESR and Chromium in kiosk mode on Tests/Web/form.html
# (fresh Firefox kiosks, one on a page that re-renders as a field takes focus, and one Chromium;
# about a minute): each field's pad, typing, Delete, Return, Done, secure fields, the first field's
# pad. keypad-osk is D-Bus activated from the build's share/ and writes each session's trace.
# docs/web-kiosks.md.
test-web: build test-deps
	$(OSK_ACTIVATION) scripts/display/with-display /usr/bin/python3 Tests/Web/web_e2e.py "$(BIN)"

# The keypad on Wayland: for the module (the Python form, keypad-osk D-Bus activated from the
# build's share/ draws the keypad) and the library's window placement (keypad-demo), in a headless
# sway (layer-shell) and in cage (no layer-shell, no keyboard) nested in a headless sway, where
# keypad-osk draws on cage's Xwayland (#31): each module case in a cage of its own, one app per
# cage as in a kiosk (in cage 0.1.4 a later app's keypad may not show). See docs/wayland.md.
test-wayland: build test-deps $(VIRTUAL_POINTER)
	@export $(OSK_ACTIVATION); \
	scripts/display/with-wayland sway /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$(BIN)" || exit 1; \
	for cases in "test_library_window_placement test_library_docked" test_cage_thin_pad_types_and_keeps_focus \
		test_cage_thin_fields_toolbar_and_focus_out test_cage_thin_keypad_osk_killed_and_restarted; do \
		scripts/display/with-wayland cage /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$(BIN)" $$cases || exit 1; \
	done; \
	scripts/display/with-display /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$(BIN)"

# keypad-osk, the system keypad, in a headless sway: a GTK 3 form, a GTK 4 form and a
# Chromium kiosk reach it through the compositor (input-method-v2); a second one refuses;
# in cage (no input-method-v2) it serves from cage's Xwayland, and refuses without one (#31).
# Then its keyboard on request (#35), in sway (a GTK 3 entry with the simple input method, foot,
# xterm through Xwayland) and under Xvfb + openbox (xterm, the GTK 3 entry); where sway tells no
# caret (Chromium, Firefox, GTK 4, and Qt 6 through the Qt plug-in: hence qt-plugins), the keypad
# stays at the bottom and the --exclusive recipe keeps a field in view; with a second output, the
# keypad shows on the focused one (#34, Tests/OSK/caret_e2e.py). See docs/keypad-osk.md.
test-osk: build test-deps $(VIRTUAL_POINTER) qt-plugins
	@for compositor in sway cage; do \
		scripts/display/with-wayland $$compositor /usr/bin/python3 Tests/OSK/osk_e2e.py "$(BIN)" || exit 1; \
	done
	@scripts/display/with-wayland sway /usr/bin/python3 Tests/OSK/onrequest_e2e.py "$(BIN)"
	@scripts/display/with-display /usr/bin/python3 Tests/OSK/onrequest_e2e.py "$(BIN)"

# The packages (make deb), installed where /opt/swift and the checkout are hidden, and in the Debian 13
# chroot (scripts/packaging/debian13-chroot: made on the first run, about 3 minutes, downloads included,
# and kept in /var/cache/keypad/debian13, outside the checkout: make clean keeps it; delete that
# directory to make it again).
# test-deb: keypad-im-gtk3 0.1.0 (the Swift module, RELEASED_DEB) upgraded with apt to this keypad-im-gtk3,
# which pulls keypad-osk, on Debian 12 (a throwaway overlay of this machine) and in the chroot: yad and
# a Python GTK 3 form get their pads from the installed keypad-osk and type, purge leaves nothing, and
# lintian runs (Tests/Deb/deb_e2e.sh); keypad-osk's package in sway (Tests/Deb/osk_deb_e2e.sh).
test-deb: deb test-deps
	SWIFT=$(SWIFT) Tests/Deb/deb_e2e.sh "$(RELEASED_DEB)" "$(GTK3_DEB)" "$(OSK_DEB)" $(DEBIAN13_TEST_APT)
	SWIFT=$(SWIFT) Tests/Deb/osk_deb_e2e.sh "$(OSK_DEB)"

# The GTK 4 module and keypad-osk from their packages, the machine's /usr untouched (an overlay in a
# mount namespace): the form, keypad-osk killed, gtk4-widget-factory; then both installed with
# apt-get in the Debian 13 chroot, typing into Debian 13's zenity, removed.
test-deb-gtk4: deb test-deps
	Tests/GTK4/deb_gtk4.sh "$(OSK_DEB)" "$(GTK4_DEB)" $(DEBIAN13_GTK4_TEST_APT)

# keypad-osk (make deb) with each release's keypad-im-qt5 and keypad-im-qt6 (make deb-qt),
# installed with apt-get, typing into PyQt5 and PyQt6 forms, purged: on Debian 12 in a mount namespace
# whose /usr, /etc and /var are throwaway overlays, and in the Debian 13 chroot (Tests/Qt/deb_qt.sh).
DEBIAN13_QT_TEST_APT = python3-pyqt5 python3-pyqt6 python3-gi gir1.2-atspi-2.0 at-spi2-core libgtk-layer-shell0
test-deb-qt: deb deb-qt test-deps
	Tests/Qt/deb_qt.sh "$(OSK_DEB)" dist dist/debian13 $(DEBIAN13_QT_TEST_APT)

# keypad-osk's package (make deb) in the Debian 13 chroot, in labwc 0.8.3 headless as Raspberry Pi OS
# runs it: started by labwc's autostart, a Chromium kiosk's number and tel fields tapped get the
# decimal and phone pads over the fullscreen page, and taps on their keys type into the page; then a
# PyQt6 form (Qt 6.8, text-input-v3, no plug-in) gets each hint's pad, a `shown` line for each, and
# types (Tests/OSK/labwc_deb13.sh, Tests/OSK/labwc_kiosk.py), and a PyQt5 form types through Debian
# 13's keypad-im-qt5 (#32); a field near the bottom of fullscreen GTK 4
# (keypad-osk's first keypad) and PyQt6 windows and of Chromium and Firefox ESR kiosks takes the keypad
# to the top, and a field at the top brings it back (#34); then the keyboard on request types into
# a GTK 3 entry, foot and xterm (Tests/OSK/onrequest_e2e.py, #35). About a minute, and about 35 s
# more for the keyboard on request, once the chroot has the packages.
test-labwc: deb deb-qt test-deps $(VIRTUAL_POINTER)
	Tests/OSK/labwc_deb13.sh --with "$(QT5_DEB13)" "$(OSK_DEB)" "$(VIRTUAL_POINTER)" $(DEBIAN13_LABWC_APT)

# The arm64 packages (make deb-arm64) in an arm64 Debian 13 chroot under qemu-user (binfmt_misc set for
# the run, left as found): apt on bookworm refuses them (glibc), KeypadCore's tests (cross-built) pass,
# the three install with apt and purge leaving nothing, the GTK 3 module types into an arm64 yad
# under Xvfb, keypad-osk from labwc's autostart serves a GTK 4 form (Tests/Deb/arm64_deb13.sh).
# The chroot is made on the first run (debootstrap and packages under emulation: minutes). The
# virtual pointer is cross-built there from the protocol code generated here. make test runs it beside
# its other suites (docs/raspberry-pi.md has the times).
test-arm64: deb-arm64 test-deps $(VIRTUAL_POINTER_PROTOCOL)-client-protocol.h $(VIRTUAL_POINTER_PROTOCOL)-protocol.c
	KEYPAD_PROTOCOL_CODE=$(PROTOCOL_CODE) Tests/Deb/arm64_deb13.sh $(ARM64_DEBS) $(DEBIAN13_ARM64_TEST_APT)

# ==== Debian packages (.deb) of Keypad, into dist/ ====
# Each package's file: dist/<package>_<version>_<arch>.deb, the version from KeypadVersion.swift and
# the architecture from dpkg, as scripts/packaging/deb-common.sh names it.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/KeypadCore/KeypadVersion.swift)
ARCH := $(shell dpkg --print-architecture)
deb_file = dist/$(1)_$(VERSION)_$(or $(2),$(ARCH)).deb
# The GTK 3 module (#31): the thin C module, depending on keypad-osk, and the im-config method
# (scripts/packaging/build-deb; docs/debian-package.md says which package and process does what).
# Built once on Debian 12 for Debian 12 and 13, as keypad-osk and the GTK 4 module are; the Qt
# plug-ins are built per release (version +deb12u1, +deb13u1).
GTK3_DEB = $(call deb_file,keypad-im-gtk3)
# keypad-osk (#25, scripts/packaging/build-deb-osk).
OSK_DEB = $(call deb_file,keypad-osk)
# The GTK 4 module (#26): C, no Swift runtime, in GTK 4's module directory, depending on keypad-osk
# (scripts/packaging/build-deb-gtk4; docs/gtk4.md).
GTK4_DEB = $(call deb_file,keypad-im-gtk4)
# The Qt 5 plug-in's package built in the Debian 13 chroot (make deb-qt), for make test-labwc.
QT5_DEB13 = dist/debian13/keypad-im-qt5_$(VERSION)+deb13u1_$(ARCH).deb
# The three for arm64 (make deb-arm64).
ARM64_DEBS = $(foreach package,keypad-im-gtk3 keypad-osk keypad-im-gtk4,$(call deb_file,$(package),arm64))
# The release make test-deb upgrades from: keypad-im-gtk3 0.1.0, built once from git history and kept
# in /var/cache/keypad/released (scripts/packaging/released-deb).
RELEASED_DEB = $$(SWIFT=$(SWIFT) scripts/packaging/released-deb keypad-im-gtk3 0.1.0)

# lintian must find nothing on any. Made again only when the checkout changed since they were
# made (scripts/checks/unchanged): make test's suites each name it.
deb: deps ## the Debian packages of the GTK 3 module, keypad-osk and the GTK 4 module (dist/)
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	@if scripts/checks/unchanged .build/deb.key $(GTK3_DEB) $(OSK_DEB) $(GTK4_DEB); then \
		echo "make deb: $(GTK3_DEB), $(OSK_DEB) and $(GTK4_DEB) were made from this checkout"; else \
		key=$$(scripts/checks/unchanged --key) && \
		scripts/packaging/build-deb >/dev/null && lintian --fail-on error,warning,info "$(GTK3_DEB)" && echo "$(GTK3_DEB)" && \
		SWIFT=$(SWIFT) scripts/packaging/build-deb-osk >/dev/null && lintian --fail-on error,warning,info "$(OSK_DEB)" && echo "$(OSK_DEB)" && \
		$(MAKE) --no-print-directory deb-gtk4 && mkdir -p .build && echo "$$key" > .build/deb.key; fi

# lintian must find nothing.
deb-gtk4: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	@scripts/packaging/build-deb-gtk4 >/dev/null && lintian --fail-on error,warning,info "$(GTK4_DEB)" && echo "$(GTK4_DEB)"

# keypad-im-qt5 and keypad-im-qt6 (scripts/packaging/build-deb-qt), each built against a release's own
# Qt, whose private ABI it depends on: Debian 12's here into dist/, Debian 13's inside the Debian 13
# chroot (with DEBIAN13_QT_BUILD_APT there) into dist/debian13/; lintian must find nothing on either
# release. See docs/qt.md.
DEBIAN13_QT_BUILD_APT = qtbase5-private-dev qt6-base-private-dev qtbase5-dev-tools qt6-base-dev-tools g++ \
	pkg-config dpkg-dev lintian
QT_DEB_BUILD = for qt in 5 6; do deb=$$(scripts/packaging/build-deb-qt $$qt) && lintian --fail-on error,warning,info "$$deb" && echo "$$deb" || exit 1; done
# Made again only when the checkout changed since they were made, as deb.
QT_DEBS = $(foreach release,deb12u1 deb13u1,$(foreach qt,5 6,$(if $(filter deb13u1,$(release)),dist/debian13,dist)/keypad-im-qt$(qt)_$(VERSION)+$(release)_$(ARCH).deb))
deb-qt: deps ## the Qt plug-in's packages for Debian 12 (dist/) and Debian 13 (dist/debian13/)
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	@if scripts/checks/unchanged .build/deb-qt.key $(QT_DEBS); then \
		echo "make deb-qt: $(QT_DEBS) were made from this checkout"; else \
		key=$$(scripts/checks/unchanged --key) && $(QT_DEB_BUILD) && \
		scripts/packaging/debian13-chroot $(foreach p,$(DEBIAN13_QT_BUILD_APT),-p $(p)) -b "$$PWD:/keypad" -- \
		env SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct) KEYPAD_DEB_DIR=dist/debian13 sh -c 'cd /keypad && $(QT_DEB_BUILD)' && \
		mkdir -p .build && echo "$$key" > .build/deb-qt.key; fi

# The three packages for arm64 (#30), cross-built here from Debian's packages only: Debian sid's
# swiftlang (pinned) and a Debian 13 arm64 sysroot with the Swift runtime of the same build, made once
# (about 1.4 GB of downloads, a few minutes) and kept in /var/cache/keypad; Depends from Debian 13's
# arm64 packages; lintian must find nothing. See docs/raspberry-pi.md.
deb-arm64: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT) $(CROSS_APT)"
	SWIFT=$(SWIFT) scripts/packaging/build-deb-cross arm64
	@ls $(ARM64_DEBS)

# The GTK 3 module's package and keypad-osk installed on this machine (apt resolves their Depends), and purged.
install-im: deb ## installs the GTK 3 module's package and keypad-osk here
	apt-get install -y --no-install-recommends "./$(GTK3_DEB)" "./$(OSK_DEB)"

uninstall-im:
	dpkg --purge keypad-im-gtk3 keypad-osk

# ==== Trying Keypad by hand: a window with a DISPLAY, else a PNG rendered under Xvfb ====
DEMO_FLAGS ?=
# The demo form with its keypads.
demo: build ## the demo: a window, or artifacts/demo.png without a display
	@if [ -n "$$DISPLAY" ]; then \
		$(SWIFT) run keypad-demo $(DEMO_FLAGS); \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the demo under Xvfb."; \
		scripts/display/with-display $(SWIFT) run keypad-demo --screenshot artifacts/demo.png $(DEMO_FLAGS); \
		echo "Open artifacts/demo.png to see it; run 'make demo' on a desktop (DISPLAY set) to use it."; \
	fi

# The example an app developer copies: Sources/keypad-example binds the entries of a .ui file.
example: build ## the example an app copies: a window, or artifacts/example.png
	@if [ -n "$$DISPLAY" ]; then \
		$(SWIFT) run keypad-example; \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the example under Xvfb."; \
		scripts/display/with-display $(SWIFT) run keypad-example --screenshot artifacts/example.png; \
		echo "Open artifacts/example.png to see it; run 'make example' on a desktop (DISPLAY set) to use it."; \
	fi

# The Python GTK 3 form under the module, keypad-osk D-Bus activated from the build on a session bus
# of its own.
try-im: build ## a GTK 3 form under the input-method module: a window, or artifacts/try-im.png
	@export $(OSK_ACTIVATION) GTK_IM_MODULE_FILE="$(IM_CACHE)" GTK_IM_MODULE=keypad; \
	if [ -n "$$DISPLAY" ]; then \
		dbus-run-session -- /usr/bin/python3 Tests/IM/im_form.py; \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the form under Xvfb."; \
		scripts/display/with-display /usr/bin/python3 Tests/IM/im_form.py --screenshot $$PWD/artifacts/try-im.png >/dev/null; \
		echo "Open artifacts/try-im.png to see it; run 'make try-im' on a desktop (DISPLAY set) to use it."; \
	fi

# ==== Measuring: release-build benchmarks and long runs, never timed tests ====
# Each script writes Benchmarks/results/<section>.json and renders BENCHMARKS.md from all of them
# (scripts/benchmarks/render_benchmarks.py); scripts/benchmarks/bench-im adds GTK 3's thin module
# against the in-process Swift module it replaced (built once from a pinned commit,
# scripts/benchmarks/swift-im-reference, #31), the in-app keypad, a GtkButton and matchbox-keyboard,
# and the memory a GTK 3 app pays for it; scripts/benchmarks/bench-web the thin module against
# matchbox-keyboard in Firefox ESR's kiosk, and in Chromium; scripts/benchmarks/bench-qt the Qt
# plug-in against Qt Virtual Keyboard.
bench: bench-deps ## the benchmarks: Benchmarks/results/*.json, rendered into BENCHMARKS.md
	scripts/benchmarks/bench
	scripts/benchmarks/bench-im
	scripts/benchmarks/bench-web
	SWIFT=$(SWIFT) scripts/benchmarks/bench-gtk4
	SWIFT=$(SWIFT) scripts/benchmarks/bench-osk
	SWIFT=$(SWIFT) scripts/benchmarks/bench-qt

# Long runs (about 20 minutes): 10^5 focus switches and 10^6 presses in the demo with its
# RSS, valgrind on two shorter runs, and 10^6 random sessions of the model property test;
# results in BENCHMARKS.md's Soak section. Sizes: see scripts/benchmarks/soak. Then keypad-osk's
# memory over 20 000 focus changes of a GTK 3 and a GTK 4 form (scripts/benchmarks/soak-osk, #31,
# about 3 minutes; its section "keypad-osk soak").
soak: deps test-deps
	scripts/benchmarks/soak
	SWIFT=$(SWIFT) scripts/benchmarks/soak-osk

# ==== Documentation, formatting and lint ====
# DocC for the three library modules, each into docs/api/<Module>; any DocC warning
# (an unresolved symbol link, a missing topic) fails the build.
DOC_MODULES := KeypadCore KeypadTesting KeypadGTK
docs: deps ## the API reference (DocC) into docs/api
	@set -e; mkdir -p docs/api; for module in $(DOC_MODULES); do \
		echo "Documenting $$module"; \
		$(SWIFT) package --allow-writing-to-directory docs/api \
			generate-documentation --target $$module --output-path docs/api/$$module \
			--transform-for-static-hosting --disable-indexing --warnings-as-errors; \
	done

# swift-format (in the toolchain) with the checked-in .swift-format: 4-space indent,
# 120 columns, no force unwrap or force try. `format` rewrites the files in place;
# `lint` changes nothing and fails on any difference from that style, then checks the docs'
# code samples, that BENCHMARKS.md is what its results render, and that keypad-osk's committed
# protocol code is what wayland-scanner makes of its XML.
SWIFT_FORMAT ?= swift-format
FORMAT_PATHS := Package.swift Sources Tests Fuzz Benchmarks/Model/Package.swift Benchmarks/Model/Sources \
	Benchmarks/Model/Benchmarks Benchmarks/Rigs

format: ## rewrites the Swift files in the project's style
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMAT_PATHS)

lint: check-protocol-code ## the style, the docs' code samples, BENCHMARKS.md and the protocol code checked, nothing changed
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMAT_PATHS)
	scripts/checks/check-doc-samples
	/usr/bin/python3 scripts/benchmarks/render_benchmarks.py --check
	/usr/bin/python3 scripts/benchmarks/test_render_benchmarks.py -q

clean: ## removes what the build wrote in the checkout (.build*, dist)
	rm -rf .build .build-* dist

# ==== This list ====
help: ## the targets to start with
	@echo "Keypad: make TARGET (each installs the Debian packages it needs first)."
	@awk -F':.*## ' '/^[a-z0-9-]+:.*## / { printf "  %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo "One suite of make test at a time: make SUITE, for SUITE in:"
	@echo "$(TEST_SUITES) test-arm64" | fold -s -w 96 | sed 's/^/  /'
	@echo "More (packages for arm64, fuzzing, soak) in the Makefile's comments; README.md has the tour."

.PHONY: all build swift-build check-protocol-code deps test-deps bench-deps install-apt qt-plugins test test-in-order $(TEST_SUITES) test-arm64 \
	deb deb-gtk4 deb-qt deb-arm64 install-im uninstall-im demo example try-im bench soak fuzz docs format lint clean help
