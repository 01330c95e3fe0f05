#!/usr/bin/python3
"""A GTK 4 form for the GTK 4 module's tests (Tests/GTK4/gtk4_e2e.py): Digits, Number,
Phone, Email and Password entries, an Inhibited entry (INHIBIT_OSK) and a Notes text view,
each with its input purpose.

It prints what the app itself sees, one line each: `ready`, `changed NAME TEXT` (text
JSON-quoted), `activate NAME`, `focus NAME`. It obeys lines on standard input:
`focus NAME`, `unfocus` (no field has focus), `churn COUNT NAME NAME` (focus moves COUNT
times between the two fields; prints `churned COUNT`), `select NAME START END [hold]` (character offsets,
the caret at END; `hold`: then the app is busy until its next line, `release`), `frame NAME` (prints
`frame NAME [x, y, width, height]` on screen), `scroll-end` (the scrolled window to its end),
`fullscreen`, `state` (prints
`state {json}`: whether its window is active and fullscreen, the focused field, every
field's text).

With KEYPAD_FORM_GTK=3 in its environment it is the same form in GTK 3, for the thin GTK 3
module's tests (the same source as the GTK 4 module's, #31). A second argument `scrolled`
puts the form in a scrolled window with one more field, Far (digits), below a tall gap; then
`state` also gives Far's and Digits' frames on screen (`far`, `digits`: x, y, width, height) and
the bottom and top margins of the scrolled window's child (`margin`, `margin_top`), and Digits and
Far are yellow (#ffff00), for screenshots.

Frames on screen: GTK 3 from its window's origin; GTK 4, which tells no window's place, in the
window's own coordinates, which are the screen's for the tests' fullscreen form (on Wayland, the
output's)."""
import json
import os
import sys

import gi

GTK4 = os.environ.get("KEYPAD_FORM_GTK", "4") == "4"
gi.require_version("Gtk", "4.0" if GTK4 else "3.0")
gi.require_version("Gdk", "4.0" if GTK4 else "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

TITLE = sys.argv[1] if len(sys.argv) > 1 else "GTK 4 form"
SCROLLED = sys.argv[2:3] == ["scrolled"]
PURPOSES = [
    ("Digits", Gtk.InputPurpose.DIGITS),
    ("Number", Gtk.InputPurpose.NUMBER),
    ("Phone", Gtk.InputPurpose.PHONE),
    ("Email", Gtk.InputPurpose.EMAIL),
    ("Password", Gtk.InputPurpose.PASSWORD),
]


def say(line):
    print(line, flush=True)


window = Gtk.Window(title=TITLE)
window.set_default_size(420, 420)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
fields = {}
fullscreen = [False]


def add(widget):
    if GTK4:
        box.append(widget)
    else:
        box.pack_start(widget, widget.get_vexpand(), True, 0)


def window_state(_, event):
    fullscreen[0] = bool(event.new_window_state & Gdk.WindowState.FULLSCREEN)
    return False


content = box
if SCROLLED:
    content = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER)
    if GTK4:
        content.set_child(box)
    else:
        content.add(box)
if GTK4:
    window.set_child(content)
else:
    window.add(content)
    window.connect("window-state-event", window_state)


if SCROLLED:
    provider = Gtk.CssProvider()
    provider.load_from_data(b"entry.watched { background: #ffff00; }")
    if GTK4:
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    else:
        Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), provider,
                                                 Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


def watch_focus(name, widget):
    if not GTK4:
        widget.connect("focus-in-event", lambda *_: say(f"focus {name}") or False)
        return
    controller = Gtk.EventControllerFocus()
    controller.connect("enter", lambda *_: say(f"focus {name}"))
    widget.add_controller(controller)


for name, purpose in PURPOSES:
    entry = Gtk.Entry(placeholder_text=name, input_purpose=purpose)
    if purpose == Gtk.InputPurpose.PASSWORD:
        entry.set_visibility(False)
    entry.connect("changed", lambda e, n=name: say(f"changed {n} {json.dumps(e.get_text())}"))
    entry.connect("activate", lambda e, n=name: say(f"activate {n}"))
    watch_focus(name, entry)
    add(Gtk.Label(label=name, xalign=0))
    add(entry)
    fields[name] = entry

# A field that asks for no on-screen keyboard (INHIBIT_OSK).
inhibited = Gtk.Entry(placeholder_text="Inhibited", input_hints=Gtk.InputHints.INHIBIT_OSK)
inhibited.connect("changed", lambda e: say(f"changed Inhibited {json.dumps(e.get_text())}"))
watch_focus("Inhibited", inhibited)
add(Gtk.Label(label="Inhibited", xalign=0))
add(inhibited)
fields["Inhibited"] = inhibited

