#!/usr/bin/python3
"""keypad-osk and the field being typed into (#34) in a headless sway 1.7 (make test-osk):

- sway 1.7 places no input-method popup and so tells no caret: a Chromium kiosk's, a Firefox
  ESR kiosk's, and a fullscreen GTK 4 window's field near the bottom stays under the keypad at
  the bottom (the documented limit, Tests/OSK/caret_checks.py), and keys still type into it; so
  does a fullscreen PyQt6 window's through the Qt plug-in (its caret is in window coordinates);
- the recipe docs/keypad-osk.md gives there, measured: `keypad-osk --exclusive` with Chromium in a
  window (`--app`, tiled: sway shrinks it above the keypad) and a page that scrolls its focused
  field into view when the window resizes: the field's pixels show above the keypad; without
  that scrolling Chromium 156 leaves the tapped field under the keypad.

Run with the other sway tests by Tests/OSK/osk_e2e.py (its TESTS join SWAY_TESTS).
"""
import json
import os

from keypad_harness.gtk4_apps import QT6_CARET, GTK4Caret
from keypad_harness.keypad_osk import OSK, screenshot
from keypad_harness.waits import wait_for
from keypad_harness.wayland import PLAIN, VirtualPointer, click_output, sway
from keypad_harness.web import firefox

from caret_checks import (arrive, chromium_caret, chromium_on, covers, field_uncovered, gtk4_caret, keypad_rows,
                          wait_edge)


def test_chromium_caret_unknown(bin_dir, workdir):
    osk = OSK(bin_dir, workdir, "caret-chromium")
    try:
        with chromium_on("form.html?low=tel") as page:
            chromium_caret(page, osk.trace, screenshot, False)
    finally:
        osk.close()


def test_gtk4_caret_unknown(bin_dir, workdir):
    osk = OSK(bin_dir, workdir, "caret-gtk4")
    try:
        gtk4_caret(osk.trace, screenshot, False, PLAIN)
    finally:
        osk.close()


def test_firefox_caret_unknown(bin_dir, workdir):
    """Firefox ESR on Wayland: sway 1.7 tells no caret, the keypad stays at the bottom over the
    field near the bottom, keys still type (its first field after start, which gets no purpose,
    is focused first)."""
    osk = OSK(bin_dir, workdir, "caret-firefox")
    try:
        with chromium_on("form.html?low=tel", browser=firefox) as page:
            chromium_caret(page, osk.trace, screenshot, False, first_field="number")
    finally:
        osk.close()


def test_qt6_plugin_caret_unknown(bin_dir, workdir):
    """A fullscreen PyQt6 window (Tests/OSK/qt_caret.py) through the Qt plug-in (QT_IM_MODULE=keypad,
    org.keypad.OSK1): on Wayland the plug-in knows its caret only in its window, not on the
    output, so the keypad stays at the bottom over the field near the bottom; keys type into it,
    and focus on the field at the top keeps it there. (Qt 6.4, Debian 12's, has no text-input-v3:
    with no plug-in keypad-osk never hears of its fields in sway.)"""
    plugins = os.path.join(bin_dir.split("/.build/")[0], ".build", "qt6", "plugins")
    osk = OSK(bin_dir, workdir, "caret-qt6")
    try:
        env = dict(PLAIN, QT_QPA_PLATFORM="wayland", QT_IM_MODULE="keypad", QT_PLUGIN_PATH=plugins)
        gtk4_caret(osk.trace, screenshot, False, env, command=QT6_CARET, name="qt6-plugin")
    finally:
        osk.close()


def test_keypad_on_the_focused_output(bin_dir, workdir):
    """Two outputs (a second headless one, `swaymsg create_output`, smaller, 1024x600, beside the
    first): a fullscreen GTK 4 window on the second, focused output gets the keypad on that
    output, not on GDK's first monitor; sway tells no caret, so the focused output is where the
    field is. The keypad's frame (the trace's `edge` line, which thin modules get as KeypadFrame)
    is that output's bottom in the layout's pixels, as wide as that output: before, it was GDK's
    first monitor's (`edge bottom 0,426,1280,294`). Runs last of the caret tests (sway 1.7 cannot
    unplug the output again)."""
    before = {o["name"] for o in json.loads(sway("-t", "get_outputs"))}
    sway("create_output")
    added = wait_for(lambda: [o["name"] for o in json.loads(sway("-t", "get_outputs")) if o["name"] not in before],
                     "the second output")[0]
    first = sorted(before)[0]
    sway("output", first, "pos", "0", "0")
    sway("output", added, "mode", "1024x600", "pos", "1280", "0")
    wait_for(lambda: [o["rect"] for o in json.loads(sway("-t", "get_outputs")) if o["name"] == added] ==
             [dict(x=1280, y=0, width=1024, height=600)], f"{added} at 1280,0, 1024x600",
             seen=lambda: json.loads(sway("-t", "get_outputs")))
    sway("focus", "output", added)
    osk = OSK(bin_dir, workdir, "two-outputs")
    app = GTK4Caret(PLAIN)
    try:
        mark = 0
        osk.trace.wait_keypad(mark, "numberPad")

        def on_second():
            lines = osk.trace.since(mark, "edge ")
            frame = tuple(int(v) for v in lines[-1].split()[2].split(",")) if lines else None
            return frame if frame and frame[0] == 1280 and frame[2] == 1024 and sum(frame[1::2]) == 600 else None
        x, y, w, h = wait_for(on_second, f"the keypad's frame at the bottom of {added}",
                              seen=lambda: osk.trace.since(mark, "edge ")[-3:])
        assert osk.trace.since(mark, "edge ")[-1].split()[1] == "bottom", osk.trace.since(mark, "edge ")

        # Drawn there, as wide as that output; then the first has none.
        def drawn_on_second():
            shot = screenshot("two-outputs")
            return shot if keypad_rows(shot, (x, y, w, h)) else None
        shot = wait_for(drawn_on_second, f"the keypad drawn on {added}", timeout=5)
        assert not keypad_rows(shot, (0, 720 - h, 1280, h)), f"a keypad on {first} too"
        print(f"ok   the keypad on {added}, the focused output, at {(x, y, w, h)} of the layout", flush=True)
    finally:
        app.close()
        osk.close()


