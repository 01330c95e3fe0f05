#!/usr/bin/env bash
# make test-arm64: the arm64 packages (make deb-arm64) in an arm64 Debian 13, as Raspberry Pi OS
# trixie is, run on this machine under qemu-user (scripts/packaging/debian13-chroot --arch arm64,
# made once and kept; binfmt_misc set for the run and left as found).
#
#   KEYPAD_PROTOCOL_CODE=DIR Tests/Deb/arm64_deb13.sh GTK3_DEB OSK_DEB GTK4_DEB DEBIAN13_PACKAGE...
#
# DIR: the Wayland protocol code make generated (wayland-scanner: .build/protocols), which the
# virtual pointer is cross-built with.
# What runs where: everything is compiled on this machine (scripts/packaging/cross-swift: the
# tests of KeypadCore, the tests' virtual pointer); only what must run on arm64 runs emulated:
#   1. apt on Debian 12 (bookworm) for arm64 refuses keypad-osk through its Depends (sid's Swift
#      runtime inside needs glibc >= 2.38), and so each module with it (they depend on it):
#      apt-get --simulate, on this machine, against bookworm's arm64 index (downloaded once, kept
#      beside the chroot);
#   2. KeypadCore's tests, cross-built, pass in the chroot with the arm64 Swift runtime of the
#      build (the package's own binaries carry theirs inside);
#   3. keypad-osk and keypad-im-gtk4 install with apt-get (Depends from Debian 13's arm64
#      archive), GTK 4 finds the module, and dpkg --purge leaves no file of either;
#   4. keypad-im-gtk3 (the thin C module) with keypad-osk: Tests/Deb/deb_lifecycle.sh (apt-get
#      install keypad-im-gtk3 from a flat repository pulls keypad-osk, GTK's module cache,
#      im-config, yad under Xvfb: the pad shows from the installed keypad-osk, taps type into
#      yad's entry, read back, Delete deletes, yad prints it; apt-get purge, nothing left);
#   5. keypad-osk started by labwc's autostart in a headless arm64 labwc serves a GTK 4 form over
#      text-input-v3 (Tests/OSK/labwc_deb13.sh --test gtk4).
# DEBIAN13_PACKAGE...: what the chroot needs (the Makefile's DEBIAN13_ARM64_TEST_APT). Needs root.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/../.." && pwd)
protocol_code=$(realpath "${KEYPAD_PROTOCOL_CODE:?the Wayland protocol code make generated (.build/protocols)}")
gtk3_deb=$(realpath "$1") osk_deb=$(realpath "$2") gtk4_deb=$(realpath "$3")
shift 3
chroot_packages=()
for package in "$@"; do chroot_packages+=(-p "$package"); done
in_arm64() { "$checkout/scripts/packaging/debian13-chroot" --arch arm64 "${chroot_packages[@]}" "$@"; }
scale=4  # every wait of the Python tests, under emulation (KEYPAD_TIMEOUT_SCALE)

