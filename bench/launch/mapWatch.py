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
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../scripts/harness/x11"))
from xlib import display, prop, root, ulong, x  # noqa: E402

x.XSelectInput.argtypes = [ctypes.c_void_p, ulong, ctypes.c_long]
x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x.XFlush.argtypes = [ctypes.c_void_p]

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


def pid_of(window):
    pid = prop(window, "_NET_WM_PID", 1)
    return pid[0] if pid else None


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
