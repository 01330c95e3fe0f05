# Keypad — every target does its own set-up on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
PROPERTY_SEQUENCES ?= 10000

# ---- Debian packages: what each target installs on a fresh machine ----
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
# - the Debian package's tools (make test-deb), and debootstrap for its Debian 13 chroot.
TEST_APT = xdotool:xdotool python3-gi:/usr/bin/python3 gir1.2-atspi-2.0 imagemagick:import \
	zenity:zenity yad:yad libxtst6 \
	gtk-4-examples:gtk4-widget-factory gtk-3-examples:gtk3-widget-factory \
	firefox-esr:firefox-esr chromium:chromium gdb:gdb \
	sway:sway cage:cage xwayland:Xwayland x11-xserver-utils:xhost grim:grim wtype:wtype libgtk-layer-shell0 \
	gir1.2-gtk-4.0 libglib2.0-bin:gdbus foot:foot xterm:xterm \
	python3-pyqt5 python3-pyqt6 python3-pyqt5.qtquick python3-pyqt6.qtquick \
	qml-module-qtquick2 qml-module-qtquick-window2 qml-module-qtquick-controls2 qml-module-qtquick-layouts \
	qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtquick-controls qml6-module-qtquick-templates \
	qml6-module-qtquick-layouts qml6-module-qtqml-workerscript qtwayland5 qt6-wayland \
	$(PACKAGING_APT) im-config:im-config debootstrap:debootstrap

# make test-deb also installs the package in a Debian 13 chroot (scripts/packaging/debian13-chroot
# installs these there, not on this machine): the display (Xvfb, openbox, xprop, a session bus,
# xdotool), yad and im-config, and Python's GTK 3 and AT-SPI for Tests/Deb/deb_apps.py.
DEBIAN13_TEST_APT = xvfb openbox x11-utils dbus xdotool yad im-config python3-gi gir1.2-gtk-3.0 \
	gir1.2-atspi-2.0 at-spi2-core
# make test-deb-gtk4 installs keypad-osk and the GTK 4 module there too, with Debian 13's zenity
# (4.1, a GTK 4 app) to type into (Tests/GTK4/deb13_zenity.sh).
DEBIAN13_GTK4_TEST_APT = zenity

# make test-labwc runs keypad-osk's package in Raspberry Pi OS's compositor there (labwc 0.8.3)
# with a Chromium kiosk, grim's screenshots, wtype's virtual keyboard, Python's gi for the
# tests' Wayland helpers, and keypad-osk's one Depends the chroot lacks (so that each run's
# apt-get install downloads nothing), and PyQt6 with Qt 6.8's Wayland platform for a Qt form that
# reaches keypad-osk over text-input-v3 with no plug-in (#32). The keyboard on request (#35) types
# there into a GTK 3 entry (gir1.2-gtk-3.0), foot, and xterm through labwc's Xwayland (xdotool
# reads its input focus); libxtst6 is keypad-osk's Depends for XTest. The first run installs them
# into the kept chroot (Chromium: a few minutes, once). GTK 4 (gir1.2-gtk-4.0) for a GTK 4 window
# whose entry near the bottom takes the keypad to the top (#34).
DEBIAN13_LABWC_APT = labwc chromium grim wtype python3-gi gir1.2-atspi-2.0 libgtk-layer-shell0 python3-pyqt6 qt6-wayland \
	gir1.2-gtk-3.0 foot xterm xwayland xdotool libxtst6 \
	gir1.2-gtk-4.0

# make deb-arm64 cross-builds the packages for Raspberry Pi OS (arm64) in chroots that mmdebstrap makes
# (scripts/packaging/cross-swift); make test-arm64 runs them in an arm64 Debian 13 chroot under
# qemu-user-static (scripts/packaging/debian13-chroot --arch arm64), with these there: the
# display and yad of make test-deb, labwc with wtype's virtual keyboard and GTK 4 for Python (a
# GTK 4 form on Wayland), grim's screenshots, keypad-osk's one Depends the chroot lacks, and libcurl
# (the Swift runtime's FoundationNetworking, which the cross-built test binary loads).
CROSS_APT = mmdebstrap:mmdebstrap qemu-user-static:qemu-aarch64-static
DEBIAN13_ARM64_TEST_APT = $(DEBIAN13_TEST_APT) labwc wtype grim gir1.2-gtk-4.0 libgtk-layer-shell0 libcurl4t64

# make bench adds the anchors it measures against and its tools: matchbox-keyboard and
# squeekboard (keypad-osk's, scripts/benchmarks/bench-osk), valgrind
# for callgrind's instruction counts, and cairo for Python (the keypad's first draw is timed
# from a draw handler), and Qt Virtual Keyboard for Qt 5 and Qt 6 with the Qt.labs.folderlistmodel
# QML module its keyboard imports (Debian's packages leave it out: without it the panel draws no
# keyboard), the anchor of scripts/benchmarks/bench-qt.
BENCH_APT = matchbox-keyboard:matchbox-keyboard valgrind:valgrind python3-gi-cairo squeekboard:squeekboard \
	qtvirtualkeyboard-plugin qml-module-qt-labs-folderlistmodel \
	qt6-virtualkeyboard-plugin qml6-module-qt-labs-folderlistmodel

