"""The keypad IM module in the Python form (Tests/IM/im_form.py), one test per function,
each given a fresh form; Tests/IM/im_e2e.py runs them."""
import os
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.atspi_app import App  # noqa: E402
from keypad_harness.waits import wait_for  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FORM = [sys.executable, os.path.join(HERE, "im_form.py")]

# Keys that tell the pads apart (accessible names), and keys each must not have.
PADS = {
    "Digits": (["5", "Delete"], ["Decimal separator", "*", "q"]),
    "PIN": (["5", "Delete"], ["Decimal separator", "*", "q"]),
    "Amount": (["Decimal separator", "5"], ["*", "q"]),
    "Quantity": (["Decimal separator", "5"], ["*", "q"]),
    "Phone": (["*", "#", "5"], ["Decimal separator", "q"]),
    "Email": (["@", "q"], [".com"]),
    "Website": ([".com", "q"], []),
    "Name": (["q", "Space"], ["@", ".com"]),
    "Password": (["q"], ["@", ".com"]),
    "Notes": (["q", "Return"], ["@", ".com"]),
}


def open_form(env=None):
    """The Python form, once it is ready and keypad-osk's keypad of the last test has slid out
    (keypad-osk outlives the apps)."""
    app = App(FORM, env=env)
    try:
        app.wait_for_line("ready")
        app.wait_for_no_keypad()
    except BaseException:
        app.close()
        raise
    return app


def field(app, name):
    """The field named `name`, also when scrolled out of view."""
    for node in app.nodes():
        if node.get_name() == name and node.get_role_name() in ("text", "password text", "spin button"):
            return node
    raise AssertionError(f"no field named {name!r}")


def showing(node):
    return node.get_state_set().contains(Atspi.StateType.SHOWING)


def covered_by_keypad(app, node):
    toolbar = app.find("Dismiss keypad", "push button")
    if toolbar is None:
        return False
    top = toolbar.get_extents(Atspi.CoordType.SCREEN).y - 16
    extents = node.get_extents(Atspi.CoordType.SCREEN)
    return extents.y + extents.height > top


def window_of(node):
    """The frame, dialog or window holding `node`."""
    while node is not None and node.get_role_name() not in ("frame", "dialog", "window"):
        node = node.get_parent()
    return node


