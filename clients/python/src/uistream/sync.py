"""The blocking client: the asyncio client run on its own event loop in a background thread, so a
plain script or a synchronous test calls ``ui.windows_list()`` and gets the answer. Streams keep
flowing between calls (the loop never stops), so events and mirrors stay current.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from ._generated import SyncMethods
from .client import Client
from .events import EventStream
from .expect import DEFAULT_TIMEOUT, Expectation, Locator, expect
from .mirror import TreeMirror

T = TypeVar("T")


class _LoopThread:
    """One event loop in a daemon thread; ``run`` waits for a coroutine's result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="uistream")
        self._thread.start()

    def expect(
        self, target: Locator | dict[str, Any] | str, timeout: float = DEFAULT_TIMEOUT
    ) -> SyncExpectation:
        """Waiting assertions on an element: ``ui.expect(loc).to_have_text("Saved")``."""
        return SyncExpectation(self._runner, expect(self.client, target, timeout))

    def run(self, coro: Awaitable[T], timeout: float | None = None) -> T:
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)  # type: ignore[arg-type]
        return future.result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            self.loop.close()


class SyncEventStream:
    """``for event in stream`` blocks for each event; ``next(timeout)`` gives up after timeout."""

    def __init__(self, runner: _LoopThread, stream: EventStream) -> None:
        self._runner = runner
        self.stream = stream

    def next(self, timeout: float | None = None) -> dict[str, Any]:
        return self._runner.run(self.stream.next(timeout))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        while True:
            try:
                yield self._runner.run(self.stream.__anext__())
            except StopAsyncIteration:
                return

    def close(self) -> None:
        self._runner.run(self.stream.close())

    def __enter__(self) -> SyncEventStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SyncTreeMirror:
    """The mirror's reads (``nodes``, ``find``...) and a blocking ``wait_for``."""

    def __init__(self, runner: _LoopThread, mirror: TreeMirror) -> None:
        self._runner = runner
        self.mirror = mirror

    def __getattr__(self, name: str) -> Any:
        return getattr(self.mirror, name)

    def wait_for(self, predicate: Callable[[TreeMirror], Any], timeout: float = 10.0) -> Any:
        return self._runner.run(self.mirror.wait_for(predicate, timeout))

    def close(self) -> None:
        self._runner.run(self.mirror.close())

    def __enter__(self) -> SyncTreeMirror:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SyncExpectation:
    """The blocking face of :class:`uistream.expect.Expectation`."""

    def __init__(self, runner: _LoopThread, expectation: Expectation) -> None:
        self._runner = runner
        self.expectation = expectation

    def to_appear(self) -> dict[str, Any]:
        return self._runner.run(self.expectation.to_appear())

    def to_disappear(self) -> None:
        self._runner.run(self.expectation.to_disappear())

    def to_be_enabled(self) -> dict[str, Any]:
        return self._runner.run(self.expectation.to_be_enabled())

    def to_have_text(self, expected: Any) -> dict[str, Any]:
        return self._runner.run(self.expectation.to_have_text(expected))

    def to_have_state(self, state: str, present: bool = True) -> dict[str, Any]:
        return self._runner.run(self.expectation.to_have_state(state, present))


class SyncClient(SyncMethods):
    """Every protocol method as a blocking call; create it with :func:`connect_sync`."""

    def __init__(self, runner: _LoopThread, client: Client) -> None:
        self._runner = runner
        self.client = client

    def call(self, method: str, params: Any = None) -> Any:
        return self._runner.run(self.client.call(method, params))

    def events(self, *, since: int | None = None, **filters: Any) -> SyncEventStream:
        stream = self._runner.run(self.client.events(since=since, **filters))
        return SyncEventStream(self._runner, stream)

    def tree(self, **target: Any) -> SyncTreeMirror:
        return SyncTreeMirror(self._runner, self._runner.run(self.client.tree(**target)))

    def expect(
        self, target: Locator | dict[str, Any] | str, timeout: float = DEFAULT_TIMEOUT
    ) -> SyncExpectation:
        """Waiting assertions on an element: ``ui.expect(loc).to_have_text("Saved")``."""
        return SyncExpectation(self._runner, expect(self.client, target, timeout))

    def run(self, coro: Awaitable[T], timeout: float | None = None) -> T:
        """Run a coroutine of the async client (``client.client``) on its loop."""
        return self._runner.run(coro, timeout)

    def close(self) -> None:
        try:
            self._runner.run(self.client.close(), 10)
        finally:
            self._runner.stop()

    def __enter__(self) -> SyncClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect_sync(
    url: str, token: str | None = None, encoding: str = "json", **options: Any
) -> SyncClient:
    """Blocking :func:`uistream.connect`: same arguments, a :class:`SyncClient`."""
    runner = _LoopThread()

    async def start() -> Client:
        client = Client(url, token=token, encoding=encoding, **options)  # type: ignore[arg-type]
        return await client.start()

    try:
        client = runner.run(start())
    except BaseException:
        runner.stop()
        raise
    return SyncClient(runner, client)
