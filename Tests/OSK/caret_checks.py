"""keypad-osk keeping the field being typed into uncovered (#34), for the sway run
(Tests/OSK/osk_e2e.py, make test-osk) and the labwc one (Tests/OSK/labwc_kiosk.py, make test-labwc).

Each app shows one field near the top of the fullscreen output and one near the bottom, yellow
(#ffff00) so a screenshot tells whether the keypad covers it. Where the compositor tells the
caret (labwc 0.8.3: input-method-v2's popup surface), a tap on the bottom field brings the
keypad along the top edge, and the field's pixels stay yellow; a key typed goes into it; a move
to the top field brings the keypad back to the bottom. Where it does not (sway 1.7), the keypad
stays at the bottom and covers the bottom field: the documented limit.

keypad-osk's trace says where the keypad arrived: `edge bottom|top X,Y,W,H` (the output's
pixels), and `caret below|above probe=H` for each caret the compositor gives.
"""
import contextlib
import shutil
import tempfile

from keypad_harness.gtk4_apps import GTK4Caret
from keypad_harness.screenshot import CHROME, near, not_yellow
from keypad_harness.waits import wait_for
from keypad_harness.wayland import VirtualPointer, click_output
from keypad_harness.web import Page, chromium, stop_browser

@contextlib.contextmanager
def chromium_on(name, kiosk=True, workdir=None, browser=chromium):
    """Chromium on Wayland (or `browser`: osk_e2e's firefox) on the test page `name` (with its
    query), served from the loopback; yields the page, then ends the browser and the server."""
    page = Page()
    profile = tempfile.mkdtemp(prefix=f"keypad-caret-{browser.__name__}-", dir=workdir)
    process, log = browser(page, profile, name, kiosk) if browser is chromium else browser(page, profile, name)
    try:
        yield page
    finally:
        stop_browser(process, log)
        page.close()
        shutil.rmtree(profile, ignore_errors=True)


def wait_edge(trace, mark, edge, timeout=8.0):
    """The keypad's frame (x, y, w, h) once the trace says it arrived at `edge` since `mark`."""
    def arrived():
        lines = trace.since(mark, "edge ")
        if lines and lines[-1].split(" ")[1] == edge:
            return tuple(int(v) for v in lines[-1].split(" ")[2].split(","))
        return None
    return wait_for(arrived, f"the keypad at the {edge}", timeout, seen=lambda: trace.lines()[mark:][-8:])


def keypad_rows(shot, frame):
    """Whether the keypad's colour fills the left and right edge of the frame's first and last row."""
    x, y, w, h = frame
    return all(near(shot.pixel(px, py), CHROME) for px in (x + 1, x + w - 2) for py in (y + 1, y + h - 2))


def field_uncovered(shot, rect):
    """Whether the field's right half shows its yellow."""
    return not not_yellow(shot, rect)


def covers(frame, rect):
    x, y, w, h = frame
    return y < rect[1] + rect[3] and rect[1] < y + h


def arrive(trace, mark, edge, take_screenshot, name):
    """The keypad's frame at `edge` and a screenshot showing it there, drawn."""
    frame = wait_edge(trace, mark, edge)
    shots = []

    def drawn():
        shots.append(take_screenshot(name))
        return shots[-1] if keypad_rows(shots[-1], frame) else None

    def seen():
        x, y, w, h = frame
        return [(px, py, shots[-1].pixel(px, py)) for px in (x + 1, x + w - 2) for py in (y + 1, y + h - 2)]
    return frame, wait_for(drawn, f"the keypad drawn at {frame}", timeout=5, seen=seen)


