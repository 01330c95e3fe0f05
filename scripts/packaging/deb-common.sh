# What every Debian package of Keypad shares (sourced by scripts/packaging/build-deb,
# build-deb-osk and build-deb-gtk4, from the repository's top): the package's version,
# architecture and maintainer, reproducible dates, the staging folders, and the steps each
# package calls once it has staged what it ships under its ROOT:
#   strip_into       a library or program, stripped of what the dynamic linker does not use;
#   check_runpaths   no ELF file looks for libraries outside the package;
#   write_changelog  usr/share/doc/PACKAGE/changelog.gz (beside the copyright file it wrote);
#   shlib_depends    its Depends, from what its ELF files really need (dpkg-shlibdeps);
#   build_deb        control, md5sums, mtimes, and the .deb, whose path it prints.
# and two helpers for the build itself:
#   pkg_variable     a pkg-config variable (a path on the target system);
#   scratch_for      a SwiftPM scratch folder per architecture.
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

# ROOT PACKAGE ENTRY: usr/share/doc/PACKAGE/changelog.gz with ENTRY (its "  * …" lines), beside
# the copyright file the package wrote.
write_changelog() {
    local doc=$1/usr/share/doc/$2 change_date
    change_date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
    mkdir -p "$work/$2"
    cat > "$work/$2/changelog" <<CHANGELOG
$2 ($version) unstable; urgency=medium

$3

 -- $maintainer  $change_date
CHANGELOG
    gzip -9n < "$work/$2/changelog" > "$doc/changelog.gz"
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
