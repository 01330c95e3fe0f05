#!/usr/bin/env bash
# make test-deb: the Debian package as a kiosk without a Swift toolchain gets it.
#
#   Tests/Deb/deb_e2e.sh dist/keypad-im-gtk3_<version>_<arch>.deb
#
# In a mount namespace where the Swift toolchain and this checkout are hidden under empty
# tmpfs mounts: dpkg -i the package; GTK's module cache (libgtk-3-0's dpkg trigger) names
# the module; `im-config -n keypad` makes the session hook export GTK_IM_MODULE=keypad;
# zenity and a Python GTK 3 form, with only that variable, show the right pad, type, delete
# and return (Tests/Deb/deb_apps.py); dpkg -r leaves no file and no cache entry; dpkg
# --purge leaves no trace in dpkg's database. Then lintian, which fails the run on an error.
#
# dpkg writes the real /usr and /var/lib/dpkg (a mount namespace hides, it does not
# sandbox): a trap purges the package however the run ends. Other IM tests are not
# affected while it is installed: they name their own cache with GTK_IM_MODULE_FILE.
# Needs root (dpkg, unshare, mount).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)
deb=$(realpath "$1")
package=$(dpkg-deb -f "$deb" Package)
gtk_libdir=$(pkg-config --variable=libdir gtk+-3.0)
immodules=$gtk_libdir/gtk-3.0/$(pkg-config --variable=gtk_binary_version gtk+-3.0)/immodules
cache=$immodules.cache
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
cleanup() {
    if known; then
        echo "deb_e2e: purging $package" >&2
        dpkg --purge "$package" >/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
cp "$deb" "$checkout/scripts/display/with-display" "$checkout/Tests/Deb/deb_apps.py" "$checkout/Tests/IM/im_app.py" \
    "$checkout/Tests/IM/im_form.py" "$checkout/Tests/IM/im_form_tests.py" "$work/"
deb=$work/$(basename "$deb")

inside() {
    set -euo pipefail
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-toolchain "$toolchain"
    mount -t tmpfs -o size=1m,mode=755 keypad-hidden-checkout "$checkout"
    cd "$work"
    [ -z "$(ls -A "$toolchain")" ] && [ -z "$(ls -A "$checkout")" ] || { echo "not hidden" >&2; exit 1; }
    echo "Hidden: $toolchain and $checkout"

    # What of the package's paths exists before (/usr, /usr/share/doc, …): only those may stay.
    dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|' > package-paths
    while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before
    dpkg -i "$deb" > dpkg-install.log 2>&1 || { cat dpkg-install.log >&2; exit 1; }
    grep -qF "\"$immodules/im-keypad.so\"" "$cache" ||
        { echo "FAIL GTK's cache $cache does not name the module after dpkg -i" >&2; exit 1; }
    echo "ok   dpkg -i; GTK's cache names $immodules/im-keypad.so"
    dpkg -L "$package" > package-files
    while read -r file; do
        if [ -f "$file" ] && readelf -d "$file" 2>/dev/null | grep -E '\((RUNPATH|RPATH)\)' | grep -vq '\[\$ORIGIN'; then
            echo "FAIL $file looks for libraries outside the package" >&2; exit 1
        fi
    done < package-files

    # A session as Debian's Xsession starts it: the im-config hook reads ~/.xinputrc.
    home=$work/home
    mkdir -p "$home"
    HOME=$home im-config -n keypad > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
    module=$(env -i HOME="$home" PATH=/usr/bin:/bin sh -c '. /etc/X11/Xsession.d/70im-config_launch; echo "$GTK_IM_MODULE"')
    [ "$module" = keypad ] || { echo "FAIL after im-config -n keypad the session's GTK_IM_MODULE is '$module'" >&2; exit 1; }
    echo "ok   im-config -n keypad: the session exports GTK_IM_MODULE=keypad"

    env -u GTK_IM_MODULE_FILE GTK_IM_MODULE="$module" G_DEBUG=fatal-criticals ./with-display \
        /usr/bin/python3 deb_apps.py "$immodules/im-keypad.so"

    # The README's way to turn it off again.
    HOME=$home im-config -n REMOVE > im-config.log 2>&1 || { cat im-config.log >&2; exit 1; }
    module=$(env -i HOME="$home" PATH=/usr/bin:/bin sh -c '. /etc/X11/Xsession.d/70im-config_launch; echo "$GTK_IM_MODULE"')
    [ -z "$module" ] || { echo "FAIL after im-config -n REMOVE the session's GTK_IM_MODULE is '$module'" >&2; exit 1; }
    echo "ok   im-config -n REMOVE: the session no longer sets GTK_IM_MODULE"

    dpkg -r "$package" > dpkg-remove.log 2>&1 || { cat dpkg-remove.log >&2; exit 1; }
    if grep -q keypad "$cache"; then echo "FAIL GTK's cache still names the module after dpkg -r" >&2; exit 1; fi
    left=""
    while read -r path; do
        if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before; then left="$left $path"; fi
    done < package-paths
    [ -z "$left" ] || { echo "FAIL dpkg -r left:$left" >&2; exit 1; }
    echo "ok   dpkg -r: no file of the package left, GTK's cache no longer names the module"
    dpkg --purge "$package" > dpkg-purge.log 2>&1 || { cat dpkg-purge.log >&2; exit 1; }
    if known; then
        echo "FAIL dpkg still knows $package after --purge" >&2; exit 1
    fi
    echo "ok   dpkg --purge: dpkg no longer knows $package"
}
export -f inside known
export toolchain checkout work deb immodules cache package
unshare --mount --propagation private bash -c inside 9>&-  # no child keeps the lock

echo "lintian $(basename "$deb"):"
tags=$(lintian --fail-on error "$deb" 2>&1) || { echo "$tags" | sed 's/^/  /'; echo "FAIL lintian reports an error" >&2; exit 1; }
echo "$tags" | grep -v 'root privileges' | sed 's/^/  /' || true
echo "ok   lintian: no error"
