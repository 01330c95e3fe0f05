#!/usr/bin/env bash
# make test-deb, second package: keypad-osk as a kiosk without a Swift toolchain gets it.
#
#   Tests/Deb/osk_deb_e2e.sh dist/keypad-osk_<version>_<arch>.deb
#
# In a mount namespace where the Swift toolchain and this checkout are hidden under empty
# tmpfs mounts: apt-get install the package; /usr/bin/keypad-osk --version; in a headless sway, a
# GTK 3 form (GTK's own Wayland input method, no module) focusing a DIGITS entry gets the
# number pad from the installed keypad-osk (its layouts from the installed bundle); a purge
# leaves no file of the package. Then lintian, which fails the run on an error or a warning.
# Needs root (dpkg, unshare, mount).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)
deb=$(realpath "$1")
package=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
swift=$(command -v "${SWIFT:-swift}")
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")

# apt-get waits for dpkg's lock (other checkouts install packages on this machine too).
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
known() { dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -qv '^un'; }
exec 9>/run/lock/keypad-osk.lock
flock -w 600 9 || { echo "osk_deb_e2e: another run has held /run/lock/keypad-osk.lock for 10 minutes" >&2; exit 1; }
if known; then
    echo "osk_deb_e2e: $package is installed on this machine; remove it first (dpkg --purge $package)" >&2
    exit 1
fi

work=$(mktemp -d /tmp/keypad-osk-deb-test.XXXXXX)
chmod 755 "$work"
cleanup() {
    if known; then "${apt[@]}" purge "$package" >/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cp "$deb" "$checkout/scripts/display/with-wayland" "$checkout/Tests/IM/im_form.py" "$work/"
deb=$work/$(basename "$deb")

# In sway: the installed keypad-osk shows the number pad for the form's DIGITS entry.
cat > "$work/in-sway.sh" <<'SWAY'
set -u
KEYPAD_IM_TRACE="$work/trace" /usr/bin/keypad-osk > "$work/osk.log" 2>&1 &
osk=$!
GTK_IM_MODULE= /usr/bin/python3 "$work/im_form.py" --focus Digits > /dev/null 2>&1 &
form=$!
status=1
for _ in $(seq 150); do
    if grep -qx "shown numberPad digits" "$work/trace" 2>/dev/null; then status=0; break; fi
    sleep 0.1
done
kill "$form" "$osk" 2>/dev/null
wait
[ $status = 0 ] || { echo "FAIL no number pad from the installed keypad-osk:" >&2; cat "$work/trace" "$work/osk.log" >&2; }
exit $status
SWAY

inside() {
    set -euo pipefail
    local apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-toolchain "$toolchain"
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-checkout "$checkout"
    cd "$work"
    [ -z "$(ls -A "$toolchain")" ] && [ -z "$(ls -A "$checkout")" ] || { echo "not hidden" >&2; exit 1; }
    echo "Hidden: $toolchain and $checkout"
    dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|' > package-paths
    while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before
    "${apt[@]}" install "$deb" > dpkg-install.log 2>&1 || { cat dpkg-install.log >&2; exit 1; }
    [ "$(/usr/bin/keypad-osk --version)" = "$version" ] || { echo "FAIL keypad-osk --version" >&2; exit 1; }
    if ldd /usr/lib/keypad-osk/keypad-osk | grep -E 'not found|swift'; then
        echo "FAIL keypad-osk needs a library the system lacks or the toolchain's" >&2; exit 1
    fi
    echo "ok   installed; keypad-osk --version runs without the toolchain"
    ./with-wayland sway bash "$work/in-sway.sh"
    echo "ok   the installed keypad-osk shows the number pad for a GTK 3 app's DIGITS entry in sway"
    "${apt[@]}" purge "$package" > dpkg-purge.log 2>&1 || { cat dpkg-purge.log >&2; exit 1; }
    left=""
    while read -r path; do
        if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before; then left="$left $path"; fi
    done < package-paths
    [ -z "$left" ] || { echo "FAIL the purge left:$left" >&2; exit 1; }
    echo "ok   purged: no file of the package left"
}
export -f inside known
export toolchain checkout work deb package version
unshare --mount --propagation private bash -c inside 9>&-

lintian --fail-on error,warning "$deb"
echo "ok   lintian: no error, no warning"
