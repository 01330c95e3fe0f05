#!/usr/bin/python3
"""End-to-end tests of keypad-demo as an outside program sees it.

Widgets are found through the accessibility bus (AT-SPI), clicked with xdotool at
the positions AT-SPI reports, and read back through AT-SPI; the demo's --trace
output is compared with the expected events. Run inside scripts/display/with-display
(Xvfb + openbox + a D-Bus session) with /usr/bin/python3 (python3-gi and
gir1.2-atspi-2.0).

    Tests/EndToEnd/keypad_e2e.py PATH/TO/keypad-demo
"""
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from keypad_harness.demo import Demo  # noqa: E402


def strip_keyboard(lines):
    return [line for line in lines if not line.startswith("keyboard ")]


def keyboard_and(lines, *others):
    """The keyboard lines (their notification's name only) and the lines `others`, in trace order."""
    return [line.split(" ")[1] if line.startswith("keyboard ") else line
            for line in lines if line.startswith("keyboard ") or line in others]


# Cases

def test_pin_scrambled(binary):
    demo = Demo(binary, "--scramble")
    try:
        demo.click("PIN", "password text")
        demo.wait_for_line("PIN textDidBeginEditing")
        demo.wait_for_keypad()
        first = {key: demo.center(demo.require(key, "push button")) for key in "0123456789"}
        demo.tap_keys("1", "2", "3", "4")
        demo.wait_for(lambda: len(demo.text("PIN", "password text")) == 4, "four PIN characters")
        assert not any(ch in demo.text("PIN", "password text") for ch in "1234"), "the PIN's accessible text shows digits"
        lines = demo.take()
        assert not any(re.search(r'"[^"]*[0-9][^"]*"', line) for line in lines if line.startswith("PIN")), lines
        assert lines.count("keypad <secure>") == 4, lines
        assert lines.count("PIN editingChanged <secure>") == 4, lines
        demo.click("Amount", "text")
        demo.click("PIN", "password text")
        demo.wait_for(lambda: demo.find("1", "push button") is not None, "the PIN pad again")
        demo.wait_for_keypad()
        second = {key: demo.center(demo.require(key, "push button")) for key in "0123456789"}
        third = None
        if second == first:  # a reshuffle may repeat by chance (1 in 10!); once more must differ
            demo.click("Amount", "text")
            demo.click("PIN", "password text")
            demo.wait_for_keypad()
            third = {key: demo.center(demo.require(key, "push button")) for key in "0123456789"}
        assert second != first or third != first, "the digits were not reshuffled on the new bind"
    finally:
        demo.close()


def amount_case(binary, locale, expected):
    demo = Demo(binary, "--locale", locale)
    try:
        demo.click("Amount", "text")
        demo.wait_for_line("Amount textDidBeginEditing")
        demo.wait_for_keypad()
        demo.wait_for_keyboard_shown()
        demo.take()
        demo.tap_keys("1", "2", "Decimal separator", "5")
        demo.wait_for(lambda: demo.text("Amount") == expected, f"Amount {expected!r}")
        separator_key = demo.require("Decimal separator", "push button")
        assert not separator_key.get_state_set().contains(Atspi.StateType.SENSITIVE), "a second separator is offered"
        demo.click("Decimal separator", "push button")
        lines = demo.take()
        separator = expected[2]
        assert demo.text("Amount") == expected, demo.text("Amount")
        assert lines == [
            'keypad "1"', 'Amount shouldChangeCharacters {0,0} "1" -> true', "Amount didChangeSelection {1,0}",
            'Amount editingChanged "1"', "Amount textDidChange",
            'keypad "2"', 'Amount shouldChangeCharacters {1,0} "2" -> true', "Amount didChangeSelection {2,0}",
            'Amount editingChanged "12"', "Amount textDidChange",
            f'keypad "{separator}"', f'Amount shouldChangeCharacters {{2,0}} "{separator}" -> true',
            "Amount didChangeSelection {3,0}", f'Amount editingChanged "12{separator}"', "Amount textDidChange",
            'keypad "5"', 'Amount shouldChangeCharacters {3,0} "5" -> true', "Amount didChangeSelection {4,0}",
            f'Amount editingChanged "{expected}"', "Amount textDidChange"], lines
    finally:
        demo.close()


