# What every Debian package of Keypad shares (sourced by scripts/packaging/build-deb,
# build-deb-osk and build-deb-gtk4, from the repository's top): the package's version,
# architecture and maintainer, reproducible dates, the staging folders, and the steps each
# package calls once it has staged what it ships under its ROOT:
#   strip_into       a library or program, stripped of what the dynamic linker does not use;
#   check_runpaths   no ELF file looks for libraries outside the package;
#   write_changelog  usr/share/doc/PACKAGE/changelog.gz (beside the copyright file it wrote);
#   shlib_depends    its Depends, from what its ELF files really need (dpkg-shlibdeps);
#   build_deb        control, md5sums, mtimes, and the .deb, whose path it prints.
# and helpers for the build itself:
#   pkg_variable     a pkg-config variable (a path on the target system);
#   scratch_for      a SwiftPM scratch folder per architecture;
#   thin_gtk_module  the thin GTK input-method module (C, no Swift) for GTK 3 or GTK 4;
#   built_per_release  the version of a package built on each Debian release.
#
# For another architecture (make deb-arm64: scripts/packaging/cross-swift sets these in its
# toolchain's chroot); unset, everything is this machine's own:
#   KEYPAD_DEB_ARCH            the package's Debian architecture
#   KEYPAD_SWIFT_FLAGS         `swift build`'s flags for it (the Swift SDK)
#   KEYPAD_SWIFT_STATIC_FLAGS  more of them where the Swift runtime is linked in (--static-swift-stdlib)
#   KEYPAD_SYSROOT             the target's root: pkg-config's paths are read without it, and
#                              dpkg-shlibdeps reads its dpkg database (Depends of that release)
#   CC, STRIP, PKG_CONFIG      the target's C compiler, strip and pkg-config
# shellcheck shell=bash

maintainer="Keypad maintainers <maintainers@users.noreply.a-seed-5210e23e.example>"
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/KeypadCore/KeypadVersion.swift)
arch=${KEYPAD_DEB_ARCH:-$(dpkg-architecture -qDEB_HOST_ARCH)}
multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
sysroot=${KEYPAD_SYSROOT:-}
read -r -a swift_target_flags <<< "${KEYPAD_SWIFT_FLAGS:-}"
read -r -a swift_static_flags <<< "${KEYPAD_SWIFT_STATIC_FLAGS:-}"
CC=${CC:-cc}
STRIP=${STRIP:-strip}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
# dpkg-buildflags and dpkg-shlibdeps read the target from the environment.
if [ -n "${KEYPAD_DEB_ARCH:-}" ]; then export DEB_HOST_ARCH=$arch; fi
# Reproducible: dates and mtimes from the last commit.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
output_dir=${KEYPAD_DEB_DIR:-dist}

stage=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$stage" "$work"' EXIT
umask 022

# ---- What every package shares ----

# MODULE VARIABLE: pkg-config's VARIABLE of MODULE as a path on the target (pkgconf puts the
# sysroot in front of it).
pkg_variable() {
    local value
    value=$("$PKG_CONFIG" --variable="$2" "$1")
    echo "${value#"$sysroot"}"
}

