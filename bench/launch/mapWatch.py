#!/usr/bin/python3
"""When each new top-level X window is mapped, seen from a connection of its own (Xlib through
ctypes), independent of uistream and of the app.

Prints `ready` once it watches, then one JSON line per mapped top-level client window:
{"xid", "pid" (_NET_WM_PID or null), "t" (wall-clock ms since the epoch when the MapNotify was
read)}. A window manager reparents clients into frames, so each window the root sees created
(not override-redirect: menus and tooltips are not windows) is watched for its own MapNotify.
"""
import ctypes
import json
import sys
import time

x = ctypes.cdll.LoadLibrary("libX11.so.6")
ulong = ctypes.c_ulong
x.XOpenDisplay.restype = ctypes.c_void_p
x.XDefaultRootWindow.restype = ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XSelectInput.argtypes = [ctypes.c_void_p, ulong, ctypes.c_long]
x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x.XFlush.argtypes = [ctypes.c_void_p]
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

CREATE_NOTIFY, MAP_NOTIFY = 16, 19
STRUCTURE_NOTIFY, SUBSTRUCTURE_NOTIFY = 1 << 17, 1 << 19


class CreateEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int), ("serial", ulong), ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p), ("parent", ulong), ("window", ulong),
        ("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
        ("height", ctypes.c_int), ("border_width", ctypes.c_int),
        ("override_redirect", ctypes.c_int),
    ]


class MapEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int), ("serial", ulong), ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p), ("event", ulong), ("window", ulong),
        ("override_redirect", ctypes.c_int),
    ]


display = x.XOpenDisplay(None)
root = x.XDefaultRootWindow(display)
pid_atom = x.XInternAtom(display, b"_NET_WM_PID", 0)


def pid_of(window):
    kind, fmt, count, after = ulong(), ctypes.c_int(), ulong(), ulong()
    data = ctypes.c_void_p()
    status = x.XGetWindowProperty(display, window, pid_atom, 0, 1, 0, 0, ctypes.byref(kind),
                                  ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                                  ctypes.byref(data))
    if status != 0 or not data.value:
        return None
    try:
        return ctypes.cast(data.value, ctypes.POINTER(ulong))[0] if count.value else None
    finally:
        x.XFree(data)


x.XSelectInput(display, root, SUBSTRUCTURE_NOTIFY)
x.XFlush(display)
print("ready", flush=True)
event = ctypes.create_string_buffer(192)
watched = set()
while True:
    x.XNextEvent(display, event)
    kind = ctypes.cast(event, ctypes.POINTER(ctypes.c_int))[0]
    if kind == CREATE_NOTIFY:
        created = CreateEvent.from_buffer_copy(event.raw[: ctypes.sizeof(CreateEvent)])
        if created.parent == root and not created.override_redirect:
            # A window manager maps a client only after its MapRequest, so this selection
            # comes first; without one the root's own MapNotify below is the one read.
            x.XSelectInput(display, created.window, STRUCTURE_NOTIFY)
            x.XFlush(display)
            watched.add(created.window)
    elif kind == MAP_NOTIFY:
        mapped = MapEvent.from_buffer_copy(event.raw[: ctypes.sizeof(MapEvent)])
        # Its own MapNotify (framed by a window manager) or the root's (no window manager).
        if mapped.event in (mapped.window, root) and mapped.window in watched:
            t = time.time() * 1000
            watched.discard(mapped.window)
            print(json.dumps({"xid": mapped.window, "pid": pid_of(mapped.window), "t": t}),
                  flush=True)