def focus(app, name):
    """Clicks the field, once its window is active (a click before the window manager has
    mapped it reaches no field); one under the keypad or scrolled away is reached as a user
    would, after dismissing the keypad."""
    node = field(app, name)
    window = window_of(node)
    wait_for(lambda: window is not None and window.get_state_set().contains(Atspi.StateType.ACTIVE),
             f"{name}'s window to be active")
    if app.keypad_shows() and (not showing(node) or covered_by_keypad(app, node)):
        app.click_once("Dismiss keypad", "push button", lambda: not app.keypad_shows(), "the keypad to hide")
        wait_for(lambda: showing(node), f"{name} in view once the keypad hid")
    if node.get_role_name() == "spin button":
        # Its text, not its +/- buttons at the right.
        extents = node.get_extents(Atspi.CoordType.SCREEN)
        app.click_at(extents.x + 20, extents.y + extents.height // 2)
        wait_for(lambda: node.get_state_set().contains(Atspi.StateType.FOCUSED) or app.keypad_shows(),
                 f"{name} to take focus")
        return node
    app.click_node(node)
    wait_for(lambda: app.focused(node), f"{name} to take focus")
    return node


def assert_quiet(app, *secrets, allowed=()):
    lines, errors = app.output()
    bad = [e for e in errors if ("CRITICAL" in e or "WARNING" in e or "keypad-im" in e)
           and not any(a in e for a in allowed)]
    assert not bad, f"the app logged: {bad}"
    for secret in secrets:
        assert not any(secret in line for line in lines + errors), f"{secret!r} in the app's output"


# ---- The Python form ----

def test_each_purpose_gets_its_pad(app):
    for name, (present, absent) in PADS.items():
        focus(app, name)
        app.wait_for_keypad(present[0])
        for key in present:
            assert app.find(key, "push button") is not None, f"{name}: no key {key!r}"
        for key in absent:
            assert app.find(key, "push button") is None, f"{name}: unexpected key {key!r}"


def test_inhibit_osk_shows_no_keypad(app):
    focus(app, "Digits")
    app.wait_for_keypad()
    node = focus(app, "Hardware only")
    app.wait_for_no_keypad()
    app.type("ab")
    wait_for(lambda: app.text(node) == "ab", "physical typing in the Hardware only field")


def test_keys_type_and_focus_stays(app):
    node = focus(app, "Digits")
    app.wait_for_keypad()
    app.type_keys(node, "1", "2", "3")
    wait_for(lambda: app.text(node) == "123", "123 in Digits")
    assert app.focused(node), "focus left the field"
    app.type_keys(node, "Delete")
    wait_for(lambda: app.text(node) == "12", "Delete removing one digit")
    assert app.focused(node), "focus left the field"


def test_decimal_pad_types_one_separator(app):
    node = focus(app, "Amount")
    app.wait_for_keypad("Decimal separator")
    app.type_keys(node, "4", "Decimal separator", "5")
    wait_for(lambda: app.text(node) == "4.5", "4.5 in Amount")
    separator = app.require("Decimal separator", "push button")
    wait_for(lambda: not separator.get_state_set().contains(Atspi.StateType.SENSITIVE), "the separator key disabled")


def test_return_activates_the_entry_and_the_default_button(app):
    focus(app, "Phone")
    app.wait_for_keypad("*")
    app.type_keys(field(app, "Phone"), "5")
    app.click_once("Return", "push button", lambda: "activate Phone" in app.output()[0], "activate Phone")
    app.wait_for_line("default Phone")


def test_return_breaks_the_line_in_a_text_view(app):
    node = focus(app, "Notes")
    app.wait_for_keypad("q")
    app.type_keys(node, "q", "Return", "w")
    wait_for(lambda: app.text(node) == "q\nw", "a new line in Notes")


def test_delete_removes_the_selection(app):
    node = focus(app, "Digits")
    app.wait_for_keypad()
    app.type_keys(node, "1", "2", "3", "4", "5")
    wait_for(lambda: app.text(node) == "12345", "12345", seen=lambda: app.text(node))
    assert Atspi.Text.add_selection(node, 1, 3), "AT-SPI could not select"
    wait_for(lambda: Atspi.Text.get_n_selections(node) == 1, "a selection")
    app.type_keys(node, "Delete")
    wait_for(lambda: app.text(node) == "145", "the selection deleted")
    assert app.focused(node)


def test_delete_removes_a_whole_grapheme(app):
    node = focus(app, "Name")
    app.wait_for_keypad("q")
    Atspi.EditableText.set_text_contents(node, "a👍🏽")
    wait_for(lambda: app.text(node) == "a👍🏽", "the emoji set")
    Atspi.Text.set_caret_offset(node, 3)
    app.type_keys(node, "Delete")
    wait_for(lambda: app.text(node) == "a", "the emoji with its skin tone deleted in one step")


def test_toolbar_follows_the_focus_chain_and_dismiss_keeps_focus_until_a_tap(app):
    focus(app, "Digits")
    app.wait_for_keypad()
    pin = field(app, "PIN")
    app.click_once("Next field", "push button", lambda: app.focused(pin), "Next field to focus the PIN")
    digits = field(app, "Digits")
    app.click_once("Previous field", "push button", lambda: app.focused(digits),
                    "Previous field to focus Digits again")
    app.click_once("Dismiss keypad", "push button", lambda: not app.keypad_shows(), "the keypad to hide")
    assert app.focused(digits), "dismiss moved focus"
    app.click_node(digits)
    app.wait_for_keypad()
    assert app.focused(digits)


def test_pin_leaks_nowhere(app):
    node = focus(app, "PIN")
    app.wait_for_keypad()
    app.type_keys(node, "2", "5", "8", "0")
    wait_for(lambda: len(app.text(node)) == 4, "four PIN digits")
    names = app.names()
    assert not any("2580" in name for name in names), "the PIN is on the accessibility bus"
    app.close()
    assert_quiet(app, "2580")


def test_field_destroyed_while_the_keypad_shows(app):
    focus(app, "Digits")
    app.wait_for_keypad()
    app.keys("ctrl+d")
    app.wait_for_line("destroyed Digits")
    app.wait_for_no_keypad()
    node = focus(app, "Phone")
    app.wait_for_keypad("*")
    app.type_keys(node, "7")
    wait_for(lambda: app.text(node) == "7", "typing after the destroyed field")
    assert app.process.poll() is None, "the app died"


def test_closing_the_app_mid_slide(app):
    node = field(app, "Digits")
    app.click_node(node)
    app.keys("ctrl+q")  # while the keypad slides in (250 ms)
    app.wait_for_line("closing")
    app.process.wait(timeout=10)
    assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    app.close()
    assert_quiet(app)


def test_focus_in_another_window_hides_the_keypad(app):
    focus(app, "Digits")
    app.wait_for_keypad()
    app.keys("ctrl+n")  # opens a second window with its own entry
    other = app.require("Second entry", "text")
    wait_for(lambda: app.focused(other), "the second window's entry to take focus")
    app.wait_for_keypad("q")
    assert app.find("Decimal separator", "push button") is None
    app.type_keys(other, "q")
    wait_for(lambda: app.text(other) == "q", "typing in the second window")


def test_purpose_change_while_editing_updates_the_pad(app):
    node = focus(app, "Digits")
    app.wait_for_keypad()
    assert app.find("*", "push button") is None
    app.keys("ctrl+p")  # the form sets the focused entry's purpose to PHONE
    app.wait_for_keypad("*")
    app.type_keys(node, "*")
    wait_for(lambda: app.text(node) == "*", "the phone pad typing into the same field")
    assert app.focused(node)


def test_physical_dead_keys_compose(app):
    node = focus(app, "Hardware only")
    app.keys("dead_acute", "e", "a")
    wait_for(lambda: app.text(node) == "éa", "a dead acute composing é (GtkIMContextSimple)")
    node = focus(app, "Name")
    app.wait_for_keypad("q")
    app.keys("dead_grave", "a")
    wait_for(lambda: app.text(node) == "à", "a dead grave composing à")
    app.type_keys(node, "q")
    wait_for(lambda: app.text(node) == "àq", "physical and keypad input together")


def test_a_field_under_the_keypad_scrolls_above_it(app):
    focus(app, "Quantity")
    app.wait_for_keypad("Decimal separator")
    notes = field(app, "Notes")
    assert covered_by_keypad(app, notes), "Notes should start under the keypad"
    app.click_once("Next field", "push button", lambda: app.focused(notes), "Next field to focus Notes")
    app.wait_for_keypad("q")
    wait_for(lambda: not covered_by_keypad(app, notes), "Notes scrolled above the keypad")
    app.type_keys(notes, "q")
    wait_for(lambda: app.text(notes) == "q", "typing into the revealed Notes")


def test_the_app_makes_no_keypad_window_of_its_own(app):
    """The app makes no keypad window of its own, before a field has focus or after: the keypad
    is keypad-osk's, in its process."""
    def keypad_windows():
        return [n for n in app.nodes(own=True) if n.get_role_name() in ("frame", "window") and n.get_name() == "Keypad"]
    form = app.require("Keypad IM form", "frame")
    # Once the form window is active, GTK has run its window-activation focus handling.
    wait_for(lambda: form.get_state_set().contains(Atspi.StateType.ACTIVE), "the form window to be active")
    assert keypad_windows() == [], "a keypad window exists before any field had focus"
    focus(app, "Digits")
    app.wait_for_keypad()
    assert app.find("Delete", "push button") is not None and keypad_windows() == []


FORM_TESTS = [
    test_each_purpose_gets_its_pad, test_inhibit_osk_shows_no_keypad, test_keys_type_and_focus_stays,
    test_decimal_pad_types_one_separator, test_return_activates_the_entry_and_the_default_button,
    test_return_breaks_the_line_in_a_text_view, test_delete_removes_the_selection,
    test_delete_removes_a_whole_grapheme, test_toolbar_follows_the_focus_chain_and_dismiss_keeps_focus_until_a_tap,
    test_pin_leaks_nowhere, test_field_destroyed_while_the_keypad_shows, test_closing_the_app_mid_slide,
    test_focus_in_another_window_hides_the_keypad, test_purpose_change_while_editing_updates_the_pad,
    test_physical_dead_keys_compose, test_the_app_makes_no_keypad_window_of_its_own,
    test_a_field_under_the_keypad_scrolls_above_it,
]