def test_amount_en_us(binary):
    amount_case(binary, "en_US", "12.5")


def test_amount_de_de(binary):
    amount_case(binary, "de_DE", "12,5")


def test_phone_plus(binary):
    demo = Demo(binary)
    try:
        demo.click("Phone", "text")
        demo.wait_for_line("Phone textDidBeginEditing")
        demo.wait_for_keypad()
        demo.hold("0", 0.8)
        demo.tap_keys("4", "9", "0")
        demo.tap_keys("*", "#")
        demo.wait_for(lambda: demo.text("Phone") == "+490*#", f"Phone '+490*#', not {demo.text('Phone')!r} {demo.lines}")
    finally:
        demo.close()


def test_navigation(binary):
    demo = Demo(binary)
    try:
        demo.click("PIN", "password text")
        demo.wait_for_line("PIN textDidBeginEditing")
        demo.take()
        demo.click("Next field", "push button")
        demo.wait_for_line("Amount textDidBeginEditing")
        lines = strip_keyboard(demo.take())
        # Two observers of one notification (the recorder and the keypad) are called in an
        # unspecified order by swift-corelibs-foundation, so the keypad's lines are checked
        # against the field's events around them rather than at one fixed index.
        fields = [line for line in lines if not line.startswith("keypad ")]
        assert fields[:8] == ["Amount shouldBeginEditing -> true", "PIN shouldEndEditing -> true",
                              "PIN didEndEditing(committed)", "PIN editingDidEnd", "PIN textDidEndEditing",
                              "Amount didBeginEditing", "Amount editingDidBegin",
                              "Amount textDidBeginEditing"], lines
        keypad = [line for line in lines if line.startswith("keypad ")]
        assert keypad == ["keypad unbound", "keypad bound to Amount"], lines
        assert lines.index("PIN editingDidEnd") < lines.index("keypad unbound") < lines.index("Amount didBeginEditing"), lines
        assert lines.index("Amount editingDidBegin") < lines.index("keypad bound to Amount"), lines
        demo.click("Next field", "push button")
        demo.wait_for_line("Phone textDidBeginEditing")
        demo.click("Previous field", "push button")
        demo.wait_for_line("Amount textDidBeginEditing")
        demo.wait_for_keyboard_shown()  # the decimal pad's frame change, before the lines below
        demo.take()
        demo.click("Dismiss keypad", "push button")
        # didHide comes when the keypad has slid out, after the end events (as UIKit).
        demo.wait_for_prefix("keyboard didHide")
        lines = demo.take()
        assert keyboard_and(lines, "Amount textDidEndEditing") == [
            "willChangeFrame", "willHide", "Amount textDidEndEditing", "didChangeFrame", "didHide"], lines
    finally:
        demo.close()


def test_return_on_last_field(binary):
    demo = Demo(binary)
    try:
        demo.click("Phone", "text")
        demo.wait_for_line("Phone textDidBeginEditing")
        demo.wait_for_keypad()
        demo.tap_keys("5", "Next")
        demo.wait_for(lambda: "Notes textViewDidBeginEditing" in demo.lines, f"Notes to begin: {demo.lines}")
        demo.wait_for_keypad()
        demo.tap_keys("h", "i")
        demo.wait_for(lambda: demo.text("Notes") == "hi", "Notes 'hi'")
        demo.take()
        # The notes' return key, labelled Done, asks shouldChangeText with a line break;
        # the demo's delegate refuses it and resigns, the UIKit way.
        demo.click("Done", "push button")
        demo.wait_for_prefix("keyboard didHide")
        lines = demo.take()
        notes = [line for line in lines if line.startswith("Notes ")]
        assert notes[:2] == ['Notes shouldChangeText {2,0} "\\n" -> false', "Notes shouldEndEditing -> true"], lines
        assert keyboard_and(lines, "Notes textViewDidEndEditing") == [
            "willChangeFrame", "willHide", "Notes textViewDidEndEditing", "didChangeFrame", "didHide"], lines
        assert demo.text("Notes") == "hi"
        demo.wait_for(lambda: demo.find("h", "push button") is None, "the keypad to hide")
    finally:
        demo.close()


