# What a cross-build made (make deb-arm64's keypad-osk, make test-arm64's test binary), kept
# outside every checkout under a hash of exactly what it is built from, so that a new clone of an
# unchanged tree builds nothing again: sourced by scripts/packaging/build-deb-cross and
# Tests/Deb/arm64_deb13.sh.
#
#   cross_cache_entry NAME CROSS_DIR ARCH PATH...
#       prints the entry's directory, KEYPAD_CROSS_CACHE_DIR/NAME-ARCH-HASH (default
#       /var/cache/keypad/cross-builds), HASH covering the checkout's files under PATH... as they
#       are now (committed or not, untracked ones too; names, modes, contents) and the toolchain's and sysroot's stamps in CROSS_DIR (scripts/packaging/cross-swift:
#       a remade toolchain or sysroot is another hash). Any change to them is another entry.
#   cross_cache_store ENTRY FILE...
#       copies FILE... (files or folders) into ENTRY, whole or not at all (a folder renamed into
#       place when done), then keeps the 4 newest entries of the same NAME-ARCH and deletes older
#       ones.
# An entry holds its files and .keypad-made; one without .keypad-made is none.
# shellcheck shell=bash

cross_cache_root=${KEYPAD_CROSS_CACHE_DIR:-/var/cache/keypad/cross-builds}

cross_cache_entry() {  # NAME CROSS_DIR ARCH PATH...
    local name=$1 cross_dir=$2 arch=$3 files
    shift 3
    # Each file's name, mode and content hash (git's, written nowhere): tracked and untracked,
    # never what .gitignore leaves out (build folders).
    files=$(scripts/checks/unchanged --list "$@") || return 1
    echo "$cross_cache_root/$name-$arch-$( {
        echo "$files"
        cat "$cross_dir/compiler/.keypad-made" "$cross_dir/sysroot-$arch/.keypad-made"
    } | sha256sum | cut -c 1-24)"
}

cross_cache_store() {  # ENTRY FILE...
    local entry=$1 new prefix
    shift
    [ ! -e "$entry/.keypad-made" ] || return 0
    mkdir -p "$cross_cache_root"
    new=$(mktemp -d "$entry.new.XXXXXX")
    chmod 0755 "$new"
    cp -a "$@" "$new/"
    date -u +%FT%TZ > "$new/.keypad-made"
    mv -T "$new" "$entry" 2>/dev/null || rm -rf "$new"  # another run stored it meanwhile
    prefix=${entry%-*}
    # shellcheck disable=SC2012  # names are ours (NAME-ARCH-HEX)
    ls -1dt "$prefix"-* 2>/dev/null | grep -v '\.new\.' | tail -n +5 | while read -r old; do rm -rf "$old"; done
}
