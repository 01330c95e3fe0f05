"""A Wayland compositor as the tests drive it (scripts/display/with-wayland): sway's tree, the
tests' virtual pointer (Tests/Support/virtual_pointer.c) and what the apps in it are given."""
import json
import os
import subprocess

# The apps use the toolkit's own Wayland input method: no module, as in a plain session.
PLAIN = {key: value for key, value in os.environ.items() if key not in ("GTK_IM_MODULE", "GTK_IM_MODULE_FILE")}

SCREEN = dict(os.environ, WAYLAND_DISPLAY=os.environ.get("KEYPAD_SCREEN_WAYLAND_DISPLAY", ""))


def sway(*args):
    return subprocess.run(["swaymsg", *args], check=True, capture_output=True, text=True).stdout


def sway_windows():
    """(name, focused, rect) of every window in sway's tree."""
    found = []

    def walk(node):
        if node.get("type") in ("con", "floating_con") and node.get("name") is not None:
            found.append((node["name"], node.get("focused"), node["rect"]))
        for child in node.get("nodes", []) + node.get("floating_nodes", []):
            walk(child)

    walk(json.loads(sway("-t", "get_tree")))
    return found


class VirtualPointer:
    """Tests/Support/virtual_pointer.c: a wlr-virtual-pointer client, so that the seat
    has a pointer whose clicks reach the apps (started before them)."""

    process = None

    @classmethod
    def start(cls, binary):
        process = subprocess.Popen([binary, "1280", "720"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=SCREEN)
        line = process.stdout.readline().strip()
        if line != "ready":
            process.wait()
            return process.stderr.read().strip()
        cls.process = process
        return None

    @classmethod
    def send(cls, command):
        cls.process.stdin.write(command + "\n")
        cls.process.stdin.flush()
        assert cls.process.stdout.readline().strip() == "done"


def click_output(x, y):
    """A pointer click at output coordinates."""
    VirtualPointer.send(f"click {int(x)} {int(y)}")


def start_virtual_pointer(bin_dir):
    """Starts the build's virtual pointer (`BIN_DIR/virtual-pointer`) before the apps; fails when
    the compositor has no virtual-pointer protocol."""
    missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
    assert not missing, f"no virtual pointer: {missing}"