# The package names alone, for apt-get.
packages = $(foreach entry,$(1),$(firstword $(subst :, ,$(entry))))

# The GTK 3 input-method module: GTK's tool that writes module caches (Debian keeps it in
# GTK's libdir, off PATH; both from pkg-config, never a written triplet), and the cache
# `make build` writes for the uninstalled module.
GTK_LIBDIR = $(shell pkg-config --variable=libdir gtk+-3.0)
GTK_QUERY_IMMODULES = $(GTK_LIBDIR)/libgtk-3-0/gtk-query-immodules-3.0
IM_LIBRARY = $$($(SWIFT) build --show-bin-path)/libKeypadIM.so
IM_CACHE = $$($(SWIFT) build --show-bin-path)/immodules.cache

# The thin GTK input-method modules (#26, #31): C only (GTK, GIO, libc; no Swift runtime in the
# app), one context source for GTK 3 and GTK 4 (Sources/ThinModules/GTK, each file choosing by
# GTK_CHECK_VERSION) and the thin modules' shared D-Bus client (Sources/ThinModules/Client),
# built with cc:
# - GTK 4's into <bin>/gtk-4.0/4.0.0/immodules, where GTK 4 finds it with GTK_PATH=<bin>/gtk-4.0;
# - GTK 3's into <bin>/gtk-3.0/3.0.0/immodules, with its own cache <bin>/gtk-3.0/immodules.cache
#   (GTK_IM_MODULE_FILE names it). Until its tests cover what the Swift module's do (#31), the
#   Swift module's cache, IM_CACHE, stays the one the GTK 3 tests use.
# Beside them, <bin>/share/dbus-1/services/org.keypad.OSK1.service starts <bin>/keypad-osk by
# D-Bus activation for a session bus whose XDG_DATA_DIRS lists <bin>/share. See docs/gtk4.md,
# docs/thin-modules.md.
THIN_CLIENT_SOURCES = $(wildcard Sources/ThinModules/Client/*.c)
THIN_GTK_SOURCES = $(wildcard Sources/ThinModules/GTK/*.c) $(THIN_CLIENT_SOURCES)
THIN_GTK_CFLAGS = -ISources/ThinModules/Client -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -fvisibility=hidden \
	-Wl,-z,defs -Wl,--as-needed
THIN_GTK3_CACHE = $$($(SWIFT) build --show-bin-path)/gtk-3.0/immodules.cache

.PHONY: all deps test-deps bench-deps install-apt build qt-plugins virtual-pointer test test-e2e test-im test-thin-im test-gtk4 test-thin-gtk3 test-qt test-web test-thin-web test-wayland test-osk test-deb test-deb-gtk4 test-deb-qt test-labwc test-arm64 deb deb-gtk4 deb-qt deb-arm64 demo example try-im install-im uninstall-im bench soak test-fuzz fuzz docs format lint clean

all: build

deps:
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

# Also writes the cache that lets GTK load the uninstalled module:
#   GTK_IM_MODULE_FILE=<bin>/immodules.cache GTK_IM_MODULE=keypad any-gtk3-app
# and builds the GTK 4 module with keypad-osk's D-Bus service file (docs/gtk4.md):
#   XDG_DATA_DIRS=<bin>/share:/usr/share dbus-run-session -- env GTK_PATH=<bin>/gtk-4.0 GTK_IM_MODULE=keypad any-gtk4-app
build: deps
	$(SWIFT) build -Xswiftc -warnings-as-errors
	@$(GTK_QUERY_IMMODULES) "$(IM_LIBRARY)" > "$(IM_CACHE)" && echo "IM module cache: $(IM_CACHE)"
	@bin=$$($(SWIFT) build --show-bin-path); \
	mkdir -p "$$bin/gtk-4.0/4.0.0/immodules" "$$bin/gtk-3.0/3.0.0/immodules" "$$bin/share/dbus-1/services" && \
	cc $(THIN_GTK_CFLAGS) -o "$$bin/gtk-4.0/4.0.0/immodules/libim-keypad.so" $(THIN_GTK_SOURCES) $$(pkg-config --cflags --libs gtk4) && \
	cc $(THIN_GTK_CFLAGS) -o "$$bin/gtk-3.0/3.0.0/immodules/im-keypad.so" $(THIN_GTK_SOURCES) $$(pkg-config --cflags --libs gtk+-3.0 x11) && \
	$(GTK_QUERY_IMMODULES) "$$bin/gtk-3.0/3.0.0/immodules/im-keypad.so" > "$$bin/gtk-3.0/immodules.cache" && \
	sed "s|@bindir@|$$bin|" Resources/dbus/org.keypad.OSK1.service.in > "$$bin/share/dbus-1/services/org.keypad.OSK1.service" && \
	echo "GTK 4 IM module: GTK_PATH=$$bin/gtk-4.0; keypad-osk's D-Bus activation: XDG_DATA_DIRS=$$bin/share"

# ---- The Qt input-context plug-in (#32) ----
# One C++ source (Sources/ThinModules/Qt) with the shared client built in, for Qt 5 and for Qt 6,
# each where Qt finds it with QT_PLUGIN_PATH=.build/qtN/plugins and QT_IM_MODULE=keypad (docs/qt.md).
# Qt's platform plug-ins use Qt's private QPA headers (<includedir>/QtGui/<version>/...), so a
# plug-in loads only in the Qt it was built against.
QT_PLUGIN_FILE = platforminputcontexts/libkeypadplatforminputcontextplugin.so
QT5_PLUGIN = .build/qt5/plugins/$(QT_PLUGIN_FILE)
QT6_PLUGIN = .build/qt6/plugins/$(QT_PLUGIN_FILE)
QT_PLUGIN_SOURCES = $(wildcard Sources/ThinModules/Qt/*.cpp)
QT_PLUGIN_INPUTS = $(QT_PLUGIN_SOURCES) $(wildcard Sources/ThinModules/Qt/*.h Sources/ThinModules/Qt/*.json) \
	$(THIN_CLIENT_SOURCES) Sources/ThinModules/Client/keypad_osk_client.h
QT_PC_qt5 = Qt5Gui
QT_PC_qt6 = Qt6Gui
# moc: Qt 5's in its host_bins, Qt 6's in its libexecdir (Debian's paths, read from pkg-config).
QT_MOC_qt5 = "$$(pkg-config --variable=host_bins Qt5Core)/moc"
QT_MOC_qt6 = "$$(pkg-config --variable=libexecdir Qt6Core)/moc"
QT_PLUGIN_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra -Werror -fPIC -fvisibility=hidden -DQT_NO_KEYWORDS \
	-DQT_NO_DEBUG -ISources/ThinModules/Client -ISources/ThinModules/Qt
THIN_CLIENT_CFLAGS = -ISources/ThinModules/Client -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -fPIC \
	-fvisibility=hidden

$(QT5_PLUGIN) $(QT6_PLUGIN): .build/%/plugins/$(QT_PLUGIN_FILE): $(QT_PLUGIN_INPUTS)
	@mkdir -p $(@D) .build/$*/obj
	@pc=$(QT_PC_$*); include=$$(pkg-config --variable=includedir $$pc); version=$$(pkg-config --modversion $$pc); \
	private=""; for module in QtCore QtGui; do private="$$private -I$$include/$$module/$$version -I$$include/$$module/$$version/$$module"; done; \
	echo "Qt plug-in ($*): QT_PLUGIN_PATH=$(abspath .build/$*/plugins)"; \
	$(QT_MOC_$*) $$private $$(pkg-config --cflags-only-I $$pc) -o .build/$*/obj/keypad_qt_plugin.moc Sources/ThinModules/Qt/keypad_qt_plugin.cpp && \
	cc $(THIN_CLIENT_CFLAGS) -c -o .build/$*/obj/keypad_osk_client.o $(THIN_CLIENT_SOURCES) $$(pkg-config --cflags gio-2.0) && \
	c++ $(QT_PLUGIN_CXXFLAGS) -I.build/$*/obj $$private $$(pkg-config --cflags $$pc gio-2.0) -shared -Wl,-z,defs \
		-Wl,--as-needed -o $@ $(QT_PLUGIN_SOURCES) .build/$*/obj/keypad_osk_client.o $$(pkg-config --libs $$pc gio-2.0)

qt-plugins: deps $(QT5_PLUGIN) $(QT6_PLUGIN)

# ---- Debian package (#21) ----
# make deb: dist/keypad-im-gtk3_<version>_<arch>.deb, a release build of the module with the
# Swift runtime and Foundation linked in (KEYPAD_DEB_RUNTIME=private: as libraries in a private
# directory instead), its layouts, strings and CSS, and an im-config method. See scripts/packaging/build-deb.
# make install-im installs that package (apt resolves its Depends), uninstall-im purges it.
# make test-deb installs it where /opt/swift and the checkout are hidden, drives yad and a
# Python GTK 3 form through it and removes it, does the same in a Debian 13 chroot, and runs
# lintian (Tests/Deb/deb_e2e.sh). The chroot (scripts/packaging/debian13-chroot) is made on the
# first run (about 3 minutes, downloads included) and kept in /var/cache/keypad/debian13,
# outside the checkout: make clean keeps it; delete that directory to make it again.
DEB_PACKAGE := keypad-im-gtk3
DEB = $$(ls -t dist/$(DEB_PACKAGE)_*.deb | head -n 1)

# keypad-osk's own package (#25): dist/keypad-osk_<version>_<arch>.deb (scripts/packaging/build-deb-osk).
OSK_DEB = $$(ls -t dist/keypad-osk_*.deb | head -n 1)

deb: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	SWIFT=$(SWIFT) scripts/packaging/build-deb
	SWIFT=$(SWIFT) scripts/packaging/build-deb-osk
	$(MAKE) --no-print-directory deb-gtk4

# dist/keypad-im-gtk4_<version>_<arch>.deb (#26): the GTK 4 module (C, no Swift runtime) in GTK 4's
# module directory, depending on keypad-osk; lintian must find nothing. See docs/gtk4.md.
deb-gtk4: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	@deb=$$(scripts/packaging/build-deb-gtk4) && lintian --fail-on error,warning,info "$$deb" && echo "$$deb"

# make deb-qt (#32): keypad-im-qt5 and keypad-im-qt6 (scripts/packaging/build-deb-qt), each built against a
# release's own Qt, whose private ABI it depends on: Debian 12's here into dist/, Debian 13's inside the
# Debian 13 chroot (with DEBIAN13_QT_BUILD_APT there) into dist/debian13/; lintian must find nothing on
# either release. See docs/qt.md.
DEBIAN13_QT_BUILD_APT = qtbase5-private-dev qt6-base-private-dev qtbase5-dev-tools qt6-base-dev-tools g++ \
	pkg-config dpkg-dev libglib2.0-dev lintian
QT_DEB_BUILD = for qt in 5 6; do deb=$$(scripts/packaging/build-deb-qt $$qt) && lintian --fail-on error,warning,info "$$deb" && echo "$$deb" || exit 1; done
deb-qt: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT)"
	@$(QT_DEB_BUILD)
	@scripts/packaging/debian13-chroot $(foreach p,$(DEBIAN13_QT_BUILD_APT),-p $(p)) -b "$$PWD:/keypad" -- \
		env SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct) KEYPAD_DEB_DIR=dist/debian13 sh -c 'cd /keypad && $(QT_DEB_BUILD)'

