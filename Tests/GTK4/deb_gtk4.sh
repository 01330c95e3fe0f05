#!/usr/bin/env bash
# make test-deb-gtk4 (#26): the GTK 4 module and keypad-osk from their Debian packages, with no
# toolchain: both packages unpacked over /usr (an overlay, in a mount namespace of this test's
# own, so the machine's /usr is left alone) and /opt/swift hidden, then the GTK 4 e2e tests that
# need nothing from the build tree: the form (every pad and key), keypad-osk killed mid-typing,
# gtk4-widget-factory. GTK finds the module in its own module directory, the session bus
# finds keypad-osk's service file in /usr/share/dbus-1/services.
# Then Debian 13: the same two packages in a Debian 13 chroot (scripts/packaging/debian13-chroot),
# installed with apt-get, typing into Debian 13's zenity 4.1 (GTK 4) and removed again
# (Tests/GTK4/deb13_zenity.sh).
#
#   Tests/GTK4/deb_gtk4.sh KEYPAD_OSK_DEB KEYPAD_IM_GTK4_DEB DEBIAN13_PACKAGE...
#
# DEBIAN13_PACKAGE...: what the chroot needs for the test (the Makefile's DEBIAN13_GTK4_TEST_APT).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--inside" ]; then
    root=$2
    mount -t overlay overlay -o "lowerdir=$root/usr:/usr" /usr
    [ -d /opt/swift ] && mount -t tmpfs tmpfs /opt/swift
    if command -v swift >/dev/null; then echo "deb_gtk4: a Swift toolchain is still visible" >&2; exit 1; fi
    [ -e "$(pkg-config --variable=libdir gtk4)/gtk-4.0/4.0.0/immodules/libim-keypad.so" ]
    no_module=$(mktemp -d)  # GTK_PATH with no module: GTK's own directory serves it
    trace=$(mktemp)
    status=0
    for test in each_field killed_mid_typing widget_factory; do
        KEYPAD_IM_TRACE=$trace XDG_DATA_DIRS=/usr/local/share:/usr/share G_DEBUG=fatal-criticals \
            scripts/display/with-display /usr/bin/python3 Tests/GTK4/gtk4_e2e.py "$no_module" --only "$test" || status=1
    done
    rm -rf "$no_module" "$trace"
    exit $status
fi
[ $# -gt 2 ] || { echo "deb_gtk4: name the two packages and the Debian 13 packages the test needs (make test-deb-gtk4 does)" >&2; exit 64; }
osk_deb=$(realpath "$1") im_deb=$(realpath "$2")
shift 2
debian13_packages=()
for name in "$@"; do debian13_packages+=(-p "$name"); done
root=$(mktemp -d)
work=$(mktemp -d /tmp/keypad-deb-gtk4-test.XXXXXX)
trap 'rm -rf "$root" "$work"' EXIT
for deb in "$osk_deb" "$im_deb"; do dpkg-deb -x "$deb" "$root"; done
unshare --mount --propagation private "$0" --inside "$root"
echo "ok   Debian 12 in $SECONDS s"

start=$SECONDS
cp "$osk_deb" "$im_deb" Tests/GTK4/deb13_zenity.sh scripts/display/with-display "$work/"
chmod -R a+rX "$work"  # apt's sandbox user reads the packages
scripts/packaging/debian13-chroot "${debian13_packages[@]}" -b "$work:/keypad-test" -- \
    /keypad-test/deb13_zenity.sh "$(basename "$osk_deb")" "$(basename "$im_deb")"
echo "ok   Debian 13 in $((SECONDS - start)) s"
