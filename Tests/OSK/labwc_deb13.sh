#!/usr/bin/env bash
# make test-labwc: keypad-osk's package in labwc 0.8.3, as Raspberry Pi OS runs it, in the
# Debian 13 chroot (scripts/packaging/debian13-chroot).
#
#   Tests/OSK/labwc_deb13.sh [--arch ARCH] [--test NAME] [--with DEB]... dist/keypad-osk_<version>_<arch>.deb VIRTUAL_POINTER DEBIAN13_PACKAGE...
#
#   --arch ARCH      in the Debian 13 of ARCH (make test-arm64: arm64 under qemu-user,
#                    scripts/packaging/debian13-chroot --arch), VIRTUAL_POINTER built for ARCH;
#                    every wait is 4 times as long there (KEYPAD_TIMEOUT_SCALE), emulation being
#                    that much slower
#   --test NAME      Tests/OSK/labwc_kiosk.py's tests: kiosk (default: Chromium and the Qt forms,
#                    then the keyboard on request) or gtk4 (a GTK 4 form alone)
#   --with DEB       one more package to install with keypad-osk's (Debian 13's keypad-im-qt5, for
#                    the Qt 5 form through the plug-in); repeatable
#   KEYPAD_LABWC_ONLY="test_a test_b"   only those of labwc_kiosk.py's tests (the keyboard on
#                    request still runs after them)
#
# Inside the chroot (a throwaway overlay): apt-get install the package (its Depends resolved by
# Debian 13's apt, printed); labwc headless (pixman, one 1280x720 output) as an unprivileged
# user under a session bus, keypad-osk started by labwc's autostart (~/.config/labwc/autostart,
# the way docs/keypad-osk.md says) with its trace on; a virtual keyboard on the seat (wtype -s),
# the tests' virtual pointer (make virtual-pointer's, built here from generated protocol code: it
# needs only libwayland-client0 and libc, older here than there); then Tests/OSK/labwc_kiosk.py drives a
# Chromium kiosk (--ozone-platform=wayland --kiosk --no-sandbox, as root) on Tests/Web/form.html,
# and Tests/OSK/onrequest_e2e.py the same keypad-osk's keyboard on request (#35), shown through
# the session's bus as its user: a GTK 3 entry with the simple input method, foot, and xterm
# through labwc's Xwayland.
# DEBIAN13_PACKAGE... go to the chroot once (-p). Needs root.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)
arch_args=()
scale=1
test_name=kiosk
extra_debs=()
while [ $# -gt 0 ]; do
    case $1 in
    --arch) arch_args=(--arch "$2"); scale=4; shift 2 ;;
    --test) test_name=$2; shift 2 ;;
    --with) extra_debs+=("$(realpath -e "$2")"); shift 2 ;;
    *) break ;;
    esac
done
deb=$(realpath "$1") pointer=$(realpath "$2")
shift 2
chroot_packages=()
for package in "$@"; do chroot_packages+=(-p "$package"); done

work=$(mktemp -d /tmp/keypad-labwc-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$deb" ${extra_debs[@]+"${extra_debs[@]}"} "$work/"
cp "$pointer" "$work/virtual-pointer"
echo "$test_name" > "$work/test-name"

cat > "$work/inside.sh" <<'INSIDE'
set -euo pipefail
apt=(apt-get -y -q --no-install-recommends)
"${apt[@]}" install /keypad/work/*.deb > /keypad/work/apt.log 2>&1 || { cat /keypad/work/apt.log >&2; exit 1; }
echo "ok   installed keypad-osk $(dpkg-query -W -f='${Version}' keypad-osk); its Depends on Debian 13:"
dpkg-query -W -f='${Depends}\n' keypad-osk | tr ',' '\n' | sed 's/^ *//' | while read -r dependency; do
    name=${dependency%% *}
    # A package itself, or the t64 package that provides its name.
    echo "       $dependency → $(dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version} ${Provides}\n' |
        awk -v name="$name" '$1 == "ii" && ($2 == name || index($0 ",", " " name " ") || index($0 ",", " " name ",")) {
            print $2, $3; exit }')"
done
echo "       apt installed with it: $(sed -n '/NEW packages will be installed/,/upgraded/{/^ /p}' /keypad/work/apt.log | xargs)"
echo "       labwc $(dpkg-query -W -f='${Version}' labwc) ($(dpkg --print-architecture)), chromium $(dpkg-query -W -f='${Version}' chromium 2>/dev/null || echo -)"

