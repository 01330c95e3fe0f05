"""Pointer taps made with XTest on this process's own X connection (libXtst), for make bench:
the requests xdotool sends, timed from just before the press is flushed to the X server."""
import ctypes
import time


class XTestPointer:
    def __init__(self):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise SystemExit("xtest_pointer: cannot open the X display")

    def tap(self, point, hold_ms=0, settle_s=0.0, clock=time.monotonic_ns):
        """Moves to `point`, rests `settle_s`, presses button 1 and releases it after `hold_ms`;
        returns `clock()` read just before the press was flushed."""
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(point[0]), int(point[1]), 0)
        self.x11.XSync(self.display, 0)
        if settle_s:
            time.sleep(settle_s)
        start = clock()
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1, 0)
        self.x11.XFlush(self.display)
        if hold_ms:
            time.sleep(hold_ms / 1000)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 0, 0)
        self.x11.XFlush(self.display)
        return start