def tap_page_field(page, id):
    """A pointer tap in the middle of the kiosk page's field once the page saw the pointer over
    it (a click before that may not reach the page); waits for the page's focus event of it."""
    x, y, w, h = page.rect(id)
    events = page.mark()
    VirtualPointer.send("move 1 1")  # from elsewhere: a move where it is is no move
    VirtualPointer.send(f"move {x + w // 2} {y + h // 2}")
    page.wait_event(events, "pointermove", id, timeout=10)
    events = page.mark()
    click_output(x + w // 2, y + h // 2)
    page.wait_event(events, "focus", id)


def focus_by_page(page, id):
    """The page moves focus to the field (as Tab does) and reports it."""
    events = page.mark()
    page.command("focus", id=id)
    page.wait_event(events, "focus", id)


def chromium_caret(page, trace, take_screenshot, caret_known, tap_field=tap_page_field, first_field=None):
    """The browser kiosk on form.html?low=tel: `tel` near the bottom (yellow), `number` near the
    top. `tap_field(page, id)` taps a field and waits for the page's focus event. `first_field`
    is tapped first (Firefox's first field after start gets no purpose), and then
    the page moves focus to `tel` (a tap there would land on the keypad at the bottom). Returns
    how the keypad reached the top for tel: "at once" (the caret came with the field), "at the
    first key" (the app gave its caret once it moved: Chromium 156), or None (it stayed at the
    bottom); and how it went back to the bottom for number ("at once" or "at the first key")."""
    page.wait_load(0, timeout=60)
    # Once the kiosk fills the output, tel is near its bottom.
    low = wait_for(lambda: (lambda r: r if r[1] > 600 else None)(page.rect("tel")), "the kiosk fullscreen",
                   timeout=20, seen=lambda: page.rect("tel"))
    high = page.rect("number")
    assert high[1] < 60, f"the page's fields: tel {low}, number {high}"
    if first_field:
        mark = trace.mark()
        tap_field(page, first_field)  # a tap: labwc gives a window keyboard focus on a click
        trace.wait_keypad(mark, timeout=20)
        wait_edge(trace, mark, "bottom")
    # The bottom field, tapped: the keypad at the top where the caret is known, the field's
    # pixels uncovered.
    mark = trace.mark()
    (focus_by_page if first_field else tap_field)(page, "tel")
    keypad = trace.wait_keypad(mark, "phonePad")
    edges = lambda: [line.split(" ")[1] for line in trace.since(mark, "edge ")]  # noqa: E731
    # Where it first arrived: at the top at once, or at the bottom (the caret not known yet).
    wait_for(lambda: edges(), "the keypad to arrive", timeout=8, seen=lambda: trace.lines()[mark:][-8:])
    how = "at once" if edges()[0] == "top" else None
    frame = wait_edge(trace, mark, edges()[0])
    events = page.mark()
    x, y = keypad[2]["1"]
    click_output(frame[0] + x, frame[1] + y)
    page.wait_event(events, "input", "tel", where=lambda e: e.get("value") == "1")
    edge = "top" if caret_known else "bottom"
    # The move's own event first: the caret may come after the first key.
    frame, shot = arrive(trace, mark, edge, take_screenshot, "caret-bottom-field")
    if caret_known and how is None:
        how = "at the first key"
    carets = trace.since(mark, "caret ")
    if caret_known:
        assert frame[1] == 0 and not covers(frame, low), f"keypad {frame}, field {low}"
        assert field_uncovered(shot, low), f"the field's pixels at {low} are covered: {not_yellow(shot, low)[:6]}"
        assert carets and carets[-1].startswith("caret above "), carets
    else:
        assert covers(frame, low) and not field_uncovered(shot, low), f"keypad {frame}, field {low}"
        assert not carets, f"the compositor told a caret: {carets}"
    keypad = trace.wait_keypad(mark, "phonePad")
    for key, expected in (("2", "12"), ("3", "123")):
        events = page.mark()
        x, y = keypad[2][key]
        click_output(frame[0] + x, frame[1] + y)
        page.wait_event(events, "input", "tel", where=lambda e, v=expected: e.get("value") == v)
    if caret_known:
        assert field_uncovered(take_screenshot("caret-typed"), low), "the field is covered after typing"
    # The top field (focus moved by the page, as Tab does): the keypad back at, or kept at, the
    # bottom; where the browser gives the field caret of the one before (Firefox ESR in labwc,
    # measured), once a key typed there moved it.
    mark = trace.mark()
    page.command("focus", id="number")
    keypad = trace.wait_keypad(mark, "decimalPad")
    typed = ""
    if caret_known and stale_caret(trace, mark):
        events = page.mark()
        click_output(frame[0] + keypad[2]["7"][0], frame[1] + keypad[2]["7"][1])
        page.wait_event(events, "input", "number", where=lambda e: e.get("value") == "7")
        typed = "7"
    frame, shot = arrive(trace, mark, "bottom", take_screenshot, "caret-top-field")
    assert not covers(frame, high) and not keypad_rows(shot, (0, 0, 1280, 40)), f"keypad {frame}"
    events = page.mark()
    x, y = keypad[2]["8"]
    click_output(frame[0] + x, frame[1] + y)
    page.wait_event(events, "input", "number", where=lambda e: e.get("value") == typed + "8")
    return how, "at the first key" if typed else "at once"


def stale_caret(trace, mark):
    """Whether the first caret the compositor told since `mark` (a field at the top just focused)
    is still above the keypad's height from the bottom: the app gave the caret of the field
    before (Qt 6.8 and Firefox ESR in labwc, measured), until a key typed moves it."""
    caret = wait_for(lambda: (trace.since(mark, "caret ") or [None])[0], "the new field's caret",
                     seen=lambda: trace.lines()[mark:][-8:])
    return caret.startswith("caret above ")


def gtk4_caret(trace, take_screenshot, caret_known, env, command=None, name="gtk4", first=False):
    """The GTK 4 window (or `command`, its Qt twin Tests/OSK/qt_caret.py): Bottom (focused at
    start) takes the keypad to the top where the caret is known, its pixels uncovered, and types;
    focus on Top brings it back to the bottom. With `first` (the first keypad since keypad-osk
    started), the keypad arrives once: it never showed at the bottom to move after. Returns how
    the keypad went back to the bottom for Top: "at once" or "at the first key" typed there."""
    mark = trace.mark()
    app = GTK4Caret(env, command)
    try:
        low, high = app.rects["Bottom"], app.rects["Top"]
        assert low[1] > 600 and high[1] < 100, f"the window's entries: {app.rects}"
        # Bottom has focus from the start.
        edge = "top" if caret_known else "bottom"
        keypad = trace.wait_keypad(mark, "numberPad")
        # The move's own event first (an app may give its caret after the keypad showed).
        frame, shot = arrive(trace, mark, edge, take_screenshot, f"{name}-bottom")
        assert field_uncovered(shot, low) == caret_known, \
            f"keypad {frame}, field {low}, known {caret_known}: {not_yellow(shot, low)[:6]}"
        if first:
            edges = trace.since(mark, "edge ")
            assert len(edges) == 1, f"the first keypad moved: {edges} ({trace.since(mark, 'caret ')})"
        keypad = trace.wait_keypad(mark, "numberPad")
        for key, expected in (("4", "4"), ("2", "42")):
            x, y = keypad[2][key]
            click_output(frame[0] + x, frame[1] + y)
            app.wait_text("Bottom", expected)
        if caret_known:
            assert field_uncovered(take_screenshot(f"{name}-typed"), low), "the field is covered after typing"
        # Focus to Top (the app moves it, as Tab does): the keypad back at, or kept at, the bottom.
        mark = trace.mark()
        app.focus("Top")
        typed = ""
        if caret_known:
            # The caret the app gives for Top: its own (GTK 4), or still Bottom's until a key is
            # typed into Top (Qt 6.8 in labwc, measured): the keypad moves once the caret does.
            if stale_caret(trace, mark):
                click_output(frame[0] + keypad[2]["7"][0], frame[1] + keypad[2]["7"][1])
                app.wait_text("Top", "7")
                typed = "7"
        frame, shot = arrive(trace, mark, "bottom", take_screenshot, f"{name}-top")
        assert not covers(frame, high) and not keypad_rows(shot, (0, 0, 1280, 40)), f"keypad {frame}"
        keypad = trace.wait_keypad(mark, "numberPad")
        x, y = keypad[2]["8"]
        click_output(frame[0] + x, frame[1] + y)
        app.wait_text("Top", typed + "8")
        return "at the first key" if typed else "at once"
    finally:
        app.close()
