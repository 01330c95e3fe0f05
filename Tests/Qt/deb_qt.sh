#!/usr/bin/env bash
# make test-deb-qt (#32): keypad-im-qt5 and keypad-im-qt6 with keypad-osk, installed with apt-get,
# used and purged, on Debian 12 and on Debian 13, each release with the plug-ins built against its
# own Qt (scripts/packaging/build-deb-qt; Debian 13's built in the chroot by make deb-qt).
#
#   Tests/Qt/deb_qt.sh KEYPAD_OSK_DEB DEBIAN12_DEB_DIR DEBIAN13_DEB_DIR DEBIAN13_PACKAGE...
#
# DEB_DIRs hold keypad-im-qt5_*.deb and keypad-im-qt6_*.deb; DEBIAN13_PACKAGE...: what the chroot
# needs for the test (the Makefile's DEBIAN13_QT_TEST_APT).
#
# Each release runs the same steps (--lifecycle): apt-get installs the three packages (their
# Depends resolve from the release's own packages, the Qt ABI included); the PyQt5 and PyQt6
# widget forms type through the installed plug-ins with only QT_IM_MODULE=keypad (no
# QT_PLUGIN_PATH: Qt finds them in its own plug-in directory), keypad-osk started by D-Bus
# activation from its installed service file (Tests/Qt/qt_e2e.py, each hint's pad, typing,
# Delete, Return, the password on neither the bus nor the trace); apt-get purge leaves none of
# their files and dpkg forgets them.
# - Debian 12: this machine, in a mount namespace of the test's own whose /usr, /etc and /var are
#   overlays with throwaway upper layers (apt and dpkg change nothing of the machine's) and
#   /opt/swift hidden;
# - Debian 13: scripts/packaging/debian13-chroot, a throwaway copy of the kept chroot.
set -euo pipefail
cd "$(dirname "$0")/../.."
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)

if [ "${1:-}" = "--lifecycle" ]; then
    shift
    release=$(. /etc/os-release && echo "$PRETTY_NAME")
    packages=(keypad-im-qt5 keypad-im-qt6 keypad-osk)
    # Debian 12's /tmp is the machine's own (only /usr, /etc and /var are overlays): what the
    # run writes goes in a directory it removes.
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    "${apt[@]}" install "$@" > "$scratch/apt-install.log" 2>&1 || { cat "$scratch/apt-install.log" >&2; exit 1; }
    files=$(dpkg -L "${packages[@]}" | grep -E 'platforminputcontexts/libkeypad|/keypad-osk$|OSK1\.service$')
    [ "$(wc -l <<< "$files")" -ge 4 ] || { echo "FAIL the packages installed too few files: $files" >&2; exit 1; }
    echo "ok   $release: apt-get install $(printf '%s ' "${packages[@]}")"
    nothing="$scratch/nothing"  # no build tree: neither a QT_PLUGIN_PATH nor a keypad-osk of the checkout's
    mkdir "$nothing"
    status=0
    KEYPAD_IM_TRACE="$scratch/trace" XDG_DATA_DIRS=/usr/local/share:/usr/share \
        scripts/display/with-display /usr/bin/python3 Tests/Qt/qt_e2e.py "$nothing" "$nothing" --kind widgets \
        --only each_hint > "$scratch/qt-e2e.log" 2>&1 || status=1
    # No result line (the suite did not start): its log follows, not a silent exit (pipefail).
    grep -E '^(ok|FAIL)' "$scratch/qt-e2e.log" | sed "s/^/     /" || true
    [ $status = 0 ] || { cat "$scratch/qt-e2e.log" >&2; echo "FAIL $release: the forms through the installed plug-ins" >&2; exit 1; }
    echo "ok   $release: PyQt5 and PyQt6 forms through the installed plug-ins"
    "${apt[@]}" purge "${packages[@]}" > "$scratch/apt-purge.log" 2>&1 || { cat "$scratch/apt-purge.log" >&2; exit 1; }
    while read -r file; do
        [ ! -e "$file" ] || { echo "FAIL $file is still there after apt-get purge" >&2; exit 1; }
    done <<< "$files"
    for package in "${packages[@]}"; do
        ! dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -qv '^un' ||
            { echo "FAIL dpkg still knows $package after the purge" >&2; exit 1; }
    done
    echo "ok   $release: apt-get purge leaves no file and dpkg forgets them"
    exit 0
fi

if [ "${1:-}" = "--debian12" ]; then
    # The overlays' upper layers go in LAYERS, which the caller removes once this namespace and
    # its mounts are gone.
    layers=$2
    shift 2
    for dir in usr etc var; do
        mkdir -p "$layers/$dir-upper" "$layers/$dir-work"
        mount -t overlay overlay -o "lowerdir=/$dir,upperdir=$layers/$dir-upper,workdir=$layers/$dir-work" "/$dir"
    done
    [ -d /opt/swift ] && mount -t tmpfs tmpfs /opt/swift
    if command -v swift >/dev/null; then echo "deb_qt: a Swift toolchain is still visible" >&2; exit 1; fi
    "$0" --lifecycle "$@"
    exit
fi

[ $# -gt 3 ] || { echo "deb_qt: name keypad-osk's package, the two package folders and the Debian 13 packages (make test-deb-qt does)" >&2; exit 64; }
osk_deb=$(realpath "$1") debian12=$(realpath "$2") debian13=$(realpath "$3")
shift 3
debian13_packages=()
for name in "$@"; do debian13_packages+=(-p "$name"); done
arch=$(dpkg --print-architecture)
debs() { for qt in 5 6; do ls -t "$1"/keypad-im-qt${qt}_*_"$arch".deb | head -n 1; done; }  # the newest of each

tmp=$(mktemp -d /tmp/keypad-deb-qt.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# apt-get reads packages given by path; apt's sandbox user must read them.
cp "$osk_deb" $(debs "$debian12") "$tmp/" && mkdir "$tmp/13" && cp "$osk_deb" $(debs "$debian13") "$tmp/13/"
chmod -R a+rX "$tmp"
start=$SECONDS
mkdir "$tmp/layers"
unshare --mount --propagation private "$0" --debian12 "$tmp/layers" "$tmp"/*.deb
echo "ok   Debian 12 in $((SECONDS - start)) s"

start=$SECONDS
scripts/packaging/debian13-chroot "${debian13_packages[@]}" -b "$PWD:/keypad" -b "$tmp/13:/keypad-debs" -- \
    env PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=/keypad/Tests/Support sh -c 'cd /keypad && Tests/Qt/deb_qt.sh --lifecycle /keypad-debs/*.deb'
echo "ok   Debian 13 in $((SECONDS - start)) s"