# make test-deb-qt: keypad-osk (make deb) with each release's keypad-im-qt5 and keypad-im-qt6 (make deb-qt),
# installed with apt-get, typing into PyQt5 and PyQt6 forms, purged: on Debian 12 in a mount namespace
# whose /usr, /etc and /var are throwaway overlays, and in the Debian 13 chroot (Tests/Qt/deb_qt.sh).
DEBIAN13_QT_TEST_APT = python3-pyqt5 python3-pyqt6 python3-gi gir1.2-atspi-2.0 at-spi2-core libgtk-layer-shell0
test-deb-qt: deb deb-qt test-deps
	Tests/Qt/deb_qt.sh "$(OSK_DEB)" dist dist/debian13 $(DEBIAN13_QT_TEST_APT)

# make deb-arm64 (#30): the three packages for arm64 (dist/*_arm64.deb), cross-built here from Debian's
# packages only: Debian sid's swiftlang (pinned) and a Debian 13 arm64 sysroot with the Swift runtime
# of the same build, made once (about 1.4 GB of downloads, a few minutes) and kept in /var/cache/keypad;
# Depends from Debian 13's arm64 packages; lintian must find nothing. See docs/raspberry-pi.md.
deb-arm64: deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(PACKAGING_APT) $(CROSS_APT)"
	SWIFT=$(SWIFT) scripts/packaging/build-deb-cross arm64

