"""Screenshots of a Wayland output (grim) read as pixels, with no imaging library:
grim writes 8-bit RGB or RGBA PNGs, which zlib and the five PNG filters decode. Under emulation
(make test-arm64, KEYPAD_TIMEOUT_SCALE set) it writes PPM (raw RGB) instead, beside the PNG's
name: unfiltering a 1280x720 PNG byte by byte in Python takes half a minute there."""
import os
import re
import struct
import subprocess
import zlib


class Screenshot:
    def __init__(self, path):
        with open(path, "rb") as file:
            data = file.read()
        if data[:2] == b"P6":
            self._read_ppm(data)
            return
        assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
        offset, chunks, header = 8, [], None
        while offset < len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT":
                chunks.append(body)
            offset += 12 + length
        self.width, self.height, depth, colour, _, _, interlace = header
        assert depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG format {header}"
        self.channels = 3 if colour == 2 else 4
        raw = zlib.decompress(b"".join(chunks))
        stride = self.width * self.channels
        rows, previous, position = [], bytearray(stride), 0
        for _ in range(self.height):
            kind, line = raw[position], bytearray(raw[position + 1:position + 1 + stride])
            position += 1 + stride
            self._unfilter(kind, line, previous)
            rows.append(line)
            previous = line
        self.rows = rows

    def _unfilter(self, kind, line, previous):
        step = self.channels
        for i in range(len(line)):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF

    def _read_ppm(self, data):
        header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
        assert header, "unexpected PPM format"
        self.width, self.height, self.channels = int(header[1]), int(header[2]), 3
        stride, start = self.width * 3, header.end()
        self.rows = [data[start + y * stride:start + (y + 1) * stride] for y in range(self.height)]

    def pixel(self, x, y):
        row = self.rows[y]
        return tuple(row[x * self.channels:x * self.channels + 3])

    @classmethod
    def take(cls, path, env=None):
        if float(os.environ.get("KEYPAD_TIMEOUT_SCALE", "1")) > 1:
            path = os.path.splitext(path)[0] + ".ppm"
            subprocess.run(["grim", "-t", "ppm", path], check=True, env=env)
        else:
            subprocess.run(["grim", path], check=True, env=env)
        return cls(path)


def x11_screenshot(path):
    """The X screen as an 8-bit RGB PNG (ImageMagick's import), read as pixels."""
    subprocess.run(["import", "-window", "root", "-depth", "8", f"PNG24:{path}"], check=True)
    return Screenshot(path)


# The keypad in a screenshot

# The keypad's colours in the light theme (Resources/themes/keypad.css): the area's
# background and the return key's blue.
CHROME = (209, 212, 219)
RETURN_BLUE = (10, 132, 255)


def near(colour, expected, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def keypad_band(shot, left, right, bottom):
    """The keypad's band ending at `bottom` between `left` and `right`: its top (the
    highest row whose edge pixels, one in from each side, have the keypad's colour, all
    the way down), or None when the bottom row is not the keypad's."""
    y = bottom - 2
    if not (near(shot.pixel(left + 1, y), CHROME) and near(shot.pixel(right - 2, y), CHROME)):
        return None
    while y > 0 and near(shot.pixel(left + 1, y - 1), CHROME) and near(shot.pixel(right - 2, y - 1), CHROME):
        y -= 1
    return y


def has_return_key(shot, left, right, top, bottom):
    """Whether the return key's blue shows in the band."""
    for y in range(top, bottom, 4):
        for x in range(left, right, 8):
            if near(shot.pixel(x, y), RETURN_BLUE, 12):
                return True
    return False


# The field being typed into (#34): the tests' apps paint it yellow, so a screenshot tells
# whether the keypad covers it.
YELLOW = (255, 255, 0)


def field_pixels(shot, rect):
    """The field's right half (away from its text and caret), inset from its border: (x, y, colour)."""
    x, y, w, h = rect
    return [(px, py, shot.pixel(px, py)) for px in range(x + w // 2, x + w - 6, 12) for py in range(y + 6, y + h - 5, 6)]


def not_yellow(shot, rect):
    """The field's pixels (field_pixels) that are not its yellow: covered."""
    return [p for p in field_pixels(shot, rect) if not near(p[2], YELLOW, 12)]