work=$(mktemp -d /tmp/keypad-arm64-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
cp "$gtk3_deb" "$osk_deb" "$gtk4_deb" "$work/"

# ---- 1. bookworm refuses them ----
start=$SECONDS
cross_dir=$("$checkout/scripts/packaging/cross-swift" --arch arm64)
bookworm=$cross_dir/bookworm-arm64-apt
apt_bookworm=(-o "Dir::Etc::SourceList=$bookworm/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$bookworm/lists" -o "Dir::Cache=$bookworm/cache" -o "Dir::State::status=$bookworm/status"
    -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1)
if [ ! -e "$bookworm/.keypad-made" ]; then
    mkdir -p "$bookworm/lists/partial" "$bookworm/cache/archives/partial"
    : > "$bookworm/status"
    echo "deb ${KEYPAD_DEBIAN_MIRROR:-http://deb.debian.org/debian} bookworm main" > "$bookworm/sources.list"
    apt-get "${apt_bookworm[@]}" update -qq
    : > "$bookworm/.keypad-made"
fi
# One simulated install of all three (each apt run reads bookworm's whole index, seconds under
# load): keypad-osk is refused for glibc, and the modules with it, which they depend on.
if apt-get "${apt_bookworm[@]}" --simulate install "$osk_deb" "$gtk3_deb" "$gtk4_deb" > "$work/bookworm.log" 2>&1; then
    echo "FAIL apt on Debian 12 arm64 would install the packages:" >&2; cat "$work/bookworm.log" >&2; exit 1
fi
awk '/^ [^ ]+ :/ { package = $1 } package == "keypad-osk" && /Depends: libc6 \(>= 2\.3[89]/ { found = 1 }
    END { exit !found }' "$work/bookworm.log" ||
    { echo "FAIL apt on Debian 12 refused the packages, but not keypad-osk for glibc:" >&2; cat "$work/bookworm.log" >&2; exit 1; }
echo "ok   Debian 12 arm64: apt refuses keypad-osk ($(grep -o 'Depends: libc6 (>= [^)]*)' "$work/bookworm.log" | head -n 1)), and the modules with it ($((SECONDS - start)) s)"

# ---- Cross-built here: KeypadCore's tests and the virtual pointer ----
# KeypadCore's tests alone (KEYPAD_CORE_TESTS_ONLY: Package.swift), kept in
# /var/cache/keypad/cross-builds under a hash of exactly what they are built from
# (scripts/packaging/cross-cache.sh; this script holds their build's flags): a new clone of the same
# tree builds them no more.
start=$SECONDS
# shellcheck source=scripts/packaging/cross-cache.sh
. "$checkout/scripts/packaging/cross-cache.sh"
tests_inputs=(Sources/KeypadCore Sources/KeypadTesting Resources Tests/KeypadTestSupport Tests/KeypadCoreTests
    Package.swift Package.resolved scripts/packaging/cross-swift scripts/packaging/chroot-namespaces.sh Tests/Deb/arm64_deb13.sh)
tests_entry=$(cd "$checkout" && cross_cache_entry core-tests "$cross_dir" arm64 "${tests_inputs[@]}")
build_tests=1
if [ -e "$tests_entry/.keypad-made" ]; then build_tests=""; fi
"$checkout/scripts/packaging/cross-swift" --arch arm64 -b "$work" -- sh -c '
    set -e
    if [ -n "$3" ]; then
        KEYPAD_CORE_TESTS_ONLY=1 swift build --build-tests $KEYPAD_SWIFT_FLAGS --scratch-path .build-arm64-tests \
            -Xswiftc -warnings-as-errors >&2
    fi
    $CC -Wall -Wextra -Werror -I"$2" -o "$1/virtual-pointer" Tests/Support/virtual_pointer.c \
        "$2/wlr-virtual-pointer-unstable-v1-protocol.c" $(pkgconf --cflags --libs wayland-client)' sh "$work" "$protocol_code" "$build_tests"
# The test binary reads Resources/layouts from the checkout it was built in (#filePath): this
# checkout's, the same files (they are in the hash), is bound there.
if [ -n "$build_tests" ]; then
    tests_bin=$checkout/.build-arm64-tests/debug built_in=$checkout
    echo "$checkout" > "$work/built-in"
    # Kept unless the inputs changed during the build.
    if [ "$(cd "$checkout" && cross_cache_entry core-tests "$cross_dir" arm64 "${tests_inputs[@]}")" = "$tests_entry" ]; then
        cross_cache_store "$tests_entry" "$tests_bin/KeypadPackageTests.xctest" "$tests_bin/Keypad_KeypadResources.resources" \
            "$tests_bin"/lib*.so "$work/built-in"
    fi
    echo "ok   cross-built KeypadCore's tests and the virtual pointer for arm64 ($((SECONDS - start)) s)"
else
    tests_bin=$tests_entry built_in=$(cat "$tests_entry/built-in")
    echo "ok   KeypadCore's tests for arm64 from $tests_entry (built from the same inputs before), the virtual pointer cross-built ($((SECONDS - start)) s)"
fi

# ---- 2. and 3. in the chroot ----
cat > "$work/inside.sh" <<'INSIDE'
set -euo pipefail
cd /keypad/work
start=$(date +%s)
# The property test with 200 random sessions (make test runs 10 000 natively): here the point is arm64.
KEYPAD_PROPERTY_SEQUENCES=200 LD_LIBRARY_PATH=/keypad/swift-runtime "$1/KeypadPackageTests.xctest" --testing-library swift-testing \
    --filter KeypadCoreTests > core-tests.log 2>&1 || { tail -n 40 core-tests.log >&2; echo "FAIL KeypadCore's tests on arm64" >&2; exit 1; }
echo "ok   KeypadCore's tests on arm64 ($(uname -m), $(($(date +%s) - start)) s): $(grep -E '^.{0,4}Test run with' core-tests.log | tail -n 1)"

apt=(apt-get -y -q --no-install-recommends)
paths() { dpkg-deb --fsys-tarfile "$1" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' -e 's|^$|/|'; }
for deb in keypad-osk_*.deb keypad-im-gtk4_*.deb; do paths "$deb"; done | sort -u > package-paths
while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done < package-paths > existed-before
"${apt[@]}" install ./keypad-osk_*.deb ./keypad-im-gtk4_*.deb > apt.log 2>&1 || { cat apt.log >&2; exit 1; }
module=$(dpkg -L keypad-im-gtk4 | grep '/immodules/libim-keypad.so$')
cache=$(dirname "$module")/giomodule.cache
if [ -e "$cache" ] && ! grep -q libim-keypad "$cache"; then echo "FAIL GIO's $cache does not name the module" >&2; exit 1; fi
[ -n "$module" ] && [ -e "$module" ] || { echo "FAIL keypad-im-gtk4 installed no GTK 4 module" >&2; exit 1; }
echo "ok   apt-get install keypad-osk keypad-im-gtk4 ($(dpkg-query -W -f='${Version} ${Architecture}' keypad-osk), $module); keypad-osk --help runs: $(keypad-osk --help | head -n 1)"
dpkg --purge keypad-im-gtk4 keypad-osk > purge.log 2>&1 || { cat purge.log >&2; exit 1; }
# GTK 4's module folder stays with the cache GIO's trigger rewrote after the purge: it must no
# longer name the module.
if [ -e "$cache" ] && grep -q keypad "$cache"; then echo "FAIL $cache still names the module" >&2; exit 1; fi
left=""
while read -r path; do
    { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" existed-before || continue
    if [ "$path" = "$(dirname "$module")" ] && [ -z "$(find "$path" -mindepth 1 ! -name giomodule.cache)" ]; then continue; fi
    left="$left $path"
done < package-paths
[ -z "$left" ] || { echo "FAIL dpkg --purge left:$left" >&2; exit 1; }
if dpkg-query -W keypad-osk keypad-im-gtk4 2>/dev/null | grep -q .; then echo "FAIL dpkg still knows them" >&2; exit 1; fi
echo "ok   dpkg --purge keypad-im-gtk4 keypad-osk: no file of either left, GIO's module cache no longer names it"
INSIDE
start=$SECONDS
in_arm64 -b "$work:/keypad/work" -b "$tests_bin:/keypad/tests" -b "$checkout/Resources:$built_in/Resources" \
    -b "$cross_dir/sysroot-arm64/usr/lib/swift/linux:/keypad/swift-runtime" \
    -- bash /keypad/work/inside.sh /keypad/tests
echo "ok   KeypadCore's tests, keypad-osk and keypad-im-gtk4 on arm64 in $((SECONDS - start)) s"

# ---- 4. keypad-im-gtk3 and keypad-osk in yad ----
mkdir -p "$work/gtk3/repository"
cp -r "$checkout/scripts/display/with-display" "$checkout/Tests/Deb/deb_lifecycle.sh" \
    "$checkout/Tests/Deb/deb_apps.py" "$checkout/Tests/Support/keypad_harness" "$checkout/Tests/IM/im_form.py" \
    "$checkout/Tests/IM/im_form_tests.py" "$work/gtk3/"
cp "$gtk3_deb" "$osk_deb" "$work/gtk3/repository/"
(cd "$work/gtk3/repository" && dpkg-scanpackages --multiversion . > Packages 2> /dev/null)
chmod -R a+rX "$work/gtk3"
start=$SECONDS
# Three times the other waits: the first keypad is keypad-osk's first start (D-Bus activation, the
# Swift runtime, GTK and its fonts, all emulated), which took over 32 s at load 20 here (the whole
# test 49 s); the in-process module of 0.1.0 had no such start.
in_arm64 -b "$work/gtk3:/keypad-test" -- env KEYPAD_TIMEOUT_SCALE=$((scale * 3)) \
    /keypad-test/deb_lifecycle.sh /keypad-test/repository test_yad_entry
echo "ok   keypad-im-gtk3 with keypad-osk on arm64 in $((SECONDS - start)) s"

# ---- 5. keypad-osk in labwc ----
start=$SECONDS
"$checkout/Tests/OSK/labwc_deb13.sh" --arch arm64 --test gtk4 "$osk_deb" "$work/virtual-pointer" "$@"
echo "ok   keypad-osk in an arm64 labwc in $((SECONDS - start)) s"
