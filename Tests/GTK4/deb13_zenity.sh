#!/usr/bin/env bash
# The GTK 4 packages on Debian 13 (#26): keypad-osk and keypad-im-gtk4, built on Debian 12, in
# a Debian 13 chroot (scripts/packaging/debian13-chroot, run by Tests/GTK4/deb_gtk4.sh) with
# Debian 13's zenity 4.1, a GTK 4 app:
#
#   deb13_zenity.sh KEYPAD_OSK_DEB KEYPAD_IM_GTK4_DEB
#
# Run from a directory holding the packages, this script and scripts/display/with-display.
# apt-get installs both (their Depends resolve through Debian 13's t64 packages); under Xvfb
# and openbox with a session bus, `zenity --entry` with GTK_IM_MODULE=keypad starts keypad-osk
# by D-Bus activation (its service file from the package); the keypad's keys are found in
# keypad-osk's trace (KEYPAD_IM_TRACE: each key's screen rectangle) and tapped with xdotool:
# k, e, y, x, Delete, Return. zenity must print exactly "key", nothing on standard error, and
# exit 0. Then apt-get remove leaves no file of either package and dpkg --purge forgets them.
set -euo pipefail
cd "$(dirname "$0")"
title="Keypad on Debian 13"

if [ "${1:-}" = "--session" ]; then
    # Inside with-display: DISPLAY, openbox, and the session bus keypad-osk is activated on.
    trace=$PWD/trace
    fail() {
        echo "FAIL $*" >&2
        if [ -e "$trace" ]; then echo "keypad-osk's trace:" >&2; sed 's/^/  /' "$trace" >&2; else echo "no trace: keypad-osk never started" >&2; fi
        exit 1
    }
    count() { grep -c -x -- "$1" "$trace" 2>/dev/null || true; }
    # Waits up to $2 seconds (default 10) until the trace has a line matching $1 (grep -E).
    wait_trace() {
        local deadline=$((SECONDS + ${2:-10}))
        until grep -q -E -- "$1" "$trace" 2>/dev/null; do
            [ $SECONDS -lt $deadline ] || fail "no trace line matching '$1'"
            sleep 0.05
        done
    }
    # The screen centre of key $1 in the keypad last shown: "key ID NAME… X,Y,W,H".
    center() {
        awk -v id="$1" '/^shown /{found=""} $1=="key" && $2==id {found=$NF} END{print found}' "$trace" |
            awk -F, 'NF==4 {print $1 + int($3/2), $2 + int($4/2)}'
    }
    # Taps key $1 once, where the keypad last shown (its "shown" line: it has settled) has it, and
    # waits for the line $2 keypad-osk sends the app; keypad-osk's "tap $1" lines say it acted once.
    tap() {
        local key=$1 effect=$2 taps effects xy
        taps=$(count "tap $key")
        effects=$(count "$effect")
        xy=$(center "$key")
        [ -n "$xy" ] || fail "the keypad shows no key '$key'"
        # shellcheck disable=SC2086  # x and y
        xdotool mousemove $xy click --delay 0 1
        local deadline=$((SECONDS + 5))
        until [ "$(count "$effect")" -gt "$effects" ]; do
            [ $SECONDS -lt $deadline ] || fail "key '$key' brought no '$effect' line (keypad-osk's tap lines since: $(($(count "tap $key") - taps)))"
            sleep 0.05
        done
        [ "$(count "tap $key")" = $((taps + 1)) ] || fail "key '$key' acted more than once"
    }
    GTK_IM_MODULE=keypad zenity --entry --title "$title" --text "Type here" > zenity.out 2> zenity.err &
    zenity=$!
    # The entry takes focus: keypad-osk is activated, told, and shows the letters.
    wait_trace '^dbus focus-in .* purpose=0 ' 20
    wait_trace '^shown default letters$'
    wait_trace '^key k k [0-9]+,[0-9]+,[0-9]+,[0-9]+$'
    for key in k e y x; do tap "$key" "commit 1"; done
    tap delete "delete 1"
    tap return "key-event Return"
    status=0
    wait "$zenity" || status=$?
    [ "$status" = 0 ] || { cat zenity.err >&2; fail "zenity exited with status $status"; }
    [ "$(cat zenity.out)" = key ] || fail "zenity printed '$(cat zenity.out)', not 'key'"
    # Not a line on standard error (GTK 3's module would get "No IM module matching …").
    [ ! -s zenity.err ] || { sed 's/^/  /' zenity.err >&2; fail "zenity wrote the lines above to standard error"; }
    echo "ok   zenity --entry: the keypad came by D-Bus activation; k e y x Delete Return; zenity printed 'key' and nothing on standard error"
    exit 0