def test_trace_marks(binary):
    """A mark on standard input comes back on the trace, after the events before it; any other
    line, or one too long, is reported on standard error and skipped, and the marks go on."""
    demo = Demo(binary)
    try:
        demo.process.stdin.write("hello\n" + "mark " + "x" * 300 + "\n")
        demo.process.stdin.flush()
        assert demo.take() == [], demo.lines
        assert demo.errors == ['keypad-demo: standard input: expected `mark TEXT`, got "hello"; ignoring it',
                               "keypad-demo: standard input: a line longer than 256 bytes; skipping it"], demo.errors
        demo.click("Amount", "text")
        lines = demo.take()
        assert "Amount textDidBeginEditing" in lines and "mark 2" not in lines, lines
        assert demo.take() == [], demo.lines
    finally:
        demo.close()


def test_malformed_user_files(binary):
    """A broken layout and a broken CSS file at start-up: each is reported with its file
    and problem, and the demo runs with the bundled layout and theme."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "numberPad.json"), "w") as file:
            file.write('{\n  "id": "pin",\n  "pages": [}\n')
        css = os.path.join(folder, "mine.css")
        with open(css, "w") as file:
            file.write(".keypad-key {\n  color: no-such-colour;\n}\n")
        demo = Demo(binary, "--layouts", folder, "--css", css)
        try:
            demo.wait_for(lambda: len(demo.errors) >= 2, f"two start-up reports, got {demo.errors}")
            assert ('keypad-demo: layout numberPad.json:3:13: unexpected character "}" (invalidJSON); '
                    "using the bundled one") in demo.errors, demo.errors
            assert (f"keypad-demo: CSS {css}:2: 'no-such-colour' is not a valid color name; ignoring it"
                    in demo.errors), demo.errors
            demo.click("PIN", "password text")
            demo.wait_for_line("PIN textDidBeginEditing")
            demo.wait_for_keypad()
            for key in [*"0123456789", "Delete", "Next"]:
                demo.require(key, "push button")
            demo.tap_keys("1", "2")
            demo.wait_for(lambda: len(demo.text("PIN", "password text")) == 2, "two PIN characters")
        finally:
            demo.close()


def test_command_line(binary):
    """The flags parse as swift-argument-parser does: --flag=value, generated help, the
    allowed values in an error (exit 64), --version; nothing opens a window."""
    def run(*flags):
        return subprocess.run([binary, *flags], capture_output=True, text=True, timeout=10)
    shown = run("--help")
    assert shown.returncode == 0, shown
    for flag in ["--theme <theme>", "--locale <id>", "--fullscreen", "--placement <placement>", "--trace",
                 "--scramble", "--screenshot <file.png>", "--layouts <dir>", "--css <file.css>",
                 "--soak <switches,taps>", "--version"]:
        assert flag in shown.stdout, (flag, shown.stdout)
    assert "values: light, dark" in shown.stdout, shown.stdout
    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip().count(".") == 2, version
    wrong = run("--theme=purple")
    assert wrong.returncode == 64 and "'light' and 'dark'" in wrong.stderr, wrong
    wrong = run("--placement", "floating")
    assert wrong.returncode == 64 and "'docked' and 'window'" in wrong.stderr, wrong
    wrong = run("--soak=12")
    assert wrong.returncode == 64 and "SWITCHES,TAPS" in wrong.stderr, wrong
    wrong = run("--no-such-flag")
    assert wrong.returncode == 64 and "--no-such-flag" in wrong.stderr, wrong
    # --theme, --locale, --layouts and --css are one definition (Sources/KeypadCommandLine) with one
    # meaning and one default in the demo and in keypad-osk: the same help, word for word.
    osk = subprocess.run([os.path.join(os.path.dirname(binary), "keypad-osk"), "--help"], capture_output=True,
                         text=True, timeout=10)
    assert osk.returncode == 0, osk
    for flag in ["--theme <theme>", "--locale <id>", "--layouts <dir>", "--css <file.css>"]:
        demo_help, osk_help = option_help(shown.stdout, flag), option_help(osk.stdout, flag)
        assert demo_help and demo_help == osk_help, (flag, demo_help, osk_help)
    assert "above the theme" in option_help(shown.stdout, "--css <file.css>"), shown.stdout


def option_help(text, flag):
    """An option's help in swift-argument-parser's --help, its lines joined: '' if it has none."""
    match = re.search(r"^  " + re.escape(flag) + r"(.*?)(?=^  -|^\S|\Z)", text, re.M | re.S)
    return " ".join(match.group(1).split()) if match else ""


def test_hostile_layout_files(binary):
    """Layout files a careless or hostile user might leave (issue #13): the demo starts, says
    one short, escaped line per file naming the file, place and kind, and works with the
    bundled layouts; a switch key to a layout whose override is broken shows the bundled one."""
    own_pad = ('{"id": "numberPad", "keyboardTypes": ["numberPad"], "pages": [{"id": "p", "rows": ['
               '[{"id": "1", "insert": "1"}, {"id": "2", "insert": "2"}, '
               '{"id": "abc", "switchLayout": "default", "label": "ABC", "accessibleName": "Letters"}]]}]}')
    files = {
        "numberPad.json": own_pad,
        "decimalPad.json": '{"id": "decimalPad", "keyboardTypes": ["decimalPad"], "pages": [{"id": "p", '
                           '"rows": [[{"id": "1", "insert": "1", "width": 1e308}]]}]}',
        "phonePad.json": '{"id": "phonePad", "keyboardTypes": ["phonePad"], "rowHeight": true, "pages": []}',
        "default.json": '{"id": "default", "x\\u001b[2K\\nkeypad-demo: layout forged": 1}',
        "url.json": '{"id": "url", "pages": [{"id": "' + "k" * 1_000_000 + '"}]}',
        "emailAddress.json": '{"id": "emailAddress", "id": "again", "pages": []}',
        "twitter.json": '{"id": "twitter", "pages": [{"id": "p", "rows": [[{"id": "n", "insert": "a\\u0000"}]]}]}',
    }
    with tempfile.TemporaryDirectory() as folder:
        for name, text in files.items():
            with open(os.path.join(folder, name), "w") as file:
                file.write(text)
        demo = Demo(binary, "--layouts", folder)
        try:
            demo.wait_for(lambda: len(demo.errors) >= 6, f"six start-up reports, got {demo.errors}")
            reports = [line for line in demo.errors if "keypad-demo: layout" in line]
            assert len(reports) == 6, reports
            for line in reports:
                assert line.startswith("keypad-demo: layout ") and line.endswith("; using the bundled one"), line
                assert "\x1b" not in line and len(line) < 320, line
            expected = {
                "decimalPad.json:1:": "(outOfRange)", "phonePad.json:1:": "(wrongType)",
                "default.json:1:": "(unknownField)", "url.json: ": "(fileTooLarge)",
                "emailAddress.json:1:": "(duplicateMember)", "twitter.json:1:": "(controlCharacter)",
            }
            for prefix, kind in expected.items():
                assert any(line.startswith("keypad-demo: layout " + prefix) and kind in line for line in reports), \
                    (prefix, reports)
            assert any("\\u{1B}[2K\\nkeypad-demo: layout forged" in line for line in reports), reports
            demo.click("PIN", "password text")
            demo.wait_for_line("PIN textDidBeginEditing")
            demo.wait_for_keypad("Letters")
            demo.tap_keys("1", "2")
            demo.wait_for(lambda: len(demo.text("PIN", "password text")) == 2, "two PIN characters")
            demo.tap_keys("Letters")
            demo.require("q", "push button")
            assert not any("rejected" in line for line in demo.lines), demo.lines
            # No report more since start-up, through the keypad's pads and switches after it.
            assert [line for line in demo.errors if "keypad-demo: layout" in line] == reports, demo.errors
        finally:
            demo.close()


def main():
    binary = sys.argv[1]
    cases = [value for name, value in sorted(globals().items()) if name.startswith("test_")]
    passed = failed = 0
    for case in cases:
        started = time.time()
        try:
            case(binary)
            passed += 1
            print(f"✔ e2e {case.__name__} ({time.time() - started:.1f} s)", flush=True)
        except Exception:  # noqa: BLE001 - report every failure and go on
            failed += 1
            print(f"✘ e2e {case.__name__}", flush=True)
            traceback.print_exc()
    print(f"e2e: {passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