useradd --create-home --shell /bin/sh kiosk
home=/home/kiosk
runtime=/tmp/kiosk-runtime
mkdir -p "$runtime" "$home/.config/labwc"
# As Raspberry Pi OS's labwc session starts its programs (docs/keypad-osk.md, "Starting it").
echo 'keypad-osk > /keypad/work/osk.log 2>&1 &' > "$home/.config/labwc/autostart"
chown -R kiosk "$runtime" "$home"
chmod 700 "$runtime"
chmod 1777 /keypad/work
: > /keypad/work/osk.trace
chmod 666 /keypad/work/osk.trace
runuser -u kiosk -- env -i HOME="$home" XDG_RUNTIME_DIR="$runtime" PATH=/usr/bin:/bin LANG=C.UTF-8 \
    WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman KEYPAD_IM_TRACE=/keypad/work/osk.trace \
    dbus-run-session -- labwc > /keypad/work/labwc.log 2>&1 &
for _ in $(seq $((200 * KEYPAD_TIMEOUT_SCALE))); do [ -S "$runtime/wayland-0" ] && break; sleep 0.05; done
[ -S "$runtime/wayland-0" ] || { echo "FAIL labwc did not start:" >&2; cat /keypad/work/labwc.log >&2; exit 1; }
# Root's clients (wtype, the pointer, grim, Chromium) reach labwc's socket by its path; root keeps
# a runtime directory of its own.
mkdir -m 700 /tmp/root-runtime
export XDG_RUNTIME_DIR=/tmp/root-runtime WAYLAND_DISPLAY="$runtime/wayland-0" KEYPAD_SCREEN_WAYLAND_DISPLAY="$runtime/wayland-0"
# keypad-osk, from labwc's autostart, runs as the session's user.
osk_user() {
    local comm
    for comm in /proc/[0-9]*/comm; do
        [ "$(cat "$comm" 2>/dev/null)" = keypad-osk ] && stat -c %U "${comm%/comm}" && return
    done
    return 0
}
for _ in $(seq $((100 * KEYPAD_TIMEOUT_SCALE))); do [ "$(osk_user)" = kiosk ] && break; sleep 0.1; done
[ "$(osk_user)" = kiosk ] || { echo "FAIL no keypad-osk of kiosk's from labwc's autostart:" >&2; cat /keypad/work/*.log >&2; exit 1; }
echo "ok   $(labwc --version 2>&1 | head -n 1) started keypad-osk (its autostart), as the user kiosk"
# A keyboard on the seat, so windows get keyboard focus (and Chromium its text-input).
wtype -s 3600000 &
# The session's bus (keypad-osk's, from its environment), reached as the session's user: the Qt 5
# form through the plug-in, the keyboard on request.
osk_pid() {
    local comm
    for comm in /proc/[0-9]*/comm; do
        [ "$(cat "$comm" 2>/dev/null)" = keypad-osk ] && basename "${comm%/comm}" && return
    done
    return 0
}
bus=$(tr '\0' '\n' < "/proc/$(osk_pid)/environ" | sed -n 's/^DBUS_SESSION_BUS_ADDRESS=//p')
as_session="runuser -u kiosk -- env DBUS_SESSION_BUS_ADDRESS=$bus XDG_RUNTIME_DIR=$runtime"
status=0
KEYPAD_LABWC_SESSION="$as_session" \
    PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=/keypad/Tests/Support /usr/bin/python3 /keypad/Tests/OSK/labwc_kiosk.py /keypad/work/virtual-pointer \
    /keypad/work/osk.trace "$(cat /keypad/work/test-name)" || status=$?
if [ "$(cat /keypad/work/test-name)" = kiosk ]; then
    # The keyboard on request: sm.puri.OSK0 on the session's bus, as the session's user; X clients
    # reach labwc's Xwayland at the display it listens on.
    x_display=$(find /tmp/.X11-unix -name 'X*' -printf '%f\n' 2>/dev/null | sed -n 's/^X//p' | head -n 1 || true)
    KEYPAD_ONREQUEST_TRACE=/keypad/work/osk.trace KEYPAD_ONREQUEST_POINTER=/keypad/work/virtual-pointer \
        KEYPAD_ONREQUEST_AS="$as_session" \
        KEYPAD_ONREQUEST_X_DISPLAY=":$x_display" PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=/keypad/Tests/Support \
        /usr/bin/python3 /keypad/Tests/OSK/onrequest_e2e.py /usr/bin || status=$?
fi
if [ "$status" != 0 ]; then
    echo "labwc's output:" >&2; tail -20 /keypad/work/labwc.log >&2
    echo "keypad-osk's output:" >&2; cat /keypad/work/osk.log >&2
fi
exit "$status"
INSIDE

"$checkout/scripts/packaging/debian13-chroot" ${arch_args[@]+"${arch_args[@]}"} "${chroot_packages[@]}" -b "$work:/keypad/work" \
    -b "$checkout/Tests:/keypad/Tests" -- env KEYPAD_TIMEOUT_SCALE=$scale KEYPAD_LABWC_ONLY="${KEYPAD_LABWC_ONLY:-}" bash /keypad/work/inside.sh
