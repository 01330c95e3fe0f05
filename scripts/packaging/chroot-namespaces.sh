# Runs a command chrooted in a Debian tree with the mounts a program expects, sourced by
# scripts/packaging/debian13-chroot (its Debian 13 chroots) and scripts/packaging/cross-swift (the
# cross-compiling Swift toolchain's chroot).
#
#   in_namespaces ROOT COMMAND...
#
# Environment it reads:
#   KEYPAD_OVERLAY   a directory: ROOT is mounted there as a throwaway overlay of KEYPAD_LOWER whose
#                    writable layer is a tmpfs (nothing of the run stays on disk); unset: ROOT itself
#   KEYPAD_LOWER     the kept tree under the overlay
#   KEYPAD_HOST_X11  non-empty: this machine's /tmp/.X11-unix is bound inside
#   KEYPAD_BINDS     lines DIR:INSIDE bound read-write while COMMAND runs
# shellcheck shell=bash

# Runs COMMAND... chrooted in ROOT with proc, sys, dev, dev/pts, dev/shm and tmp mounted, in
# new mount and PID namespaces (their mounts and processes end with the run, however it ends). Used to install packages and to run COMMAND.
in_namespaces() {  # ROOT COMMAND...
    unshare --mount --propagation private --pid --fork --kill-child bash -c '
        set -euo pipefail
        root=$1; shift
        if [ -n "${KEYPAD_OVERLAY:-}" ]; then
            # The throwaway layer in memory: nothing of a run stays on disk, however it ends.
            trap "umount -R \"\$KEYPAD_OVERLAY\" 2>/dev/null || true" EXIT
            mount -t tmpfs -o mode=0755 keypad-debian13-run "$KEYPAD_OVERLAY"
            mkdir "$KEYPAD_OVERLAY/upper" "$KEYPAD_OVERLAY/work" "$root"
            mount -t overlay keypad-debian13 \
                -o "lowerdir=$KEYPAD_LOWER,upperdir=$KEYPAD_OVERLAY/upper,workdir=$KEYPAD_OVERLAY/work" "$root"
        else
            trap "umount -R \"\$root\"/* 2>/dev/null || true" EXIT
        fi
        mount -t proc proc "$root/proc"
        mount --rbind /sys "$root/sys"
        mount --make-rslave "$root/sys"
        mount --bind /dev "$root/dev"
        mount --bind /dev/pts "$root/dev/pts"
        mount -t tmpfs -o mode=1777,size=256m keypad-shm "$root/dev/shm"
        mount -t tmpfs -o mode=1777 keypad-tmp "$root/tmp"
        if [ -n "${KEYPAD_HOST_X11:-}" ]; then
            mkdir -p "$root/tmp/.X11-unix"
            mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
        fi
        while IFS= read -r bind; do
            [ -n "$bind" ] || continue
            source=${bind%%:*}; inside=${bind#*:}
            mkdir -p "$root$inside"
            mount --bind "$source" "$root$inside"
        done <<< "${KEYPAD_BINDS:-}"
        cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
        environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
            TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive)
        for name in http_proxy https_proxy no_proxy; do  # apt inside goes out as this machine does
            if [ -n "${!name:-}" ]; then environment+=("$name=${!name}"); fi
        done
        status=0
        chroot "$root" /usr/bin/env -i "${environment[@]}" "$@" || status=$?
        exit $status
    ' bash "$@"
}

