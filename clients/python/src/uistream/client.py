"""The asyncio client: every protocol method as a typed coroutine (generated from the registry),
``events()`` and ``tree()`` streams, and automatic reconnect that resumes event streams with
``since`` and rebuilds tree mirrors.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from ._generated import AsyncMethods
from .connection import Connection, Encoding, ResultHook
from .errors import UistreamError, connection_lost
from .events import EventStream
from .mirror import TreeMirror

Route = Callable[[str, dict[str, Any]], None]


class Client(AsyncMethods):
    """A connection to one server. Create it with :func:`connect`."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        encoding: Encoding = "json",
        token_via: Literal["header", "subprotocol"] = "header",
        reconnect: bool = True,
        retries: int = 20,
        open_timeout: float = 10.0,
    ) -> None:
        self.url = url
        self._options = {
            "token": token,
            "encoding": encoding,
            "token_via": token_via,
            "open_timeout": open_timeout,
        }
        self._reconnect = reconnect
        self._retries = retries
        self._conn: Connection | None = None
        self._routes: dict[str, Route] = {}
        self._streams: set[EventStream | TreeMirror] = set()
        self._closing = False
        self._reconnecting: asyncio.Task[None] | None = None
        self.reconnects = 0
        self.state: Literal["open", "reconnecting", "closed"] = "reconnecting"
        self._opened = asyncio.Event()

    async def _open(self) -> Connection:
        return await Connection.open(
            self.url,
            on_notification=self._on_notification,
            on_close=self._on_close,
            **self._options,  # type: ignore[arg-type]
        )

    async def start(self) -> Client:
        self._conn = await self._open()
        self._set_state("open")
        return self

    def _set_state(self, state: Literal["open", "reconnecting", "closed"]) -> None:
        self.state = state
        if state == "reconnecting":
            self._opened.clear()
        else:
            self._opened.set()

    async def wait_open(self, timeout: float = 10.0) -> bool:
        """Wait until the connection is open (again); False if the client closed for good."""
        await asyncio.wait_for(self._opened.wait(), timeout)
        return self.state == "open"

    async def call(
        self, method: str, params: Any = None, *, on_result: ResultHook | None = None
    ) -> Any:
        """Call a method by its wire name; the typed functions (``windows_list``...) call this."""
        if self._conn is None or not self._conn.is_open:
            raise connection_lost("client closed" if self._closing else "reconnecting")
        return await self._conn.request(method, {} if params is None else params, on_result)

    async def events(self, *, since: int | None = None, **filters: Any) -> EventStream:
        """UI events matching the filters (``types``, ``windows``, ``apps``, ``within``,
        ``controlTypes``), from now or after seq ``since`` (replayed from the server's log)."""
        stream = EventStream(self, filters, since)
        self._streams.add(stream)
        try:
            return await stream.start()
        except BaseException:
            self._streams.discard(stream)
            raise

    async def tree(self, **target: Any) -> TreeMirror:
        """A live mirror of a window (``window='w3'`` or part of its title), an element
        (``root='e12'``) or the desktop, optionally to a ``depth``."""
        mirror = TreeMirror(self, target)
        self._streams.add(mirror)
        try:
            return await mirror.start()
        except BaseException:
            self._streams.discard(mirror)
            raise

    def _route(self, subscription: str, handler: Route | None) -> None:
        if handler is None:
            self._routes.pop(subscription, None)
        else:
            self._routes[subscription] = handler

    def _forget(self, stream: EventStream | TreeMirror) -> None:
        self._streams.discard(stream)

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        handler = self._routes.get(params.get("subscription", ""))
        if handler is not None:
            handler(method, params)

    def _on_close(self, reason: str) -> None:
        self._routes.clear()
        if self._closing or not self._reconnect:
            self._finish(None if self._closing else connection_lost(reason))
            return
        self._set_state("reconnecting")
        self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect_loop())

    async def _reconnect_loop(self) -> None:
        delay = 0.05
        for _ in range(self._retries):
            if self._closing:
                return
            await asyncio.sleep(delay)  # backoff between attempts, not a synchronisation
            delay = min(delay * 2, 2.0)
            try:
                self._conn = await self._open()
            except UistreamError as err:
                if err.code == "unauthorized":
                    break
                continue
            self.reconnects += 1
            for stream in list(self._streams):
                try:
                    await stream.resume()
                except UistreamError as err:
                    stream.fail(err)
            self._set_state("open")
            return
        self._finish(connection_lost("could not reconnect"))

    def _finish(self, error: UistreamError | None) -> None:
        for stream in list(self._streams):
            if error is None:
                stream.end()
            else:
                stream.fail(error)
        self._streams.clear()
        self._set_state("closed")

    async def close(self) -> None:
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._conn is not None:
            await self._conn.close()
        self._finish(None)

    def drop_connection(self) -> None:
        """Cut the socket without a close handshake (to exercise reconnect in tests)."""
        if self._conn is not None:
            # Known at once, not when the loop sees the socket die: wait_open() waits for the
            # new connection, never returns on the old one.
            self._set_state("reconnecting")
            self._conn.terminate()

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


async def connect(
    url: str,
    token: str | None = None,
    encoding: Encoding = "json",
    **options: Any,
) -> Client:
    """Connect to a uistream server (``ws://127.0.0.1:7878/``) with its token; ``encoding`` is
    ``json`` or ``msgpack``. Options: ``token_via``, ``reconnect``, ``retries``,
    ``open_timeout``."""
    return await Client(url, token=token, encoding=encoding, **options).start()