# make test-arm64 (#30): the arm64 packages in an arm64 Debian 13 chroot under qemu-user (binfmt_misc set for
# the run, left as found): apt on bookworm refuses them (glibc), KeypadCore's tests (cross-built) pass,
# the three install with apt and purge leaving nothing, the GTK 3 module types into an arm64 yad
# under Xvfb, keypad-osk from labwc's autostart serves a GTK 4 form (Tests/Deb/arm64_deb13.sh).
# The chroot is made on the first run (debootstrap and packages under emulation: minutes).
ARM64_DEBS = $$(for p in keypad-im-gtk3 keypad-osk keypad-im-gtk4; do ls -t dist/$${p}_*_arm64.deb | head -n 1; done)
# The virtual pointer is cross-built there from the protocol code generated here (PROTOCOL_CODE, below).
test-arm64: deb-arm64 test-deps
	@$(MAKE) --no-print-directory install-apt ENTRIES="$(CROSS_APT)"
	KEYPAD_PROTOCOL_CODE=$(PROTOCOL_CODE) Tests/Deb/arm64_deb13.sh $(ARM64_DEBS) $(DEBIAN13_ARM64_TEST_APT)

install-im: deb
	apt-get install -y --no-install-recommends "./$(DEB)"

uninstall-im:
	dpkg --purge $(DEB_PACKAGE)