def focused_content():
    """The focused window's content on the output (sway's rect of it, less its title bar and border)."""
    def walk(node):
        if node.get("focused"):
            rect, inner = node["rect"], node["window_rect"]
            return dict(x=rect["x"] + inner["x"], y=rect["y"] + inner["y"], width=inner["width"],
                        height=inner["height"])
        return next(filter(None, map(walk, node.get("nodes", []) + node.get("floating_nodes", []))), None)
    return walk(json.loads(sway("-t", "get_tree")))


def exclusive_window(bin_dir, workdir, scrolls):
    """Where the caret is not known: `keypad-osk --exclusive` and Chromium in a window (`--app`,
    tiled) on a page whose field `tel` is 600 px down the page, near the window's bottom, tapped:
    sway shrinks the window above the keypad. The field's rectangle on the output once the page
    settled (scrolled it into view, if `scrolls`) and the keypad's frame."""
    name = f"caret-exclusive-{'scroll' if scrolls else 'still'}"
    osk = OSK(bin_dir, workdir, name, args=("--exclusive",))
    try:
        with chromium_on("form.html?low=tel&flow=1" + ("&scroll=1" if scrolls else ""), kiosk=False) as page:
            return settled_field(osk, page, name, scrolls)
    finally:
        osk.close()


def settled_field(osk, page, name, scrolls):
    """The tap on `tel` and what follows it, with Chromium up (exclusive_window)."""
    page.wait_load(0, timeout=60)

    def output_rect():
        # The page's viewport ends at the window's bottom (Chromium's info bar above it).
        view, state = focused_content(), page.command("state")
        rect = state["rects"]["tel"]
        top = view["y"] + view["height"] - state["viewport"][1]
        return [view["x"] + rect[0], top + rect[1], rect[2], rect[3]], view
    if os.geteuid() == 0:
        # As root Chromium runs with --no-sandbox and shows a bar saying so above the page.
        wait_for(lambda: page.command("state")["viewport"][1] < focused_content()["height"],
                 "Chromium's --no-sandbox bar", timeout=10)
    (x, y, w, h), view = output_rect()
    assert y > 600 and y + h < 720, f"tel at {(x, y, w, h)}"
    events = page.mark()
    VirtualPointer.send("move 1 1")  # from elsewhere: a move where it is is no move
    VirtualPointer.send(f"move {x + w // 2} {y + h // 2}")
    page.wait_event(events, "pointermove", "tel", timeout=10)
    mark = osk.trace.mark()
    click_output(x + w // 2, y + h // 2)
    osk.trace.wait_keypad(mark, "phonePad")
    frame, _ = arrive(osk.trace, mark, "bottom", screenshot, name)
    # sway shrinks the window above the keypad; the page gets a resize event.
    field, view = wait_for(lambda: (lambda r: r if r[1]["height"] <= frame[1] else None)(output_rect()),
                           "the window above the keypad", timeout=5, seen=output_rect)
    assert view["y"] + view["height"] <= frame[1], f"the window's content {view} goes under the keypad {frame}"
    if scrolls:
        field, view = wait_for(lambda: (lambda r: r if not covers(frame, r[0]) else None)(output_rect()),
                               "the page to scroll the field above the keypad", timeout=5, seen=output_rect)
    else:
        # The page's own report after the resize: it did not scroll.
        field, view = output_rect()
    return field, frame, field_uncovered(screenshot(f"{name}-after"), field)


def test_exclusive_recipe(bin_dir, workdir):
    """With the page scrolling its focused field into view on resize, the field's pixels show
    above the keypad; without, Chromium 156 leaves it under the keypad (the issue's measurement)."""
    field, frame, uncovered = exclusive_window(bin_dir, workdir, scrolls=True)
    assert not covers(frame, field) and uncovered, f"tel at {field}, keypad at {frame}"
    field, frame, uncovered = exclusive_window(bin_dir, workdir, scrolls=False)
    assert covers(frame, field) and not uncovered, f"without scrolling: tel at {field}, keypad at {frame}"


TESTS = [test_chromium_caret_unknown, test_gtk4_caret_unknown, test_firefox_caret_unknown, test_qt6_plugin_caret_unknown,
         test_exclusive_recipe, test_keypad_on_the_focused_output]
