#!/usr/bin/python3
"""The keypad on Wayland, in a headless sway and cage (scripts/display/with-wayland): for a
Python GTK 3 form through the input-method module, and through the library's `.window`
placement in keypad-demo.

The module in the form is the thin C one: it hands the focused field to keypad-osk over the
session bus (D-Bus activation from the build's share/: XDG_DATA_DIRS), and keypad-osk draws
the keypad, in sway as a layer-shell surface. (cage, which has no layer-shell: #31's cage part.)

What is checked, in each compositor:
- the keypad shows across the bottom (of the output in sway, where it is a layer-shell
  surface; of the app window in cage, where it is a subsurface of it): grim's pixels;
- the app keeps focus: sway's tree (the app's window focused, no window of the keypad's
  own) and the app's own account of its focus widget;
- a tap on a key types into the field: in sway a pointer click (`swaymsg seat … cursor`)
  at the key, in cage (no pointer device, no virtual-pointer protocol in cage 0.1.4)
  AT-SPI's press action on the key, a real GtkButton;
- previous, next and done (the toolbar, through AT-SPI);
- the keypad hides on focus-out, and when the app window closes mid-slide;
- a second app window's field brings the keypad there (module);
- gtk-layer-shell is mapped where the keypad is drawn (keypad-osk in sway), never in the app;
- the docked placement (the library's default) works the same in both.

Focus: sway gets a virtual keyboard from `wtype` (scripts/display/with-wayland), so the app's
window is active and GTK focus works as on X11; cage 0.1.4 has no virtual-keyboard
protocol, so its seat has no keyboard and no window is ever active, as on a touch-only
kiosk: fields get focus through AT-SPI (`grab_focus`, as a tap on the field does).

In cage the module's cases are cage's own (#31): keypad-osk, D-Bus activated, draws on
cage's Xwayland (docs/wayland.md), and taps are pointer clicks on the
field and on its keys (see "Cases: cage" below). Named cases run alone (make test-wayland runs
each in a cage of its own).

    scripts/display/with-wayland sway|cage Tests/Wayland/wayland_e2e.py BIN_DIR [CASE...]
    scripts/display/with-display Tests/Wayland/wayland_e2e.py BIN_DIR    (the X11 check alone)
"""
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.atspi_app import App, keypad_osk_pid  # noqa: E402
from keypad_harness.screenshot import CHROME, RETURN_BLUE, Screenshot, has_return_key, keypad_band, near  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402
from keypad_harness.wayland import SCREEN, VirtualPointer, click_output, sway, sway_windows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FORM = os.path.join(HERE, "..", "IM", "im_form.py")
COMPOSITOR = os.environ.get("KEYPAD_COMPOSITOR", "")
SHOTS = tempfile.mkdtemp(prefix="keypad-wayland-")

# Compositor


def app_origin(title):
    """Where the app window's content starts on the output: sway's rect of it; in cage
    the window sits at the output's corner."""
    if COMPOSITOR != "sway":
        return 0, 0
    for name, _, rect in sway_windows():
        if name == title:
            return rect["x"], rect["y"]
    raise AssertionError(f"no window {title!r} in sway's tree {sway_windows()}")


def screenshot(name):
    return Screenshot.take(os.path.join(SHOTS, f"{COMPOSITOR}-{name}.png"), env=SCREEN)


# Pixels


def assert_keypad_across_bottom(name, left, right, bottom, height):
    """The keypad spans left…right and ends at `bottom`, `height` pixels tall (±2), with
    its return key drawn, and the app shows above it. The compositor may show a frame or
    two late (a subsurface moves with its parent's next commit): it gets 3 s to."""
    deadline = time.time() + 3
    while True:
        shot = screenshot(name)
        top = keypad_band(shot, left, right, bottom)
        if time.time() > deadline or (top is not None and abs((bottom - top) - height) <= 2):
            break
        time.sleep(0.2)
    assert top is not None, f"{name}: no keypad at the bottom ({shot.pixel(left + 1, bottom - 2)} at the left edge)"
    assert abs((bottom - top) - height) <= 2, f"{name}: keypad band {bottom - top} px tall, its window {height} px"
    assert has_return_key(shot, left, right, top, bottom), f"{name}: no return key in the band"
    assert not near(shot.pixel(left + 1, top - 3), CHROME), f"{name}: the keypad's colour goes on above its band"
    return top