test-deb: deb test-deps
	SWIFT=$(SWIFT) Tests/Deb/deb_e2e.sh "$(DEB)" $(DEBIAN13_TEST_APT)
	SWIFT=$(SWIFT) Tests/Deb/osk_deb_e2e.sh "$(OSK_DEB)"
# ---- end of Debian package (#21) ----

# The Python GTK 3 form under the module: a window with a DISPLAY, else a PNG rendered under Xvfb.
try-im: build
	@export GTK_IM_MODULE_FILE="$(IM_CACHE)" GTK_IM_MODULE=keypad; \
	if [ -n "$$DISPLAY" ]; then \
		/usr/bin/python3 Tests/IM/im_form.py; \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the form under Xvfb."; \
		scripts/display/with-display /usr/bin/python3 Tests/IM/im_form.py --screenshot $$PWD/artifacts/try-im.png >/dev/null; \
		echo "Open artifacts/try-im.png to see it; run 'make try-im' on a desktop (DISPLAY set) to use it."; \
	fi

# Every test runs on a fresh Xvfb display with openbox and a private D-Bus session,
# so the GTK tests always run (KEYPAD_REQUIRE_DISPLAY=1: a missing display fails them; a
# plain `swift test` without one skips them and says how many). A GTK
# critical (a call on a destroyed widget, say) ends the run instead of scrolling by.
# It lints first (make lint): unformatted code fails the run.
# The fast-tap test runs on a display of its own with no window manager: openbox's click-to-focus grab
# loses a few presses 1 ms apart before any client sees them (GTKFastTapTests).
# The preedit tests load GTK's cyrillic_translit input method, which changes every GTK
# input method of the process for good, so they run in a process of their own (GTKPreeditTests).
# keypad-osk's service tests make GTK keypad windows of their own, so they too run apart:
# beside KeypadGTKTests' serialized suite in one process, that suite's X taps missed.
test: test-deps lint build
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_PROPERTY_SEQUENCES=$(PROPERTY_SEQUENCES) \
		scripts/display/with-display $(SWIFT) test -Xswiftc -warnings-as-errors
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_NO_WM=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter GTKFastTapTests
	G_DEBUG=fatal-criticals KEYPAD_REQUIRE_DISPLAY=1 KEYPAD_PREEDIT_TESTS=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter GTKPreeditTests
	G_DEBUG=fatal-criticals KEYPAD_OSK_SERVICE_TESTS=1 scripts/display/with-display \
		$(SWIFT) test -Xswiftc -warnings-as-errors --filter OSKServiceTests
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory test-im
	$(MAKE) --no-print-directory test-thin-im
	$(MAKE) --no-print-directory test-gtk4
	$(MAKE) --no-print-directory test-thin-gtk3
	$(MAKE) --no-print-directory test-qt
	$(MAKE) --no-print-directory test-web
	$(MAKE) --no-print-directory test-thin-web
	$(MAKE) --no-print-directory test-wayland
	$(MAKE) --no-print-directory test-osk
	$(MAKE) --no-print-directory test-fuzz
	$(MAKE) --no-print-directory test-deb
	$(MAKE) --no-print-directory test-deb-gtk4
	$(MAKE) --no-print-directory test-deb-qt
	$(MAKE) --no-print-directory test-labwc

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
	G_DEBUG=fatal-criticals scripts/display/with-display /usr/bin/python3 Tests/EndToEnd/keypad_e2e.py "$$($(SWIFT) build --show-bin-path)/keypad-demo"

# The IM module in three GTK 3 programs: the Python form, a C program compiled here, and zenity;
# then zenity again on a display with no window manager (X focus follows the pointer there).
IM_C_FORM = $$($(SWIFT) build --show-bin-path)/im-c-form
# The monitor changer (RandR 1.5) the module's display-change test runs.
IM_MONITOR = $$($(SWIFT) build --show-bin-path)/im-monitor
# The C form over a malloc shaped like Chromium's PartitionAlloc (Tests/IM/odd_malloc.c).
IM_ODD_MALLOC_FORM = $$($(SWIFT) build --show-bin-path)/im-c-form-odd-malloc
# A GTK 3 host handing the module's X11 helpers a destroyed window (Tests/IM/im_x_race.c).
IM_X_RACE = $$($(SWIFT) build --show-bin-path)/im-x-race
test-im: build test-deps
	cc -o "$(IM_C_FORM)" Tests/IM/im_c_form.c $$(pkg-config --cflags --libs gtk+-3.0)
	cc -o "$(IM_ODD_MALLOC_FORM)" -rdynamic Tests/IM/im_c_form.c Tests/IM/odd_malloc.c $$(pkg-config --cflags --libs gtk+-3.0)
	cc -o "$(IM_MONITOR)" -ITests/CKeypadTestDisplay/include Tests/IM/im_monitor.c \
		Tests/CKeypadTestDisplay/keypad_test_display.c $$(pkg-config --cflags --libs gtk+-3.0) -lXrandr -lX11
	cc -Wall -Wextra -o "$(IM_X_RACE)" Tests/IM/im_x_race.c $$(pkg-config --cflags --libs gtk+-3.0) -lX11 -ldl
	G_DEBUG=fatal-criticals GTK_IM_MODULE_FILE="$(IM_CACHE)" scripts/display/with-display \
		/usr/bin/python3 Tests/IM/im_e2e.py --c-form "$(IM_C_FORM)" --monitor "$(IM_MONITOR)" \
		--odd-malloc-form "$(IM_ODD_MALLOC_FORM)" --x-race "$(IM_X_RACE)"
	G_DEBUG=fatal-criticals GTK_IM_MODULE_FILE="$(IM_CACHE)" KEYPAD_NO_WM=1 scripts/display/with-display \
		/usr/bin/python3 Tests/IM/im_e2e.py --no-window-manager

