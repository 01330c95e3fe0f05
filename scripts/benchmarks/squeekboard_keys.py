#!/usr/bin/python3
"""Where squeekboard draws a key of its number layout on the output, for bench_osk.py's taps.

squeekboard's keys have no trace or accessible object to find them by, so their place is
worked out as squeekboard itself works it out (Debian's squeekboard 1.21.0):

- a DIGITS, NUMBER or PHONE field gets the layout `number` (src/data/loading.rs), whose one
  view is data/keyboards/number/us.yaml: four rows of keys 52 units high, each key as wide as
  its outline, no margins, each row centred on the widest (src/data/parsing.rs, View::new);
- the view is scaled into the keyboard's surface by LayoutData::calculate_transformation
  (src/layout.rs): one scale for both axes unless the width's scale is under 1.055 times the
  height's (then the width's scale fills the surface's width), and centred;
- the surface is squeekboard's zwlr_layer_surface_v1, sized by its `configure` and placed on
  the output by its anchor and margins, both read from squeekboard's own WAYLAND_DEBUG lines.

A wrong guess types another key or nothing: bench_osk.py checks that every tap types exactly
its key's text, so a wrong place fails the bench and is never timed.
"""
import re

# data/keyboards/number/us.yaml, squeekboard 1.21.0: outline widths and the rows of view `base`.
OUTLINES = {"default": 37.46341, "altline": 48.39024, "outline7": 88.97561, "spaceline": 120.5853}
KEY_OUTLINES = {"BackSpace": "altline", "space": "spaceline", "Return": "outline7"}
ROWS = [
    "1 2 3 parenleft parenright",
    "4 5 6 numbersign asterisk",
    "7 8 9 plus minus",
    "BackSpace 0 space Return",
]
ROW_HEIGHT = 52.0

# zwlr_layer_surface_v1's anchor bits
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8

GET_LAYER_SURFACE = re.compile(r"-> zwlr_layer_shell_v1@\d+\.get_layer_surface\(new id zwlr_layer_surface_v1@(\d+)")
SET_ANCHOR = re.compile(r"-> zwlr_layer_surface_v1@(\d+)\.set_anchor\((\d+)\)")
SET_MARGIN = re.compile(r"-> zwlr_layer_surface_v1@(\d+)\.set_margin\((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)")
CONFIGURE = re.compile(r"\] zwlr_layer_surface_v1@(\d+)\.configure\(\d+, (\d+), (\d+)\)")
DESTROY = re.compile(r"-> zwlr_layer_surface_v1@(\d+)\.destroy\(\)")


def key_centre_in_layout(name):
    """(x, y) of key `name`'s centre in the layout's units, and the layout's (width, height)."""
    widths = [[OUTLINES[KEY_OUTLINES.get(key, "default")] for key in row.split()] for row in ROWS]
    width = max(sum(row) for row in widths)
    for index, row in enumerate(ROWS):
        keys = row.split()
        if name in keys:
            position = keys.index(name)
            left = (width - sum(widths[index])) / 2 + sum(widths[index][:position])
            return (left + widths[index][position] / 2, ROW_HEIGHT * (index + 0.5)), (width, ROW_HEIGHT * len(ROWS))
    raise ValueError(f"squeekboard's number layout has no key {name!r}")


def key_centre_in_surface(name, surface_width, surface_height):
    """(x, y) of key `name`'s centre on a surface of that size, as calculate_transformation scales it."""
    (x, y), (width, height) = key_centre_in_layout(name)
    h_scale, v_scale = surface_width / width, surface_height / height
    scale_x = h_scale if h_scale / v_scale < 1.055 else v_scale
    scale_y = min(h_scale, v_scale)
    origin_x = (surface_width - scale_x * width) / 2
    origin_y = (surface_height - scale_y * height) / 2
    return origin_x + scale_x * x, origin_y + scale_y * y


def shown_layer_surface(log_lines):
    """(anchor, (top, right, bottom, left) margins, width, height) of the last layer surface
    squeekboard made and still has, from its WAYLAND_DEBUG lines; None when it has none configured."""
    surfaces, current = {}, None
    for line in log_lines:
        if (match := GET_LAYER_SURFACE.search(line)):
            current = match.group(1)
            surfaces[current] = {"anchor": 0, "margins": (0, 0, 0, 0), "size": None}
        elif (match := SET_ANCHOR.search(line)) and match.group(1) in surfaces:
            surfaces[match.group(1)]["anchor"] = int(match.group(2))
        elif (match := SET_MARGIN.search(line)) and match.group(1) in surfaces:
            surfaces[match.group(1)]["margins"] = tuple(int(value) for value in match.group(2, 3, 4, 5))
        elif (match := CONFIGURE.search(line)) and match.group(1) in surfaces:
            surfaces[match.group(1)]["size"] = (int(match.group(2)), int(match.group(3)))
        elif (match := DESTROY.search(line)) and match.group(1) in surfaces:
            del surfaces[match.group(1)]
            current = None if current == match.group(1) else current
    surface = surfaces.get(current)
    if surface is None or surface["size"] is None:
        return None
    return surface["anchor"], surface["margins"], surface["size"][0], surface["size"][1]


def along(start_anchored, end_anchored, start_margin, end_margin, length, size):
    """Where a layer surface of `size` starts along an output's axis of `length`, as sway places it:
    at the anchored edge plus its margin; anchored at both edges or at neither, centred (between
    the margins when at both)."""
    if start_anchored and not end_anchored:
        return start_margin
    if end_anchored and not start_anchored:
        return length - size - end_margin
    if start_anchored:
        return start_margin + (length - start_margin - end_margin - size) // 2
    return (length - size) // 2


def surface_origin(anchor, margins, width, height, output):
    """The surface's top left on the output (x, y, width, height)."""
    x, y, output_width, output_height = output
    top, right, bottom, left = margins
    return (x + along(anchor & LEFT, anchor & RIGHT, left, right, output_width, width),
            y + along(anchor & TOP, anchor & BOTTOM, top, bottom, output_height, height))


def key_on_output(name, log_lines, output):
    """(x, y) on the output of key `name` of squeekboard's number layout, whole pixels; None
    while squeekboard has no configured layer surface."""
    surface = shown_layer_surface(log_lines)
    if surface is None:
        return None
    anchor, margins, width, height = surface
    left, top = surface_origin(anchor, margins, width, height, output)
    x, y = key_centre_in_surface(name, width, height)
    return int(left + x), int(top + y)