def blue_at(shot, region):
    left, top, right, bottom = region
    for y in range(top, bottom, 6):
        for x in range(left, right, 8):
            if near(shot.pixel(x, y), RETURN_BLUE, 12):
                return x, y
    return None


def assert_no_keypad(name, region=(0, 0, 1280, 720)):
    """No return key (nor any of the keypad's blue) in `region` (left, top, right,
    bottom; default the whole output), within 3 s."""
    deadline = time.time() + 3
    while True:
        found = blue_at(screenshot(name), region)
        if found is None:
            return
        assert time.time() < deadline, f"{name}: the keypad's blue shows at {found}"
        time.sleep(0.2)


# Apps


class Subject:
    """An app under test: the module's Python form or the library's demo."""

    def __init__(self, app, title, entry_role="text"):
        self.app = app
        self.title = title
        self.entry_role = entry_role

    def entry(self, name):
        return self.app.require(name, self.entry_role)

    def focus(self, name):
        """Gives `name` GTK focus through AT-SPI, as a tap on it does."""
        node = self.entry(name)
        assert Atspi.Component.grab_focus(node), f"grab_focus on {name!r} failed"
        return node

    def press(self, key):
        """AT-SPI's press action on a keypad or toolbar button."""
        node = self.app.require(key, "push button")
        assert node.do_action(0), f"no press action on {key!r}"

    def keypad_window(self):
        """The showing accessible of the keypad's own window (its width and height)."""
        for node in self.app.nodes():
            try:
                if node.get_name() == "Keypad" and node.get_role_name() in ("window", "frame"):
                    extents = node.get_extents(Atspi.CoordType.WINDOW)
                    if extents.height > 0 and node.get_state_set().contains(Atspi.StateType.SHOWING):
                        return extents
            except Exception:  # noqa: BLE001 - a node destroyed while walked
                continue
        return None

    def window_size(self, title):
        for node in self.app.nodes():
            if node.get_role_name() == "frame" and node.get_name() == title:
                extents = node.get_extents(Atspi.CoordType.WINDOW)
                return extents.width, extents.height
        raise AssertionError(f"no frame {title!r} ({self.app.describe()})")

    def expected_band(self, title):
        """left, right, bottom of where the keypad should be: across the output (sway),
        across the bottom of the app window (cage)."""
        if COMPOSITOR == "sway":
            return 0, 1280, 720
        width, height = self.window_size(title)
        return 0, width, height

    def tap_key(self, key):
        """A tap on `key` with the virtual pointer, at the key's place in the band."""
        node = self.app.require(key, "push button")
        window = self.keypad_window()
        extents = node.get_extents(Atspi.CoordType.WINDOW)
        # The keypad's window coordinates start at the band's top left.
        left, _, bottom = self.expected_band(self.title)
        top = bottom - window.height
        click_output(left + extents.x + extents.width // 2, top + extents.y + extents.height // 2)

    def assert_app_keeps_focus(self):
        if COMPOSITOR == "sway":
            windows = sway_windows()
            assert not any(name == "Keypad" for name, _, _ in windows), f"the keypad became a window: {windows}"
            focused = [name for name, is_focused, _ in windows if is_focused]
            assert focused == [self.title], f"sway focuses {focused}, not {self.title!r}"


def form_app(bin_dir, wrapper=()):
    env = {"GTK_IM_MODULE_FILE": os.path.join(bin_dir, "immodules.cache"), "G_DEBUG": "fatal-criticals"}
    app = App([*wrapper, "/usr/bin/python3", FORM, "--report-focus"], env=env)
    app.wait_for_line("ready")
    app.wait_for_no_keypad()  # keypad-osk outlives the apps: the last test's keypad has slid out first
    return Subject(app, "Keypad IM form")


def demo_app(bin_dir, placement="window"):
    env = {"GTK_IM_MODULE": "gtk-im-context-simple", "G_DEBUG": "fatal-criticals"}
    app = App([os.path.join(bin_dir, "keypad-demo"), "--placement", placement, "--trace"], env=env)
    return Subject(app, "Keypad kiosk")


def focus_lines(app):
    return [line for line in app.output()[0] if line.startswith("focus ")]


def editing_lines(app):
    """The demo's trace lines of fields beginning and ending editing."""
    return [line.partition(" ")[2] for line in app.output()[0]
            if line.partition(" ")[2].split(" ")[-1:] in (["didBeginEditing"], ["didEndEditing(reason:committed)"])]


# Cases: the module


def test_module_types_and_keeps_focus(bin_dir):
    form = form_app(bin_dir)
    try:
        app = form.app
        digits = form.focus("Digits")
        app.wait_for_keypad()
        height = form.keypad_window().height
        left, right, bottom = form.expected_band(form.title)
        assert_keypad_across_bottom("module-digits", left, right, bottom, height)
        form.assert_app_keeps_focus()
        before = focus_lines(app)
        form.tap_key("7")
        wait_for(lambda: app.text(digits) == "7", "the tap on 7 to type", seen=lambda: app.text(digits))
        for key in ("1", "2", "Delete", "5"):
            form.press(key)
        wait_for(lambda: app.text(digits) == "715", "715 in Digits", seen=lambda: app.text(digits))
        assert focus_lines(app) == before, f"the taps moved focus: {focus_lines(app)[len(before):]}"
        form.assert_app_keeps_focus()
        assert app.keypad_shows()
    finally:
        form.app.close()


def test_module_toolbar_and_focus_out(bin_dir):
    form = form_app(bin_dir)
    try:
        app = form.app
        form.focus("Digits")
        app.wait_for_keypad()
        app.wait_for_line("focus Digits")
        form.press("Next field")
        app.wait_for_line("focus PIN")
        pin = form.app.require("PIN", "password text")
        form.press("4")
        wait_for(lambda: len(app.text(pin)) == 1, "a digit in PIN")
        form.press("Previous field")
        wait_for(lambda: focus_lines(app)[-1:] == ["focus Digits"], "Previous to focus Digits",
                 seen=lambda: focus_lines(app))
        app.wait_for_keypad()
        form.press("Dismiss keypad")
        app.wait_for_no_keypad()
        assert_no_keypad("module-dismissed")
        assert focus_lines(app)[-1] == "focus Digits", "Dismiss moved focus"
        # A tap on the field brings it back (focus elsewhere first, then on the field).
        form.focus("Name")
        form.focus("Amount")
        app.wait_for_keypad()
        left, right, bottom = form.expected_band(form.title)
        assert_keypad_across_bottom("module-amount", left, right, bottom, form.keypad_window().height)
        # Focus on a widget that takes no text: the keypad slides out.
        pay = next(node for node in app.nodes() if node.get_name() == "Pay")
        assert Atspi.Component.grab_focus(pay)
        app.wait_for_line("focus none")
        app.wait_for_no_keypad()
        assert_no_keypad("module-focus-out")
    finally:
        form.app.close()


def test_module_second_window_and_close_mid_slide(bin_dir):
    form = form_app(bin_dir)
    try:
        app = form.app
        form.app.process.send_signal(signal.SIGUSR2)
        second = app.require("Second entry", "text")
        assert Atspi.Component.grab_focus(second)
        app.wait_for_keypad()
        form.press("k")
        wait_for(lambda: app.text(second) == "k", "k in the second window's entry", seen=lambda: app.text(second))
        height = form.keypad_window().height
        if COMPOSITOR == "sway":
            assert_keypad_across_bottom("module-second", 0, 1280, 720, height)
        else:
            # cage shows the second window (transient for the form) centred over it. It
            # is too short to hold the keypad, so the keypad, a subsurface of it, hangs
            # below its content, centred on it.
            _, window_height = form.window_size("Second window")

            def below(top):
                return 360 - window_height // 2 < top <= 360 + window_height // 2 + 4

            deadline = time.time() + 3
            while True:
                shot = screenshot("module-second")
                rows = [y for y in range(720) if near(shot.pixel(640, y), CHROME)]
                top = rows[0] if rows else None
                if (rows and abs(len(rows) - height) <= 40 and below(top)) or time.time() > deadline:
                    break
                time.sleep(0.2)
            assert rows, "no keypad drawn for the second window"
            assert below(top), f"the keypad's top {top} is not at the bottom of the second window ({window_height} px)"
            assert not near(shot.pixel(2, top + 5), CHROME), "the keypad spans the output, not the second window"
            assert has_return_key(shot, 0, 1280, top, top + height), "no return key under the second window"
        # The form's window closes while its keypad slides in: the keypad goes with it
        # and the program (its second window) runs on.
        form.focus("Digits")
        form.app.process.send_signal(signal.SIGUSR1)
        app.wait_for_line("closing")
        # The program answers after its first window closed (an AT-SPI call into its main
        # loop, which would have ended with that window): it runs on.
        assert app.text(second) == "k", app.text(second)
        assert app.process.poll() is None, "the program ended with its first window"
        # The form's number pad is gone. In sway the second window gets keyboard focus
        # back and shows its letters: the number pad's return key at the bottom left is
        # what must be gone (the letters have their 123 key there). cage gives the
        # second window no focus event (no keyboard): nothing shows.
        assert app.find("7", "push button") is None, "the form's number pad still shows"
        if COMPOSITOR != "sway":
            assert form.keypad_window() is None, "a keypad still shows"
        assert_no_keypad("module-closed-mid-slide", region=(0, 620, 640, 720) if COMPOSITOR == "sway" else (0, 0, 1280, 720))
        _, errors = app.output()
        assert not [e for e in errors if "CRITICAL" in e or "WARNING" in e], errors
    finally:
        form.app.close()


def maps_layer_shell(pid):
    with open(f"/proc/{pid}/maps") as maps:
        return "libgtk-layer-shell" in maps.read()


def keypad_log_lines(app):
    return [line for line in app.output()[1] if line.startswith("keypad")]


def test_module_loads_layer_shell_only_where_it_serves(bin_dir):
    """The app never maps gtk-layer-shell: the keypad is keypad-osk's, which maps it once its
    keypad shows on a compositor with layer-shell (sway)."""
    form = form_app(bin_dir)
    try:
        form.focus("Digits")
        form.app.wait_for_keypad()
        assert not maps_layer_shell(form.app.process.pid), "gtk-layer-shell mapped in the app"
        assert maps_layer_shell(keypad_osk_pid()) == (COMPOSITOR == "sway"), \
            "keypad-osk's gtk-layer-shell not mapped where it serves"
        assert keypad_log_lines(form.app) == [], keypad_log_lines(form.app)
    finally:
        form.app.close()


def test_x11_never_maps_layer_shell(bin_dir):
    """Under X11 (scripts/display/with-display) keypad-osk's keypad window is an X11 one:
    gtk-layer-shell is never mapped, in the app or in keypad-osk, and nothing is logged."""
    form = form_app(bin_dir)
    try:
        form.focus("Digits")
        form.app.wait_for_keypad()
        assert not maps_layer_shell(form.app.process.pid), "gtk-layer-shell mapped in the app under X11"
        assert not maps_layer_shell(keypad_osk_pid()), "gtk-layer-shell mapped in keypad-osk under X11"
        assert keypad_log_lines(form.app) == [], keypad_log_lines(form.app)
    finally:
        form.app.close()


# Cases: the library's .window placement


def test_library_window_placement(bin_dir):
    demo = demo_app(bin_dir)
    try:
        app = demo.app
        amount = demo.focus("Amount")
        app.wait_for_keypad()
        left, right, bottom = demo.expected_band(demo.title)
        assert_keypad_across_bottom("library-amount", left, right, bottom, demo.keypad_window().height)
        demo.assert_app_keeps_focus()
        demo.tap_key("7")
        wait_for(lambda: app.text(amount) == "7", "the tap on 7 to type", seen=lambda: app.text(amount))
        demo.press("5")
        wait_for(lambda: app.text(amount) == "75", "75 in Amount", seen=lambda: app.text(amount))
        demo.assert_app_keeps_focus()
        demo.press("Next field")
        wait_for(lambda: "Phone didBeginEditing" in editing_lines(app), "Next to begin Phone",
                 seen=lambda: editing_lines(app))
        demo.press("Previous field")
        wait_for(lambda: editing_lines(app)[-1:] == ["Amount didBeginEditing"], "Previous to begin Amount",
                 seen=lambda: editing_lines(app))
        demo.press("Dismiss keypad")
        app.wait_for_no_keypad()
        assert_no_keypad("library-dismissed")
    finally:
        demo.app.close()


def test_library_docked(bin_dir):
    """The docked placement (the default) is part of the app window: it needs nothing of
    the compositor. The demo fills the output in both (sway tiles it without borders,
    cage maximizes it), so the keypad spans the output's bottom."""
    demo = demo_app(bin_dir, placement="docked")
    try:
        app = demo.app
        amount = demo.focus("Amount")
        app.wait_for_keypad()
        shot = screenshot("library-docked")
        top = keypad_band(shot, 0, 1280, 720)
        assert top is not None and 720 - top > 200, f"no docked keypad across the bottom (top {top})"
        assert has_return_key(shot, 0, 1280, top, 720), "no return key in the docked keypad"
        assert demo.keypad_window() is None, "the docked keypad opened a window"
        # The app window's surface starts at the output's corner: window coordinates are
        # the output's.
        key = app.require("7", "push button").get_extents(Atspi.CoordType.WINDOW)
        click_output(key.x + key.width // 2, key.y + key.height // 2)
        wait_for(lambda: app.text(amount) == "7", "the tap on 7 to type", seen=lambda: app.text(amount))
        demo.assert_app_keeps_focus()
    finally:
        demo.app.close()


def test_library_close_mid_slide(bin_dir):
    """sway closes the demo's window while its keypad slides in (cage cannot close a
    window from outside: there the module's case covers the same code)."""
    if COMPOSITOR != "sway":
        return "not in cage: nothing outside the app can close its window"
    demo = demo_app(bin_dir)
    try:
        demo.focus("Amount")
        sway("[title=\"Keypad kiosk\"] kill")
        demo.app.process.wait(timeout=5)
        assert_no_keypad("library-closed-mid-slide")
        _, errors = demo.app.output()
        assert not [e for e in errors if "CRITICAL" in e], errors
    finally:
        demo.app.close()


# Cases: cage, through the GTK 3 module and keypad-osk on cage's Xwayland (#31)
#
# cage has no layer-shell and no input-method-v2: keypad-osk, D-Bus activated by the module,
# draws on cage's Xwayland (with-wayland exports its DISPLAY) an override-redirect utility
# window across the bottom of the output, which cage shows above the app and never focuses.
# The seat has no keyboard: the module follows the window's focus widget, which a tap on a
# field moves. Taps are real pointer clicks (the virtual pointer on sway's seat reaches cage).


def cage_form(bin_dir):
    """The Python form, focused by cage as it maps (xdg-shell's activated)."""
    form = form_app(bin_dir)
    app = form.app
    wait_for(lambda: window_lines(app) == CAGE_MAPPED, "cage to focus the form's window", seen=lambda: window_lines(app))
    return form


# The form's window focus as cage maps it (WAYLAND_DEBUG): GDK counts a window it shows as
# focused, cage's first configure has no states, its next one (after the map) is maximized and
# activated. Nothing after this may take the focus away.
CAGE_MAPPED = ["window focused", "window unfocused", "window focused"]


def window_lines(app):
    return [line for line in app.output()[0] if line.startswith("window ")]


def cage_tap_field(form, name):
    """A pointer tap on the field: cage maximizes the form at the output's corner, so its
    window coordinates are the output's."""
    node = form.entry(name)
    extents = node.get_extents(Atspi.CoordType.WINDOW)
    click_output(extents.x + extents.width // 2, extents.y + extents.height // 2)
    return node


def cage_keypad(form):
    """The keypad's window once it has slid in and settled: (top, height) on the output, after
    grim shows it across the bottom of the output with its return key."""
    form.app.wait_for_keypad()
    window = form.keypad_window()
    assert window is not None and window.width == 1280, f"no keypad window across the output: {window}"
    top = assert_keypad_across_bottom("cage-keypad", 0, 1280, 720, window.height)
    return top, window.height


def cage_tap_key(form, key):
    """A pointer tap on keypad-osk's key, at its place in the keypad's window at the output's bottom."""
    node = form.app.require(key, "push button")
    window = form.keypad_window()
    extents = node.get_extents(Atspi.CoordType.WINDOW)
    click_output(extents.x + extents.width // 2, 720 - window.height + extents.y + extents.height // 2)


def assert_cage_focus_kept(form, focus_before):
    """The app's focus widget is where it was, and cage never took the window's focus away (a
    keypad window that took focus would: measured with an override-redirect window without
    the utility type)."""
    app = form.app
    assert focus_lines(app) == focus_before, f"the taps moved focus: {focus_lines(app)[len(focus_before):]}"
    assert window_lines(app) == CAGE_MAPPED, f"cage moved the window's focus: {window_lines(app)}"


def test_cage_thin_pad_types_and_keeps_focus(bin_dir):
    """A tap on Digits brings keypad-osk's number pad across the bottom of the output; taps on
    its keys type, Delete deletes, Return activates the field; the app keeps its focus."""
    form = cage_form(bin_dir)
    try:
        app = form.app
        digits = cage_tap_field(form, "Digits")
        app.wait_for_line("focus Digits")
        cage_keypad(form)
        before = focus_lines(app)
        for key, text in (("7", "7"), ("1", "71"), ("Delete", "7"), ("5", "75")):
            cage_tap_key(form, key)
            wait_for(lambda t=text: app.text(digits) == t, f"{text} in Digits", seen=lambda: app.text(digits))
        cage_tap_key(form, "Return")
        app.wait_for_line("activate Digits")
        assert app.text(digits) == "75", app.text(digits)
        assert_cage_focus_kept(form, before)
        assert app.keypad_shows()
    finally:
        form.app.close()


def test_cage_thin_fields_toolbar_and_focus_out(bin_dir):
    """Another field's pad (the letters), the toolbar's next, previous and done, a tap on the
    field bringing the keypad back, and focus on a widget that takes no text hiding it."""
    form = cage_form(bin_dir)
    try:
        app = form.app
        cage_tap_field(form, "Digits")
        app.wait_for_line("focus Digits")
        cage_keypad(form)
        name = cage_tap_field(form, "Name")
        app.wait_for_line("focus Name")
        app.wait_for_keypad("q")
        cage_keypad(form)
        cage_tap_key(form, "k")
        wait_for(lambda: app.text(name) == "k", "k in Name", seen=lambda: app.text(name))
        cage_tap_key(form, "Next field")
        app.wait_for_line("focus Digits")
        cage_tap_key(form, "Previous field")
        wait_for(lambda: focus_lines(app)[-1:] == ["focus Name"], "Previous to focus Name", seen=lambda: focus_lines(app))
        app.wait_for_keypad("q")
        cage_tap_key(form, "Dismiss keypad")
        app.wait_for_no_keypad()
        assert_no_keypad("cage-dismissed")
        assert focus_lines(app)[-1] == "focus Name", "Dismiss moved focus"
        cage_tap_field(form, "Name")
        app.wait_for_keypad("q")
        cage_keypad(form)
        pay = next(node for node in app.nodes(own=True) if node.get_name() == "Pay")
        assert Atspi.Component.grab_focus(pay)
        app.wait_for_line("focus none")
        app.wait_for_no_keypad()
        assert_no_keypad("cage-focus-out")
        assert window_lines(app) == CAGE_MAPPED, f"cage moved the window's focus: {window_lines(app)}"
    finally:
        form.app.close()


def test_cage_thin_keypad_osk_killed_and_restarted(bin_dir):
    """keypad-osk killed while its keypad shows: the app runs on, and the next field's tap starts
    another (D-Bus activation), whose keypad types."""
    form = cage_form(bin_dir)
    try:
        app = form.app
        cage_tap_field(form, "Digits")
        cage_keypad(form)
        first = keypad_osk_pid()
        os.kill(first, signal.SIGKILL)
        assert_no_keypad("cage-osk-killed")
        amount = cage_tap_field(form, "Amount")
        app.wait_for_line("focus Amount")
        cage_keypad(form)
        assert keypad_osk_pid() != first, "the keypad shows, yet keypad-osk was not started again"
        cage_tap_key(form, "4")
        wait_for(lambda: app.text(amount) == "4", "4 in Amount", seen=lambda: app.text(amount))
        assert app.process.poll() is None, "the app ended with keypad-osk"
        _, errors = app.output()
        assert not [e for e in errors if "CRITICAL" in e], errors
    finally:
        form.app.close()


# The library's placements come first: keypad-osk, whose keys atspi_app also looks at, is not running yet.
CAGE_TESTS = [
    test_library_window_placement,
    test_library_docked,
    test_cage_thin_pad_types_and_keeps_focus,
    test_cage_thin_fields_toolbar_and_focus_out,
    test_cage_thin_keypad_osk_killed_and_restarted,
]

TESTS = [
    test_module_types_and_keeps_focus,
    test_module_toolbar_and_focus_out,
    test_module_second_window_and_close_mid_slide,
    test_module_loads_layer_shell_only_where_it_serves,
    test_library_window_placement,
    test_library_docked,
    test_library_close_mid_slide,
]


def main():
    bin_dir = sys.argv[1]
    failures = 0
    tests = CAGE_TESTS if COMPOSITOR == "cage" else TESTS
    if sys.argv[2:]:
        # Named cases only (make test-wayland runs each cage case in a cage of its own).
        tests = [test for test in tests if test.__name__ in sys.argv[2:]]
        assert len(tests) == len(sys.argv[2:]), f"no such cases among {[test.__name__ for test in CAGE_TESTS]}"
    if COMPOSITOR:
        missing = VirtualPointer.start(os.path.join(bin_dir, "virtual-pointer"))
        assert not missing, f"no virtual pointer: {missing}"
    else:
        tests = [test_x11_never_maps_layer_shell]
    for test in tests:
        start = time.time()
        try:
            note = test(bin_dir)
            print(f"ok   {COMPOSITOR or 'x11'} {test.__name__} ({time.time() - start:.1f} s)" + (f": {note}" if note else ""),
                  flush=True)
        except Exception:  # noqa: BLE001 - every failure is reported, then the run fails
            failures += 1
            print(f"FAIL {COMPOSITOR or 'x11'} {test.__name__}", flush=True)
            traceback.print_exc()
    if failures:
        print(f"screenshots in {SHOTS}")
        return 1
    shutil.rmtree(SHOTS, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
