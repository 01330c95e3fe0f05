#!/usr/bin/env bash
# make test-deb: the Debian package as a kiosk without a Swift toolchain gets it, on
# Debian 12 (this machine) and Debian 13.
#
#   Tests/Deb/deb_e2e.sh dist/keypad-im-gtk3_<version>_<arch>.deb DEBIAN13_PACKAGE...
#
# DEBIAN13_PACKAGE...: what the chroot needs for the test (the Makefile's DEBIAN13_TEST_APT).
#
# Tests/Deb/deb_lifecycle.sh installs the package with apt-get, drives GTK 3 apps with only
# GTK_IM_MODULE=keypad (Tests/Deb/deb_apps.py: yad, GTK 3 on both releases, and a Python
# GTK 3 form), removes and purges it, checking GTK's module cache and every file each time.
# It runs twice:
# - here, in a mount namespace where the Swift toolchain and this checkout are hidden under
#   empty tmpfs mounts;
# - in a Debian 13 chroot (scripts/packaging/debian13-chroot, made once per machine and kept):
#   the same package, built here, whose Depends resolve through Debian 13's t64 packages.
# Then lintian, which fails the run on an error.
#
# Here apt writes the real /usr and /var/lib/dpkg (a mount namespace hides, it does not
# sandbox): a trap purges the package however the run ends. Other IM tests are not
# affected while it is installed: they name their own cache with GTK_IM_MODULE_FILE. In the
# chroot every run works on a throwaway copy. Needs root (apt, unshare, mount, chroot).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)
deb=$(realpath "$1")
shift
[ $# -gt 0 ] || { echo "deb_e2e: name the Debian 13 packages the test needs (make test-deb does)" >&2; exit 64; }
debian13_packages=()
for name in "$@"; do debian13_packages+=(-p "$name"); done
package=$(dpkg-deb -f "$deb" Package)
gtk_libdir=$(pkg-config --variable=libdir gtk+-3.0)
immodules=$gtk_libdir/gtk-3.0/$(pkg-config --variable=gtk_binary_version gtk+-3.0)/immodules
swift=$(command -v "${SWIFT:-swift}")
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")

known() { dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -qv '^un'; }
# One package install at a time on this machine: make test-deb and make bench of other
# checkouts wait here (up to 10 minutes) instead of finding the package installed.
exec 9>/run/lock/keypad-im-gtk3.lock
flock -w 600 9 || { echo "deb_e2e: another run has held /run/lock/keypad-im-gtk3.lock for 10 minutes" >&2; exit 1; }
if known; then
    echo "deb_e2e: $package is installed on this machine; remove it first (dpkg --purge $package)" >&2
    exit 1
fi
if [ -e "$immodules/im-keypad.so" ]; then
    echo "deb_e2e: $immodules/im-keypad.so exists outside the package (an old make install-im?); remove it first" >&2
    exit 1
fi

work=$(mktemp -d /tmp/keypad-deb-test.XXXXXX)
host_done=""
cleanup() {
    if [ -z "$host_done" ] && known; then
        echo "deb_e2e: purging $package" >&2
        dpkg --purge "$package" >/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
# A directory apt's sandbox user can read the package from.
chmod 0755 "$work"
mkdir "$work/debian12" "$work/debian13"
for release in debian12 debian13; do
    cp -r "$deb" "$checkout/scripts/display/with-display" "$checkout/Tests/Deb/deb_lifecycle.sh" \
        "$checkout/Tests/Deb/deb_apps.py" "$checkout/Tests/Support/keypad_harness" "$checkout/Tests/IM/im_form.py" \
        "$checkout/Tests/IM/im_form_tests.py" "$work/$release/"
    chmod -R a+rX "$work/$release"
done
deb_name=$(basename "$deb")

# No file of the package looks for libraries outside it (the toolchain's, say).
mkdir "$work/contents"
dpkg-deb -x "$deb" "$work/contents"
while IFS= read -r -d '' file; do
    if readelf -d "$file" 2>/dev/null | grep -E '\((RUNPATH|RPATH)\)' | grep -vq '\[\$ORIGIN'; then
        echo "FAIL ${file#"$work/contents"} looks for libraries outside the package" >&2; exit 1
    fi
done < <(find "$work/contents" -type f -print0)
echo "ok   no file of the package has a RUNPATH outside it"

inside() {
    set -euo pipefail
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-toolchain "$toolchain"
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-checkout "$checkout"
    [ -z "$(ls -A "$toolchain")" ] && [ -z "$(ls -A "$checkout")" ] || { echo "not hidden" >&2; exit 1; }
    echo "Hidden: $toolchain and $checkout"
    "$work/debian12/deb_lifecycle.sh" "$work/debian12/$deb_name"
}
export -f inside
export toolchain checkout work deb_name
unshare --mount --propagation private bash -c inside 9>&-  # no child keeps the lock
# The package is purged from this machine: the lock goes (the chroot's runs are throwaway
# copies), and with it the trap's right to purge (another run may install it now).
host_done=1
exec 9>&-

echo "ok   Debian 12 in $SECONDS s"

start=$SECONDS
"$checkout/scripts/packaging/debian13-chroot" "${debian13_packages[@]}" -b "$work/debian13:/keypad-test" -- \
    /keypad-test/deb_lifecycle.sh "/keypad-test/$deb_name"
echo "ok   Debian 13 in $((SECONDS - start)) s"

echo "lintian $(basename "$deb"):"
tags=$(lintian --fail-on error "$deb" 2>&1) || { echo "$tags" | sed 's/^/  /'; echo "FAIL lintian reports an error" >&2; exit 1; }
echo "$tags" | grep -v 'root privileges' | sed 's/^/  /' || true
echo "ok   lintian: no error"
