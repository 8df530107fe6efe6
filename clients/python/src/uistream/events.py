"""``events()``: UI events as an async iterator, in seq order and gapless. Gaps the server
reports (a slow reader) are filled from its replay log (``events.read``) before anything newer;
after a reconnect the stream subscribes again with ``since`` = the last seq it delivered.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING, Any

from .errors import UistreamError
from .subscription import ServerSubscription

if TYPE_CHECKING:
    from .client import Client

# Small pages keep each answer small; a gap may span thousands of events.
FILL_PAGE = 200
_END = object()


class EventStream(ServerSubscription):
    """Iterate with ``async for``; ``close()`` (or ``async with``) unsubscribes."""

    _UNSUBSCRIBE = "events.unsubscribe"

    def __init__(self, client: Client, filters: dict[str, Any], since: int | None) -> None:
        self._client = client
        self._filters = filters
        self.last_seq: int | None = since
        self._subscription: str | None = None
        self._inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._ready: deque[dict[str, Any]] = deque()
        self._stopped = False
        self.gaps_filled = 0

    async def start(self) -> EventStream:
        await self._subscribe()
        return self

    async def resume(self) -> None:
        """Called by the client after a reconnect: replay from the last delivered seq."""
        self._subscription = None
        try:
            await self._subscribe()
        except UistreamError as err:
            if err.code != "backend_unavailable":
                self.fail(err)

    async def _subscribe(self) -> None:
        if self._stopped:
            return
        params = dict(self._filters)
        if self.last_seq is not None:
            params["since"] = self.last_seq

        def routed(result: dict[str, Any]) -> None:
            self._subscription = result["subscription"]
            if self.last_seq is None:
                self.last_seq = result["seq"]
            self._client._route(result["subscription"], self._on_notification)

        await self._client.call("events.subscribe", params, on_result=routed)

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "events.event":
            for event in params.get("events", []):
                self._inbox.put_nowait(event)
        elif method == "events.gap":
            self._inbox.put_nowait(("gap", params["from"], params["to"]))

    def __aiter__(self) -> EventStream:
        return self

    async def __anext__(self) -> dict[str, Any]:
        while True:
            while self._ready:
                event = self._ready.popleft()
                if self.last_seq is None or event["seq"] > self.last_seq:
                    self.last_seq = event["seq"]
                    return event
            item = await self._inbox.get()
            if item is _END:
                self._inbox.put_nowait(_END)
                raise StopAsyncIteration
            if isinstance(item, BaseException):
                raise item
            if isinstance(item, tuple):
                await self._fill(item[1], item[2])
            else:
                self._ready.append(item)

    async def next(self, timeout: float | None = None) -> dict[str, Any]:
        """The next event, or ``asyncio.TimeoutError`` when none comes within ``timeout`` s."""
        return await asyncio.wait_for(self.__anext__(), timeout)

    async def _fill(self, start: int, end: int) -> None:
        cursor = max(start - 1, self.last_seq or 0)
        while cursor < end and not self._stopped:
            page = await self._client.call(
                "events.read", {**self._filters, "after": cursor, "limit": FILL_PAGE}
            )
            self._ready.extend(e for e in page["events"] if e["seq"] <= end)
            if not page["hasMore"]:
                break
            cursor = page["cursor"]
        self.gaps_filled += 1
        # Nothing newer than the gap may come before it: it was queued behind the gap.
        if not self._ready and (self.last_seq is None or self.last_seq < end):
            self.last_seq = end

    def end(self) -> None:
        """The client closed: iteration stops after what was received."""
        if not self._stopped:
            self._stopped = True
            self._inbox.put_nowait(_END)

    def fail(self, error: BaseException) -> None:
        """The stream cannot go on (e.g. cursor_expired, or no reconnect): iteration raises."""
        if not self._stopped:
            self._stopped = True
            self._inbox.put_nowait(error)
