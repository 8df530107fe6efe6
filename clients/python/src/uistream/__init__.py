"""uistream for Python: a typed client of the uistream desktop automation server (asyncio and
blocking), its event streams and tree mirrors, and a pytest plugin (``uistream.pytest_plugin``).

    import uistream
    async with await uistream.connect("ws://127.0.0.1:7878/", token) as ui:
        windows = (await ui.windows_list())["windows"]
"""

from ._generated import ERROR_CLASSES, ERROR_CODES, METHOD_KINDS, PROTOCOL_VERSION
from ._generated import *  # noqa: F403  (the typed error classes, one per wire code)
from .client import Client, connect
from .errors import UistreamError
from .events import EventStream
from .expect import ExpectationError, Locator, expect
from .mirror import PatchMirror, TreeMirror
from .sync import SyncClient, connect_sync

__all__ = [
    "Client",
    "ERROR_CLASSES",
    "ERROR_CODES",
    "EventStream",
    "ExpectationError",
    "Locator",
    "METHOD_KINDS",
    "PROTOCOL_VERSION",
    "PatchMirror",
    "SyncClient",
    "TreeMirror",
    "UistreamError",
    "connect",
    "connect_sync",
    "expect",
    *(cls.__name__ for cls in ERROR_CLASSES.values()),
]