# The same tests through the thin GTK 3 module and keypad-osk (#31): KEYPAD_IM_THIN=1, the thin
# module's cache, keypad-osk D-Bus activated from the build's share/ with the trace set for the bus.
# Tests of the in-process module alone are skipped with their reason (Tests/IM/im_e2e.py).
test-thin-im: build test-deps
	cc -o "$(IM_C_FORM)" Tests/IM/im_c_form.c $$(pkg-config --cflags --libs gtk+-3.0)
	cc -o "$(IM_ODD_MALLOC_FORM)" -rdynamic Tests/IM/im_c_form.c Tests/IM/odd_malloc.c $$(pkg-config --cflags --libs gtk+-3.0)
	cc -o "$(IM_MONITOR)" -ITests/CKeypadTestDisplay/include Tests/IM/im_monitor.c \
		Tests/CKeypadTestDisplay/keypad_test_display.c $$(pkg-config --cflags --libs gtk+-3.0) -lXrandr -lX11
	@bin=$$($(SWIFT) build --show-bin-path); trace=$$(mktemp); status=0; \
	export XDG_DATA_DIRS="$$bin/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" KEYPAD_IM_TRACE="$$trace" \
		KEYPAD_IM_THIN=1 GTK_IM_MODULE_FILE="$(THIN_GTK3_CACHE)" G_DEBUG=fatal-criticals; \
	scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py --c-form "$(IM_C_FORM)" --monitor "$(IM_MONITOR)" \
		--odd-malloc-form "$(IM_ODD_MALLOC_FORM)" --x-race none || status=1; \
	: > "$$trace"; KEYPAD_NO_WM=1 scripts/display/with-display /usr/bin/python3 Tests/IM/im_e2e.py --no-window-manager || status=1; \
	rm -f "$$trace"; exit $$status

# The GTK 4 module and keypad-osk (#26): the Python GTK 4 form (each purpose's pad, Delete, Return),
# two apps sharing one keypad-osk, keypad-osk killed mid-typing, gtk4-widget-factory; then a tap
# with no window manager. keypad-osk starts only by D-Bus activation, from the service file
# make build wrote (the session bus reads <bin>/share from XDG_DATA_DIRS). About a minute.
# test-thin-gtk3 runs the same tests of the thin GTK 3 module (#31: the same context source),
# with the form in GTK 3 and gtk3-widget-factory.
test-thin-gtk3: THIN_GTK_E2E = --gtk 3
test-gtk4 test-thin-gtk3: build test-deps
	@bin=$$($(SWIFT) build --show-bin-path); trace=$$(mktemp); status=0; \
	export XDG_DATA_DIRS="$$bin/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" KEYPAD_IM_TRACE="$$trace" G_DEBUG=fatal-criticals; \
	scripts/display/with-display /usr/bin/python3 Tests/GTK4/gtk4_e2e.py $(THIN_GTK_E2E) "$$bin" || status=1; \
	: > "$$trace"; KEYPAD_NO_WM=1 scripts/display/with-display /usr/bin/python3 Tests/GTK4/gtk4_e2e.py --no-wm $(THIN_GTK_E2E) "$$bin" || status=1; \
	rm -f "$$trace"; exit $$status

# The Qt plug-in and keypad-osk (#32), for Qt 5 and Qt 6 (Tests/Qt/qt_e2e.py), about two minutes: under
# Xvfb + openbox, PyQt5 and PyQt6 forms, widgets and QML (each hint's pad from keypad-osk's trace,
# typing, Delete, Return, focus kept, the password on neither the bus nor the trace, hints changed
# while focused) and QT_NO_GLIB=1, keypad-osk started by D-Bus activation as in test-gtk4; then the
# widget forms as native Wayland clients of a headless sway (keypad-osk started by the test first),
# tapped with the virtual pointer.
# QT_PLUGIN_PATH points each app at the plug-in built for its Qt.
test-qt: build test-deps qt-plugins virtual-pointer
	@bin=$$($(SWIFT) build --show-bin-path); trace=$$(mktemp); status=0; \
	export XDG_DATA_DIRS="$$bin/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" KEYPAD_IM_TRACE="$$trace"; \
	scripts/display/with-display /usr/bin/python3 Tests/Qt/qt_e2e.py "$$bin" "$$PWD/.build" || status=1; \
	rm -f "$$trace"; export XDG_DATA_DIRS=/usr/local/share:/usr/share; \
	scripts/display/with-wayland sway /usr/bin/python3 Tests/Qt/qt_e2e.py --wayland "$$bin" "$$PWD/.build" || status=1; \
	exit $$status

