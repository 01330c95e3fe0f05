#!/usr/bin/env bash
# make test-deb: keypad-im-gtk3 (the thin GTK 3 module) with keypad-osk, as a kiosk without a
# Swift toolchain gets them, upgraded with apt from keypad-im-gtk3 0.1.0 (the Swift module), on
# Debian 12 (this machine) and Debian 13.
#
#   Tests/Deb/deb_e2e.sh OLD_GTK3_DEB GTK3_DEB OSK_DEB DEBIAN13_PACKAGE...
#
# OLD_GTK3_DEB: keypad-im-gtk3 0.1.0 (scripts/packaging/released-deb builds it once from git
# history); DEBIAN13_PACKAGE...: what the chroot needs for the test (the Makefile's DEBIAN13_TEST_APT).
#
# GTK3_DEB and OSK_DEB go into a flat apt repository (dpkg-scanpackages), as a kiosk's apt would
# find them, and Tests/Deb/deb_lifecycle.sh --from OLD_GTK3_DEB runs twice: 0.1.0 installed with
# apt-get and chosen with im-config, `apt-get install keypad-im-gtk3` upgrading it and pulling
# keypad-osk, GTK 3 apps (yad, a Python form: Tests/Deb/deb_apps.py) getting their pads from the
# installed keypad-osk and typing, im-config -n REMOVE, apt-get purge leaving nothing:
# - here, in a mount namespace whose /usr, /etc and /var are overlays with throwaway upper
#   layers (apt and dpkg change nothing of the machine's: this machine is left as it was,
#   however the run ends), with the Swift toolchain and this checkout hidden under empty tmpfs
#   mounts;
# - in a Debian 13 chroot (scripts/packaging/debian13-chroot, a throwaway copy of the kept one):
#   the same packages, built here, whose Depends resolve through Debian 13's t64 packages.
# Then lintian on both packages, which fails the run on any tag. Needs root (unshare, mount, chroot).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)

if [ "${1:-}" = --debian12 ]; then  # inside the mount namespace: WORK TOOLCHAIN
    work=$2 toolchain=$3
    for dir in usr etc var; do
        mkdir -p "$work/layers/$dir-upper" "$work/layers/$dir-work"
        mount -t overlay keypad-deb-test -o "lowerdir=/$dir,upperdir=$work/layers/$dir-upper,workdir=$work/layers/$dir-work" "/$dir"
    done
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-toolchain "$toolchain"
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-checkout "$checkout"
    [ -z "$(ls -A "$toolchain")" ] && [ -z "$(ls -A "$checkout")" ] || { echo "deb_e2e: not hidden" >&2; exit 1; }
    echo "Hidden: $toolchain and $checkout; /usr, /etc and /var are throwaway overlays"
    exec "$work/debian12/deb_lifecycle.sh" --from "$work/debian12/$(basename "$old")" "$work/debian12/repository"
fi

[ $# -gt 3 ] || { echo "deb_e2e: name keypad-im-gtk3 0.1.0's package, the new keypad-im-gtk3 and keypad-osk packages, and the Debian 13 packages (make test-deb does)" >&2; exit 64; }
old=$(realpath "$1") gtk3_deb=$(realpath "$2") osk_deb=$(realpath "$3")
shift 3
debian13_packages=()
for name in "$@"; do debian13_packages+=(-p "$name"); done
swift=$(command -v "${SWIFT:-swift}")
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")

work=$(mktemp -d /tmp/keypad-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
for release in debian12 debian13; do
    mkdir -p "$work/$release/repository"
    cp -r "$old" "$checkout/scripts/display/with-display" "$checkout/Tests/Deb/deb_lifecycle.sh" \
        "$checkout/Tests/Deb/deb_apps.py" "$checkout/Tests/Support/keypad_harness" "$checkout/Tests/IM/im_form.py" \
        "$checkout/Tests/IM/im_form_tests.py" "$work/$release/"
    cp "$gtk3_deb" "$osk_deb" "$work/$release/repository/"
    (cd "$work/$release/repository" && dpkg-scanpackages --multiversion . > Packages 2> /dev/null)
done
# A directory apt's sandbox user can read the packages from.
chmod -R a+rX "$work"

# No file of the packages looks for libraries outside them (the toolchain's, say).
for deb in "$gtk3_deb" "$osk_deb"; do
    mkdir "$work/contents"
    dpkg-deb -x "$deb" "$work/contents"
    while IFS= read -r -d '' file; do
        if readelf -d "$file" 2>/dev/null | grep -E '\((RUNPATH|RPATH)\)' | grep -vq '\[\$ORIGIN'; then
            echo "FAIL $(basename "$deb"): ${file#"$work/contents"} looks for libraries outside the package" >&2; exit 1
        fi
    done < <(find "$work/contents" -type f -print0)
    rm -rf "$work/contents"
done
echo "ok   no file of the packages has a RUNPATH outside them"

start=$SECONDS
export old
unshare --mount --propagation private "$0" --debian12 "$work" "$toolchain"
echo "ok   Debian 12 in $((SECONDS - start)) s"

start=$SECONDS
"$checkout/scripts/packaging/debian13-chroot" "${debian13_packages[@]}" -b "$work/debian13:/keypad-test" -- \
    /keypad-test/deb_lifecycle.sh --from "/keypad-test/$(basename "$old")" /keypad-test/repository
echo "ok   Debian 13 in $((SECONDS - start)) s"

for deb in "$gtk3_deb" "$osk_deb"; do
    tags=$(lintian --fail-on error,warning,info "$deb" 2>&1) ||
        { echo "$tags" | sed 's/^/  /'; echo "FAIL lintian reports on $(basename "$deb")" >&2; exit 1; }
done
echo "ok   lintian: nothing on $(basename "$gtk3_deb") or $(basename "$osk_deb")"
