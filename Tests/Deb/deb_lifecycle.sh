#!/usr/bin/env bash
# The Debian package's life on one system: installed, used, removed, purged.
#
#   deb_lifecycle.sh PACKAGE.deb [TEST...]
#
# Run by Tests/Deb/deb_e2e.sh from a directory holding the package and copies of
# deb_apps.py, the tests' helpers (Tests/Support/keypad_harness), im_form.py, im_form_tests.py and
# scripts/display/with-display, twice: on this Debian 12 machine (where the Swift toolchain
# and the checkout are hidden) and in a Debian 13 chroot (scripts/packaging/debian13-chroot),
# which has neither. Nothing here names a release: GTK's module directory comes from the
# package itself.
#
# apt-get installs the package (its Depends resolve from the system's own packages: on
# Debian 13 through the t64 packages' Provides); GTK's module cache (GTK 3's dpkg trigger, in
# libgtk-3-0, libgtk-3-0t64 on Debian 13) names the module; `im-config -n keypad` makes the session hook export
# GTK_IM_MODULE=keypad and QT_IM_MODULE=keypad (for keypad-im-qt5 and keypad-im-qt6); deb_apps.py drives GTK 3 apps with only that variable (TEST...: the
# ones to run, default all); `im-config -n REMOVE` unsets it; apt-get remove leaves no file of
# the package and no cache entry; dpkg --purge leaves no trace in dpkg's database.
set -euo pipefail
deb=$(realpath "$1")
shift
cd "$(dirname "$0")"
package=$(dpkg-deb -f "$deb" Package)
module=$(dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -n 's|^\./\(.*/immodules/im-keypad\.so\)$|/\1|p')
[ -n "$module" ] || { echo "FAIL $deb holds no immodules/im-keypad.so" >&2; exit 1; }
cache=$(dirname "$module").cache
release=$(. /etc/os-release && echo "$PRETTY_NAME")
# apt waits for another apt or dpkg on this machine instead of failing at once.
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)

known() { dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -qv '^un'; }

# What of the package's paths exists before (/usr, /usr/share/doc, …): only those may stay.
dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|' > package-paths
while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before
"${apt[@]}" install "$deb" > apt-install.log 2>&1 || { cat apt-install.log >&2; exit 1; }
grep -qF "\"$module\"" "$cache" ||
    { echo "FAIL GTK's cache $cache does not name the module after apt-get install" >&2; exit 1; }
echo "ok   $release: apt-get install; GTK's cache names $module"

# A session as Debian's Xsession starts it: the im-config hook reads ~/.xinputrc.
home=$PWD/home
mkdir -p "$home"
session_module() {  # the session's GTK_IM_MODULE, or with an argument its QT_IM_MODULE
    env -i HOME="$home" PATH=/usr/bin:/bin sh -c '. /etc/X11/Xsession.d/70im-config_launch
        if [ -n "$1" ]; then echo "$QT_IM_MODULE"; else echo "$GTK_IM_MODULE"; fi' sh "${1:-}"
}
HOME=$home im-config -n keypad > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
gtk_module=$(session_module) qt_module=$(session_module qt)
[ "$gtk_module" = keypad ] && [ "$qt_module" = keypad ] ||
    { echo "FAIL after im-config -n keypad the session's GTK_IM_MODULE is '$gtk_module', QT_IM_MODULE '$qt_module'" >&2; exit 1; }
echo "ok   im-config -n keypad: the session exports GTK_IM_MODULE=keypad and QT_IM_MODULE=keypad"

env -u GTK_IM_MODULE_FILE GTK_IM_MODULE="$gtk_module" G_DEBUG=fatal-criticals ./with-display \
    /usr/bin/python3 deb_apps.py "$module" "$@"

# The way docs/debian-package.md gives to turn it off again.
HOME=$home im-config -n REMOVE > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
gtk_module=$(session_module) qt_module=$(session_module qt)
[ -z "$gtk_module" ] && [ -z "$qt_module" ] ||
    { echo "FAIL after im-config -n REMOVE the session's GTK_IM_MODULE is '$gtk_module', QT_IM_MODULE '$qt_module'" >&2; exit 1; }
echo "ok   im-config -n REMOVE: the session no longer sets GTK_IM_MODULE or QT_IM_MODULE"

"${apt[@]}" remove "$package" > apt-remove.log 2>&1 || { cat apt-remove.log >&2; exit 1; }
[ -e "$cache" ] || { echo "FAIL GTK's cache $cache is gone after apt-get remove" >&2; exit 1; }
if grep -q keypad "$cache"; then echo "FAIL GTK's cache still names the module after apt-get remove" >&2; exit 1; fi
left=""
while read -r path; do
    if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before; then left="$left $path"; fi
done < package-paths
[ -z "$left" ] || { echo "FAIL apt-get remove left:$left" >&2; exit 1; }
echo "ok   apt-get remove: no file of the package left, GTK's cache no longer names the module"
# apt knows no package that no archive of the system serves once it is removed: dpkg purges it.
dpkg --purge "$package" > dpkg-purge.log 2>&1 || { cat dpkg-purge.log >&2; exit 1; }
if known; then echo "FAIL dpkg still knows $package after dpkg --purge" >&2; exit 1; fi
echo "ok   dpkg --purge: dpkg no longer knows $package"
