# Lets this machine run another architecture's programs (qemu-user-static through the kernel's
# binfmt_misc) for as long as a run needs it, and leaves binfmt_misc as it found it: sourced by
# scripts/packaging/debian13-chroot (--arch) and the arm64 tests.
#
#   binfmt_hold ARCH     registers qemu-CPU for Debian's ARCH (arm64: qemu-aarch64, from
#                        qemu-user-static's /usr/lib/binfmt.d/qemu-CPU.conf,
#                        whose F flag opens the interpreter now, so it runs inside chroots too) unless
#                        it is registered already, mounting binfmt_misc first if it is not mounted.
#   binfmt_release ARCH  when the last run holding ARCH ends: unregisters qemu-CPU and unmounts
#                        binfmt_misc, each only if a hold did it.
#
# binfmt_misc is one for the whole machine, shared by every checkout's runs: each holder leaves
# its PID in /run/keypad-binfmt/ARCH/, and the last one alive restores the state (a holder that
# was killed is pruned by the next release). A lock orders holds and releases. Needs root.
# shellcheck shell=bash

binfmt_misc=/proc/sys/fs/binfmt_misc
binfmt_state=/run/keypad-binfmt

binfmt_cpu() {  # ARCH: qemu's name of Debian's ARCH (arm64 → aarch64)
    dpkg-architecture -a"$1" -qDEB_HOST_GNU_CPU 2>/dev/null
}

binfmt_hold() {  # ARCH
    local arch cpu line conf
    cpu=$(binfmt_cpu "$1")
    arch=$cpu conf=/usr/lib/binfmt.d/qemu-$cpu.conf
    [ -r "$conf" ] || { echo "binfmt: no $conf (Debian's qemu-user-static has it)" >&2; return 1; }
    mkdir -p "$binfmt_state/$arch"
    (
        flock -x -w 300 9 || { echo "binfmt: $binfmt_state.lock held for 5 minutes" >&2; exit 1; }
        if [ ! -e "$binfmt_misc/register" ]; then
            mount -t binfmt_misc binfmt_misc "$binfmt_misc"
            : > "$binfmt_state/mounted-by-keypad"
        fi
        if [ ! -e "$binfmt_misc/qemu-$arch" ]; then
            line=$(grep -v '^#' "$conf" | head -n 1)
            echo "$line" > "$binfmt_misc/register"
            : > "$binfmt_state/$arch/registered-by-keypad"
        fi
        : > "$binfmt_state/$arch/$$"
    ) 9> "$binfmt_state.lock"
}

binfmt_release() {  # ARCH
    local arch
    arch=$(binfmt_cpu "$1")
    [ -e "$binfmt_state/$arch/$$" ] || return 0
    (
        flock -x -w 300 9 || exit 1
        rm -f "$binfmt_state/$arch/$$"
        local holder pid alive=""
        for holder in "$binfmt_state/$arch"/[0-9]*; do
            [ -e "$holder" ] || continue
            pid=${holder##*/}
            if [ -d "/proc/$pid" ]; then alive=1; else rm -f "$holder"; fi
        done
        [ -z "$alive" ] || exit 0
        if [ -e "$binfmt_state/$arch/registered-by-keypad" ]; then
            if [ -e "$binfmt_misc/qemu-$arch" ]; then echo -1 > "$binfmt_misc/qemu-$arch"; fi
            rm -f "$binfmt_state/$arch/registered-by-keypad"
        fi
        if [ -e "$binfmt_state/mounted-by-keypad" ] &&
            ! ls "$binfmt_state"/*/registered-by-keypad >/dev/null 2>&1 &&
            [ "$(ls "$binfmt_misc" | grep -cvx 'register\|status')" = 0 ]; then
            umount "$binfmt_misc"
            rm -f "$binfmt_state/mounted-by-keypad"
        fi
    ) 9> "$binfmt_state.lock"
}
