"""One Xlib connection through ctypes for the scripts that read the X server independently of
uistream: the library, the display and its root, and window properties by name. X errors are
ignored (a window may be destroyed between two requests); a read that fails answers None.
"""
import ctypes

x = ctypes.cdll.LoadLibrary("libX11.so.6")
ulong = ctypes.c_ulong
x.XOpenDisplay.restype = ctypes.c_void_p
x.XDefaultRootWindow.restype = ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XInternAtom.restype = ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XGetWindowProperty.argtypes = [
    ctypes.c_void_p, ulong, ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int, ulong,
    ctypes.POINTER(ulong), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ulong),
    ctypes.POINTER(ulong), ctypes.POINTER(ctypes.c_void_p),
]
x.XFree.argtypes = [ctypes.c_void_p]
ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
ignore_errors = ERROR_HANDLER(lambda _d, _e: 0)
x.XSetErrorHandler(ignore_errors)

display = x.XOpenDisplay(None)
root = x.XDefaultRootWindow(display)
_atoms = {}


def atom(name):
    """The atom named `name`, interned once (each intern is a round trip)."""
    if name not in _atoms:
        _atoms[name] = x.XInternAtom(display, name.encode(), 0)
    return _atoms[name]


def prop(window, name, length=4096):
    """A window property: bytes (format 8), a list of numbers (format 32), else None."""
    kind, fmt, count, after = ulong(), ctypes.c_int(), ulong(), ulong()
    data = ctypes.c_void_p()
    status = x.XGetWindowProperty(display, window, atom(name), 0, length, 0, 0,
                                  ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count),
                                  ctypes.byref(after), ctypes.byref(data))
    if status != 0 or not data.value:
        return None
    try:
        if fmt.value == 8:
            return ctypes.string_at(data.value, count.value)
        if fmt.value == 32:
            return list(ctypes.cast(data.value, ctypes.POINTER(ulong))[: count.value])
        return None
    finally:
        x.XFree(data)