# The GTK 4 module and keypad-osk from their packages (make deb), /opt/swift hidden, the machine's
# /usr untouched (an overlay in a mount namespace): the form, keypad-osk killed, gtk4-widget-factory;
# then both installed with apt-get in the Debian 13 chroot, typing into Debian 13's zenity, removed.
test-deb-gtk4: deb test-deps
	Tests/GTK4/deb_gtk4.sh "$(OSK_DEB)" "$$(ls -t dist/keypad-im-gtk4_*.deb | head -n 1)" $(DEBIAN13_GTK4_TEST_APT)

# keypad-osk's package (make deb) in the Debian 13 chroot, in labwc 0.8.3 headless as Raspberry Pi OS
# runs it: started by labwc's autostart, a Chromium kiosk's number and tel fields tapped get the
# decimal and phone pads over the fullscreen page, and taps on their keys type into the page; then a
# PyQt6 form (Qt 6.8, text-input-v3, no plug-in) gets each hint's pad, a `shown` line for each, and
# types (Tests/OSK/labwc_deb13.sh, Tests/OSK/labwc_kiosk.py); then the keyboard on request types into
# a GTK 3 entry, foot and xterm (Tests/OSK/onrequest_e2e.py, #35). About a minute, and about 35 s
# more for the keyboard on request, once the chroot has the packages.
test-labwc: deb test-deps virtual-pointer
	Tests/OSK/labwc_deb13.sh "$(OSK_DEB)" "$$($(SWIFT) build --show-bin-path)/virtual-pointer" $(DEBIAN13_LABWC_APT)

# The module in Firefox ESR and Chromium in kiosk mode on Tests/Web/form.html (three fresh
# Firefox kiosks and one Chromium, about 45 s): docs/web-kiosks.md.
test-web: build test-deps
	scripts/display/with-display /usr/bin/python3 Tests/Web/web_e2e.py "$$($(SWIFT) build --show-bin-path)"

# The same browser tests through the thin GTK 3 module and keypad-osk (#31), D-Bus activated from
# the build's share/ (Tests/Web/web_e2e.py --thin; keypad-osk writes the trace).
test-thin-web: build test-deps
	@bin=$$($(SWIFT) build --show-bin-path); \
	XDG_DATA_DIRS="$$bin/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
		scripts/display/with-display /usr/bin/python3 Tests/Web/web_e2e.py --thin "$$bin"

# The keypad's own window on Wayland, with the module (the Python form) and with the
# library's window placement (keypad-demo): in a headless sway (layer-shell) and in cage
# (no layer-shell, no keyboard) nested in a headless sway. See docs/wayland.md.
# Wayland protocols' code, generated by wayland-scanner from the XML kept in protocols/
# (protocols/README.md): a client header and the interfaces' tables, never written by hand.
PROTOCOL_CODE = .build/protocols
$(PROTOCOL_CODE)/%-client-protocol.h: protocols/%.xml | deps
	@mkdir -p $(@D)
	wayland-scanner client-header $< $@
$(PROTOCOL_CODE)/%-protocol.c: protocols/%.xml | deps
	@mkdir -p $(@D)
	wayland-scanner private-code $< $@

# The tests' virtual pointer (a Wayland client of sway's seat), beside the build's binaries.
VIRTUAL_POINTER_PROTOCOL = $(PROTOCOL_CODE)/wlr-virtual-pointer-unstable-v1
# make test-arm64 cross-builds it from the same generated code.
test-arm64: $(VIRTUAL_POINTER_PROTOCOL)-client-protocol.h $(VIRTUAL_POINTER_PROTOCOL)-protocol.c
virtual-pointer: build $(VIRTUAL_POINTER_PROTOCOL)-client-protocol.h $(VIRTUAL_POINTER_PROTOCOL)-protocol.c
	cc -Wall -Wextra -Werror -I$(PROTOCOL_CODE) -o "$$($(SWIFT) build --show-bin-path)/virtual-pointer" \
		Tests/Wayland/virtual_pointer.c $(VIRTUAL_POINTER_PROTOCOL)-protocol.c $$(pkg-config --cflags --libs wayland-client)

