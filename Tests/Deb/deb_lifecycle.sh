#!/usr/bin/env bash
# keypad-im-gtk3's life on one system: installed (or upgraded from a release), used, purged.
#
#   deb_lifecycle.sh [--from OLD.deb] REPOSITORY [TEST...]
#
# REPOSITORY: a flat apt repository (a Packages index) holding keypad-im-gtk3 and keypad-osk, as
# Tests/Deb/deb_e2e.sh makes it. Run by Tests/Deb/deb_e2e.sh (Debian 12 in a throwaway overlay of
# this machine, Debian 13 in scripts/packaging/debian13-chroot) and Tests/Deb/arm64_deb13.sh (an
# arm64 Debian 13 under qemu), from a directory holding copies of deb_apps.py, the tests' helpers
# (Tests/Support/keypad_harness), im_form.py, im_form_tests.py and scripts/display/with-display;
# always on a system that is thrown away afterwards (it adds the repository to apt's sources).
# Nothing here names a release: GTK's module directory comes from the package itself.
#
# --from OLD.deb: the upgrade a kiosk makes (#31). OLD.deb (keypad-im-gtk3 0.1.0, the whole Swift
# keypad inside each app) is installed with apt-get and chosen with `im-config -n keypad`; then
# `apt-get install keypad-im-gtk3` from REPOSITORY upgrades it to the thin module and installs
# keypad-osk through its Depends (marked automatic); none of 0.1.0's own files is left.
# Without it, `apt-get install keypad-im-gtk3` installs both fresh.
# Then, either way: GTK's module cache (GTK 3's dpkg trigger) names the module, which holds no
# Swift; the session's GTK_IM_MODULE and QT_IM_MODULE are keypad (im-config); deb_apps.py drives
# GTK 3 apps with only that variable (TEST...: the ones to run, default all), the keypad coming
# from the installed keypad-osk (D-Bus activation from its service file); `im-config -n REMOVE`
# unsets them; apt-get purge of both leaves no file of any of the packages, no cache entry, and
# dpkg forgets them.
set -euo pipefail
old=""
if [ "${1:-}" = --from ]; then old=$(realpath "$2"); shift 2; fi
repository=$(realpath "$1")
shift
cd "$(dirname "$0")"
release=$(. /etc/os-release && echo "$PRETTY_NAME")
packages=(keypad-im-gtk3 keypad-osk)
# apt waits for another apt or dpkg on this system instead of failing at once.
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
installed_version() { dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$1" 2>/dev/null | sed -n 's/^ii  *//p'; }
known() { dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -qv '^un'; }
paths() { dpkg-deb --fsys-tarfile "$1" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|'; }
fail() { echo "FAIL $release: $*" >&2; exit 1; }
module_path() { paths "$1" | grep '/immodules/im-keypad\.so$'; }
# FILE: whether the ELF FILE holds Swift (the runtime's swift5_* sections). Read whole first: grep -q
# ending a pipe early would fail readelf with SIGPIPE under pipefail. readelf failing (missing,
# say) fails the test: it never reads as "no Swift".
holds_swift() {
    local sections
    sections=$(readelf -S "$1") || fail "readelf -S $1 failed"
    grep -q swift5 <<< "$sections"
}
new_gtk3=$(ls "$repository"/keypad-im-gtk3_*.deb)
new_version=$(dpkg-deb -f "$new_gtk3" Version)

# A system that had the packages (a make install-im on this machine) has them purged first: the
# system is thrown away afterwards.
for package in "${packages[@]}" keypad-im-gtk4 keypad-im-qt5 keypad-im-qt6; do
    if known "$package"; then dpkg --purge "$package" > /dev/null; fi
done

# What of the packages' paths exists before (/usr, /usr/share/doc, …): only those may stay.
for deb in "$repository"/*.deb ${old:+"$old"}; do paths "$deb"; done | sort -u > package-paths
while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before
module=$(module_path "$new_gtk3")
cache=$(dirname "$module").cache

home=$PWD/home
mkdir -p "$home"
session_module() {  # the session's GTK_IM_MODULE, or with an argument its QT_IM_MODULE, as Xsession sets them
    env -i HOME="$home" PATH=/usr/bin:/bin sh -c '. /etc/X11/Xsession.d/70im-config_launch
        if [ -n "$1" ]; then echo "$QT_IM_MODULE"; else echo "$GTK_IM_MODULE"; fi' sh "${1:-}"
}

if [ -n "$old" ]; then
    old_version=$(dpkg-deb -f "$old" Version)
    "${apt[@]}" install "$old" > apt-install-old.log 2>&1 || { cat apt-install-old.log >&2; exit 1; }
    [ "$(installed_version keypad-im-gtk3)" = "$old_version" ] || fail "keypad-im-gtk3 $old_version is not installed"
    grep -qF "\"$(module_path "$old")\"" "$cache" || fail "GTK's cache does not name $old_version's module"
    holds_swift "$(module_path "$old")" || fail "$old_version's module is not the Swift one"
    HOME=$home im-config -n keypad > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
    echo "ok   $release: keypad-im-gtk3 $old_version (the Swift module) installed, im-config -n keypad"
fi

# The repository, as a kiosk's apt would have it (the system is thrown away afterwards); only its
# index is read now, the system's own indexes stay as they are.
echo "deb [trusted=yes] file:$repository ./" > /etc/apt/sources.list.d/keypad-test.list
"${apt[@]}" -o Dir::Etc::SourceList=/etc/apt/sources.list.d/keypad-test.list -o Dir::Etc::SourceParts=/dev/null \
    -o APT::Get::List-Cleanup=0 update > apt-update.log 2>&1 || { cat apt-update.log >&2; exit 1; }
"${apt[@]}" install keypad-im-gtk3 > apt-install.log 2>&1 || { cat apt-install.log >&2; exit 1; }
[ "$(installed_version keypad-im-gtk3)" = "$new_version" ] ||
    { cat apt-install.log >&2; fail "keypad-im-gtk3 is '$(installed_version keypad-im-gtk3)' after apt-get install, not $new_version"; }
[ -n "$(installed_version keypad-osk)" ] || fail "apt-get install keypad-im-gtk3 did not install keypad-osk"
apt-mark showauto keypad-osk | grep -qx keypad-osk || fail "keypad-osk is not marked as installed automatically"
grep -qF "\"$module\"" "$cache" || fail "GTK's cache $cache does not name $module after apt-get install"
if holds_swift "$module" || [[ "$(ldd "$module")" == *swift* ]]; then fail "$module holds or loads Swift"; fi
if [ -n "$old" ]; then
    # Each file 0.1.0 shipped and the new packages do not (its Swift keypad's data in
    # /usr/share/keypad-im-gtk3) went with the upgrade.
    paths "$old" | while read -r path; do
        if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before &&
            ! dpkg -S "$path" > /dev/null 2>&1; then echo "$path"; fi
    done > left-by-upgrade
    [ ! -s left-by-upgrade ] || fail "the upgrade left $old_version's files: $(tr '\n' ' ' < left-by-upgrade)"
    echo "ok   $release: apt-get install keypad-im-gtk3 upgraded $old_version to $new_version and installed keypad-osk $(installed_version keypad-osk) (automatic); none of $old_version's own files left; GTK's cache names $module"
else
    echo "ok   $release: apt-get install keypad-im-gtk3 $new_version with keypad-osk $(installed_version keypad-osk) (automatic); GTK's cache names $module"
    HOME=$home im-config -n keypad > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
fi

gtk_module=$(session_module) qt_module=$(session_module qt)
[ "$gtk_module" = keypad ] && [ "$qt_module" = keypad ] ||
    fail "after im-config -n keypad the session's GTK_IM_MODULE is '$gtk_module', QT_IM_MODULE '$qt_module'"
echo "ok   $release: the session exports GTK_IM_MODULE=keypad and QT_IM_MODULE=keypad (im-config -n keypad)"

# The keypad is keypad-osk's (keypad_harness.atspi_app finds its keys on keypad-osk's
# accessibility tree), D-Bus activated from the installed service file.
env -u GTK_IM_MODULE_FILE -u XDG_DATA_DIRS GTK_IM_MODULE="$gtk_module" G_DEBUG=fatal-criticals \
    ./with-display /usr/bin/python3 deb_apps.py "$module" "$@"

# The way docs/debian-package.md gives to turn it off again.
HOME=$home im-config -n REMOVE > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
gtk_module=$(session_module) qt_module=$(session_module qt)
[ -z "$gtk_module" ] && [ -z "$qt_module" ] ||
    fail "after im-config -n REMOVE the session's GTK_IM_MODULE is '$gtk_module', QT_IM_MODULE '$qt_module'"
echo "ok   $release: im-config -n REMOVE: the session no longer sets GTK_IM_MODULE or QT_IM_MODULE"

"${apt[@]}" purge "${packages[@]}" > apt-purge.log 2>&1 || { cat apt-purge.log >&2; exit 1; }
[ -e "$cache" ] || fail "GTK's cache $cache is gone after apt-get purge"
if grep -q keypad "$cache"; then fail "GTK's cache still names the module after apt-get purge"; fi
left=""
while read -r path; do
    if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before; then left="$left $path"; fi
done < package-paths
[ -z "$left" ] || fail "apt-get purge left:$left"
for package in "${packages[@]}"; do if known "$package"; then fail "dpkg still knows $package after apt-get purge"; fi; done
echo "ok   $release: apt-get purge keypad-im-gtk3 keypad-osk: no file of the packages left, GTK's cache no longer names the module, dpkg forgets both"