# OUTPUT PKG-CONFIG-MODULE...: the thin GTK module (Sources/ThinModules/GTK, one context source for
# GTK 3 and GTK 4 choosing by GTK_CHECK_VERSION, with the shared D-Bus client) built with $CC and
# Debian's hardening flags against the modules' headers and libraries (gtk+-3.0 x11, or gtk4 x11: the X server tells a GTK 4 window where it is, for KeypadFrame).
# --as-needed before the libraries: clang (make deb-arm64's) does not add it as Debian's gcc does.
# For GTK 4, GDK_VERSION_MIN_REQUIRED keeps the oldest GTK 4 it builds with (Debian 12's 4.8) the
# one it is checked against: GTK 4.18 (Debian 13, make deb-arm64's sysroot) deprecates
# gdk_x11_surface_get_xid, which -Werror would fail on. GTK 3 deprecates nothing more since 3.24.
thin_gtk_module() {  # OUTPUT PKG-CONFIG-MODULE...
    local output=$1 oldest=()
    shift
    case " $* " in *" gtk4 "*) oldest=(-DGDK_VERSION_MIN_REQUIRED=GDK_VERSION_4_8) ;; esac
    # shellcheck disable=SC2046,SC2086  # the flags (and CC, a command with its options) are words
    $CC $(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CFLAGS) -std=gnu11 -Wall -Wextra \
        -Wno-unused-parameter -Werror ${oldest[@]+"${oldest[@]}"} -shared -fPIC -fvisibility=hidden \
        $(dpkg-buildflags --get LDFLAGS) -Wl,-z,defs -Wl,--as-needed -Wl,-z,now \
        -ISources/ThinModules/Client -o "$output" Sources/ThinModules/GTK/*.c Sources/ThinModules/Client/*.c \
        $("$PKG_CONFIG" --cflags --libs "$@")
}

# The version of a package built on each Debian release against that release's libraries (the Qt
# plug-ins, on each release's own Qt ABI), so that two builds never share a version: the release as
# Debian writes it for a native package updated in a stable release (base-files 12.4+deb12u5):
# 0.2.0+deb12u1 built on Debian 12, 0.2.0+deb13u1 on Debian 13 (the first sorts below the second: a system
# upgraded from 12 to 13 takes the 13 build). Packages built once for every release (on Debian 12:
# keypad-im-gtk3, keypad-im-gtk4, keypad-osk) keep the plain version.
built_per_release() {
    version=$version+deb$(. "$sysroot/etc/os-release" && echo "$VERSION_ID")u1
}

# NAME: the SwiftPM scratch folder NAME, NAME-ARCH when cross-building (.build-deb-osk-arm64).
scratch_for() {
    if [ -n "${KEYPAD_DEB_ARCH:-}" ]; then echo "$1-$arch"; else echo "$1"; fi
}

# FILE DEST [MODE]: a shared library (0644) or a program (MODE 0755), without the symbols the
# dynamic linker does not use.
strip_into() {
    install -D -m "${3:-0644}" "$1" "$2"
    "$STRIP" --strip-unneeded --remove-section=.comment --remove-section=.note "$2"
}

elves() {  # ROOT: every ELF file (shared library or program) under ROOT, one a line
    local file
    find "$1" -type f -print0 | while IFS= read -r -d '' file; do
        [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = '177ELF' ] && echo "$file"
    done
    return 0
}

check_runpaths() {  # ROOT: no ELF file may look for libraries in the toolchain (or anywhere outside the package)
    local elf
    while IFS= read -r elf; do
        if readelf -d "$elf" | grep -E '\((RUNPATH|RPATH)\)' | grep -v '\[\$ORIGIN[^]:]*\]'; then
            echo "$(basename "$0"): $elf has a RUNPATH outside the package" >&2
            exit 1
        fi
    done < <(elves "$1")
}

# ROOT PACKAGE ENTRY [VERSION DATE ENTRY]...: usr/share/doc/PACKAGE/changelog.gz with ENTRY (its
# "  * …" lines) for this version, then older versions' entries (DATE: what date -d reads), beside
# the copyright file the package wrote.
write_changelog() {
    local doc=$1/usr/share/doc/$2 package=$2 entry_version=$version change_date=@$SOURCE_DATE_EPOCH
    shift 2
    mkdir -p "$work/$package"
    while [ $# -gt 0 ]; do
        printf '%s (%s) unstable; urgency=medium\n\n%s\n\n -- %s  %s\n' "$package" "$entry_version" "$1" \
            "$maintainer" "$(date -u -R -d "$change_date")"
        shift
        if [ $# -gt 0 ]; then entry_version=$1 change_date=$2; shift 2; echo; fi
    done > "$work/$package/changelog"
    gzip -9n < "$work/$package/changelog" > "$doc/changelog.gz"
    chmod 0644 "$doc/changelog.gz" "$doc/copyright"
}

# ROOT PACKAGE [dpkg-shlibdeps option...]: prints the Depends of ROOT's ELF files, from what
# they really need (dpkg-shlibdeps wants a debian/control).
shlib_depends() {
    local root=$1 package=$2 depends libc elf relr_glibc=2.36 admindir=()
    shift 2
    if [ -n "$sysroot" ]; then admindir=(--admindir="$sysroot/var/lib/dpkg"); fi
    mkdir -p "$work/$package/debian"
    printf 'Source: keypad\nMaintainer: %s\n\nPackage: %s\nArchitecture: any\n' "$maintainer" "$package" \
        > "$work/$package/debian/control"
    mapfile -t elves < <(elves "$root")
    depends=$(cd "$work/$package" && dpkg-shlibdeps ${admindir[@]+"${admindir[@]}"} -O "$@" "${elves[@]}" 2>/dev/null |
        sed -n 's/^shlibs:Depends=//p') || true
    [ -n "$depends" ] || { echo "$(basename "$0"): dpkg-shlibdeps found no Depends for $package" >&2; return 1; }
    # Packed relative relocations need a dynamic linker that applies them (glibc 2.36, whose
    # GLIBC_ABI_DT_RELR version a library linked with them requires); dpkg-shlibdeps reads
    # symbols, not that.
    for elf in "${elves[@]}"; do
        readelf -V "$elf" | grep -q 'Name: GLIBC_ABI_DT_RELR' || continue
        libc=$(sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p' <<< "$depends")
        if [ -z "$libc" ]; then
            depends+=", libc6 (>= $relr_glibc)"
        elif dpkg --compare-versions "$libc" lt "$relr_glibc"; then
            depends=${depends/"libc6 (>= $libc)"/"libc6 (>= $relr_glibc)"}
        fi
    done
    echo "$depends"
}

# ROOT PACKAGE DEPENDS <<FIELDS: ROOT/DEBIAN (control: Package to Depends, then the package's
# own lines from Recommends to Description, read from standard input; md5sums), every mtime
# from SOURCE_DATE_EPOCH, and $output_dir/PACKAGE_VERSION_ARCH.deb, whose path it prints.
build_deb() {
    local root=$1 package=$2 fields output
    fields=$(cat)
    mkdir -p "$root/DEBIAN"
    cat > "$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -k -s --apparent-size "$root" | cut -f1)
Depends: $3
$fields
CONTROL
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort |
        xargs -d '\n' md5sum) > "$root/DEBIAN/md5sums"
    chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    mkdir -p "$output_dir"
    output=$output_dir/${package}_${version}_${arch}.deb
    dpkg-deb --root-owner-group -Zxz --build "$root" "$output" >&2
    echo "$output"
}