notes = Gtk.TextView(vexpand=True)
buffer = notes.get_buffer()
buffer.connect("changed", lambda b: say(f"changed Notes {json.dumps(b.get_text(b.get_start_iter(), b.get_end_iter(), True))}"))
watch_focus("Notes", notes)
add(Gtk.Label(label="Notes", xalign=0))
add(notes)
fields["Notes"] = notes

if SCROLLED:
    gap = Gtk.Label(label="Gap")
    gap.set_size_request(-1, 900)
    add(gap)
    far = Gtk.Entry(placeholder_text="Far", input_purpose=Gtk.InputPurpose.DIGITS)
    far.connect("changed", lambda e: say(f"changed Far {json.dumps(e.get_text())}"))
    watch_focus("Far", far)
    add(far)
    fields["Far"] = far
    for watched in (far, fields["Digits"]):
        if GTK4:
            watched.add_css_class("watched")
        else:
            watched.get_style_context().add_class("watched")


def screen_frame(widget):
    """The widget's frame on screen (GTK 4: in the window's coordinates)."""
    if GTK4:
        _, bounds = widget.compute_bounds(window)
        dx, dy = window.get_surface_transform()
        return [int(bounds.get_x() + dx), int(bounds.get_y() + dy), int(bounds.get_width()),
                int(bounds.get_height())]
    toplevel = widget.get_toplevel()
    _, left, top = toplevel.get_window().get_origin()
    x, y = widget.translate_coordinates(toplevel, 0, 0)
    allocation = widget.get_allocation()
    return [left + x, top + y, allocation.width, allocation.height]


def text_of(widget):
    if isinstance(widget, Gtk.TextView):
        b = widget.get_buffer()
        return b.get_text(b.get_start_iter(), b.get_end_iter(), True)
    return widget.get_text()


def focused_name():
    focus = window.get_focus()
    for name, widget in fields.items():
        if focus is not None and (focus == widget or focus.is_ancestor(widget)):
            return name
    return None


def command(line):
    words = line.split()
    if not words:
        return
    if words[0] == "focus":
        fields[words[1]].grab_focus()
    elif words[0] == "unfocus":
        window.set_focus(None)
    elif words[0] == "churn":
        churn(int(words[1]), fields[words[2]], fields[words[3]])
    elif words[0] == "select":
        widget, start, end = fields[words[1]], int(words[2]), int(words[3])
        if isinstance(widget, Gtk.TextView):
            b = widget.get_buffer()
            b.select_range(b.get_iter_at_offset(start), b.get_iter_at_offset(end))
        else:
            widget.select_region(start, end)
        say(f"selected {words[1]}")
        if words[4:5] == ["hold"]:
            hold()
    elif words[0] == "frame":
        say(f"frame {words[1]} {json.dumps(screen_frame(fields[words[1]]))}")
    elif words[0] == "scroll-end":
        adjustment = content.get_vadjustment()
        adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
        say("scrolled")
    elif words[0] == "fullscreen":
        window.fullscreen()
    elif words[0] == "state":
        state = {"active": window.is_active(), "fullscreen": window.is_fullscreen() if GTK4 else fullscreen[0],
                 "focus": focused_name(),
                 "texts": {name: text_of(widget) for name, widget in fields.items()}}
        if SCROLLED:
            state["far"] = screen_frame(fields["Far"])
            state["digits"] = screen_frame(fields["Digits"])
            state["margin"] = content.get_child().get_margin_bottom()
            state["margin_top"] = content.get_child().get_margin_top()
        say(f"state {json.dumps(state)}")


def hold():
    """The app is busy: its main loop waits for the next line on standard input (`release`), so
    nothing its input method queued (the surrounding text it tells keypad-osk) goes out before."""
    channel.readline()


def churn(count, first, second):
    """Moves focus between two fields `count` times, 50 moves per main-loop turn (so the
    module's messages go out between them), then prints `churned COUNT`."""
    left = [count]

    def batch():
        for _ in range(min(50, left[0])):
            (first if left[0] % 2 else second).grab_focus()
            left[0] -= 1
        if left[0] > 0:
            return True
        say(f"churned {count}")
        return False
    GLib.idle_add(batch)


def on_stdin(channel, condition):
    line = channel.readline()
    if not line:
        loop.quit()
        return False
    command(line)
    return True


loop = GLib.MainLoop()
window.connect("close-request" if GTK4 else "delete-event", lambda *_: loop.quit() or False)
channel = GLib.IOChannel.unix_new(sys.stdin.fileno())
GLib.io_add_watch(channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, on_stdin)
if not GTK4:
    window.show_all()
window.present()
GLib.idle_add(lambda: say("ready") or False)
loop.run()