test-wayland: build test-deps virtual-pointer
	@scripts/display/with-wayland sway /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$$($(SWIFT) build --show-bin-path)"
	@# cage: the thin GTK 3 module, keypad-osk D-Bus activated from the build's share/ (#31); each
	@# module case in a cage of its own, one app per cage as in a kiosk (docs/wayland.md: in cage 0.1.4
	@# a second app's keypad may not show).
	@bin=$$($(SWIFT) build --show-bin-path); \
	export XDG_DATA_DIRS="$$bin/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" KEYPAD_IM_THIN=1; \
	for cases in "test_library_window_placement test_library_docked" test_cage_thin_pad_types_and_keeps_focus \
		test_cage_thin_fields_toolbar_and_focus_out test_cage_thin_keypad_osk_killed_and_restarted; do \
		scripts/display/with-wayland cage /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$$bin" $$cases || exit 1; \
	done
	@scripts/display/with-display /usr/bin/python3 Tests/Wayland/wayland_e2e.py "$$($(SWIFT) build --show-bin-path)"

# keypad-osk, the system keypad, in a headless sway: a GTK 3 form, a GTK 4 form and a
# Chromium kiosk reach it through the compositor (input-method-v2); a second one refuses;
# in cage (no input-method-v2) it refuses. Then its keyboard on request (#35), in sway (a GTK 3
# entry with the simple input method, foot, xterm through Xwayland) and under Xvfb + openbox
# (xterm, the GTK 3 entry); where sway tells no caret, the keypad stays at the bottom and the
# --exclusive recipe keeps a field in view (#34, Tests/OSK/caret_e2e.py). See docs/keypad-osk.md.
test-osk: build test-deps virtual-pointer
	@for compositor in sway cage; do \
		scripts/display/with-wayland $$compositor /usr/bin/python3 Tests/OSK/osk_e2e.py \
			"$$($(SWIFT) build --show-bin-path)" || exit 1; \
	done
	@scripts/display/with-wayland sway /usr/bin/python3 Tests/OSK/onrequest_e2e.py "$$($(SWIFT) build --show-bin-path)"
	@scripts/display/with-display /usr/bin/python3 Tests/OSK/onrequest_e2e.py "$$($(SWIFT) build --show-bin-path)"

DEMO_FLAGS ?=
# With a display, the demo opens a window; without one, it renders under Xvfb,
# saves a screenshot and says where.
demo: build
	@if [ -n "$$DISPLAY" ]; then \
		$(SWIFT) run keypad-demo $(DEMO_FLAGS); \
	else \
		mkdir -p artifacts; \
		echo "No DISPLAY: rendering the demo under Xvfb."; \
		scripts/display/with-display $(SWIFT) run keypad-demo --screenshot artifacts/demo.png $(DEMO_FLAGS); \
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
		scripts/display/with-display $(SWIFT) run keypad-example --screenshot artifacts/example.png; \
		echo "Open artifacts/example.png to see it; run 'make example' on a desktop (DISPLAY set) to use it."; \
	fi

# Release-build measurements (never timed tests): each script writes Benchmarks/results/<section>.json
# and renders BENCHMARKS.md from all of them (scripts/benchmarks/render_benchmarks.py); scripts/benchmarks/bench-im
# adds the IM module against the in-app keypad, a GtkButton and matchbox-keyboard; scripts/benchmarks/bench-web
# the module against matchbox-keyboard in Firefox ESR's kiosk; scripts/benchmarks/bench-qt the Qt
# plug-in against Qt Virtual Keyboard.
bench: bench-deps
	scripts/benchmarks/bench
	scripts/benchmarks/bench-im
	scripts/benchmarks/bench-web
	SWIFT=$(SWIFT) scripts/benchmarks/bench-gtk4
	SWIFT=$(SWIFT) scripts/benchmarks/bench-deb
	SWIFT=$(SWIFT) scripts/benchmarks/bench-osk
	SWIFT=$(SWIFT) scripts/benchmarks/bench-qt

# Long runs (about 20 minutes): 10^5 focus switches and 10^6 presses in the demo with its
# RSS, valgrind on two shorter runs, and 10^6 random sessions of the model property test;
# results in BENCHMARKS.md's Soak section. Sizes: see scripts/benchmarks/soak.
soak: deps
	scripts/benchmarks/soak

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

# swift-format (in the toolchain) with the checked-in .swift-format: 4-space indent,
# 120 columns, no force unwrap or force try. `format` rewrites the files in place;
# `lint` changes nothing and fails on any difference from that style.
SWIFT_FORMAT ?= swift-format
FORMAT_PATHS := Package.swift Sources Tests Fuzz Benchmarks/Model/Package.swift Benchmarks/Model/Sources \
	Benchmarks/Model/Benchmarks Benchmarks/Rigs

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMAT_PATHS)

lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMAT_PATHS)
	scripts/checks/check-doc-samples
	/usr/bin/python3 scripts/benchmarks/render_benchmarks.py --check
	/usr/bin/python3 scripts/benchmarks/test_render_benchmarks.py -q

clean:
	rm -rf .build .build-fuzz .build-deb .build-deb-private dist