fi

osk_deb=$1 im_deb=$2
release=$(. /etc/os-release && echo "$PRETTY_NAME")
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
packages=()
for deb in "$osk_deb" "$im_deb"; do packages+=("$(dpkg-deb -f "$deb" Package)"); done
known() { dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -qv '^un'; }

# What of the packages' paths exists before (/usr, /usr/share/doc, …): only those may stay.
for deb in "$osk_deb" "$im_deb"; do dpkg-deb --fsys-tarfile "$deb" | tar -t; done |
    sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|' | sort -u > package-paths
while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before

"${apt[@]}" install "./$osk_deb" "./$im_deb" > apt-install.log 2>&1 || { cat apt-install.log >&2; exit 1; }
for package in "${packages[@]}"; do known "$package" || { echo "FAIL $package is not installed" >&2; exit 1; }; done
# The Depends of both, as Debian 13 resolved them: each by the package of that name or, for the
# t64 renames, by the installed package that Provides it.
installed=$(dpkg-query -W -f='${db:Status-Abbrev}|${Package}|${Version}|${Provides}\n' | grep '^ii')
resolved=$(for package in "${packages[@]}"; do dpkg-query -W -f='${Depends}\n' "$package"; done | tr ',' '\n' |
    sed -e 's/([^)]*)//' -e 's/|.*//' -e 's/ //g' | grep -v '^keypad-' | sort -u |
    while read -r dep; do
        echo "$installed" | awk -F'|' -v dep="$dep" '
            $2 == dep { print dep "=" $3; found = 1; exit }
            { n = split($4, provided, ", "); for (i = 1; i <= n; i++) { sub(/ .*/, "", provided[i]); if (provided[i] == dep) { by = $2 "=" $3 } } }
            END { if (!found) { if (by == "") { print dep "=MISSING"; exit 1 } print dep "->" by } }'
    done | tr '\n' ' ')
case $resolved in *MISSING*) echo "FAIL Depends not installed: $resolved" >&2; exit 1 ;; esac
echo "ok   $release: apt-get install ${packages[*]}; Depends resolved by: $resolved"
immodule=$(dpkg -L keypad-im-gtk4 | grep '/immodules/libim-keypad\.so$')
gtk4=$(dpkg-query -W -f='${Version}' libgtk-4-1)
cache=$(dirname "$immodule")/giomodule.cache
grep -qx 'libim-keypad.so: gtk-im-module' "$cache" ||
    { echo "FAIL GTK 4's trigger did not name the module in $cache" >&2; exit 1; }
echo "ok   the module in GTK 4 $gtk4's module directory, named in its giomodule.cache: $immodule"
[ -e /usr/share/dbus-1/services/org.keypad.OSK1.service ] || { echo "FAIL no keypad-osk service file" >&2; exit 1; }

KEYPAD_IM_TRACE=$PWD/trace ./with-display "$PWD/deb13_zenity.sh" --session

"${apt[@]}" remove "${packages[@]}" > apt-remove.log 2>&1 || { cat apt-remove.log >&2; exit 1; }
left=""
while read -r path; do
    if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before; then left="$left $path"; fi
done < package-paths
# dpkg leaves GTK 4's module directory when it had none before: giomodule.cache (GTK's, not the
# package's) is still in it as dpkg removes the package's files; libgtk-4-1's trigger then
# deletes the cache, which names no module now. The directory must be empty.
immodules=$(dirname "$immodule")
if [ "$left" = " $immodules" ] && [ -z "$(ls -A "$immodules")" ]; then
    left=""
    echo "ok   apt-get remove: GTK 4's trigger emptied $immodules (dpkg keeps the empty directory)"
fi
[ -z "$left" ] || { echo "FAIL apt-get remove left:$left" >&2; ls -lA $left >&2; exit 1; }
dpkg --purge "${packages[@]}" > dpkg-purge.log 2>&1 || { cat dpkg-purge.log >&2; exit 1; }
for package in "${packages[@]}"; do
    if known "$package"; then echo "FAIL dpkg still knows $package after dpkg --purge" >&2; exit 1; fi
done
echo "ok   apt-get remove, dpkg --purge: no file of either package left, dpkg knows neither"
