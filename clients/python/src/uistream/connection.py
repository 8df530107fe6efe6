"""One socket to a uistream server: the encoding subprotocol, the token, request ids matched to
answers, notifications handed to a listener. It never reconnects; the client above it does.

Answers are matched as their frames are read (see websocket.py): no task stands between the
socket and the caller waiting for its answer.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, Literal

import msgpack

from .errors import UistreamError, connection_lost, error_for, from_rpc
from .websocket import WebSocket, open_websocket

Encoding = Literal["json", "msgpack"]
SUBPROTOCOLS = {"json": "uistream.v1.json", "msgpack": "uistream.v1.msgpack"}
TOKEN_SUBPROTOCOL_PREFIX = "uistream.token."

NotificationListener = Callable[[str, dict[str, Any]], None]
ResultHook = Callable[[Any], None]


def _encoder(encoding: Encoding) -> Callable[[dict[str, Any]], str | bytes]:
    # One encoder per connection: json.dumps and msgpack.packb with options build one per call.
    if encoding == "msgpack":
        return msgpack.Packer(use_bin_type=True).pack
    return json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _decode(frame: str | bytes) -> Any:
    if isinstance(frame, str):
        return json.loads(frame)
    return msgpack.unpackb(frame, raw=False)


def _refused(err: Exception) -> UistreamError | None:
    """A refused upgrade as a typed error (401: unauthorized, 403: forbidden_target)."""
    status = getattr(err, "status_code", None)
    response = getattr(err, "response", None)
    if status is None and response is not None:
        status = getattr(response, "status_code", None)
    if not isinstance(status, int):
        return None
    code = {401: "unauthorized", 403: "forbidden_target"}.get(status, "internal")
    return error_for(code, f"upgrade refused with HTTP {status}", details={"status": status})


class Connection:
    """A JSON-RPC 2.0 connection; ``request`` answers the result or raises a typed error."""

    def __init__(
        self,
        encoding: Encoding,
        on_notification: NotificationListener,
        on_close: Callable[[str], None],
    ) -> None:
        self._socket: WebSocket | None = None
        self._encode = _encoder(encoding)
        self._on_notification = on_notification
        self._on_close = on_close
        self._pending: dict[int, tuple[asyncio.Future[Any], ResultHook | None]] = {}
        self._next_id = 1
        self.closed_reason: str | None = None
        self._loop = asyncio.get_running_loop()

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        token: str | None,
        encoding: Encoding,
        token_via: Literal["header", "subprotocol"],
        open_timeout: float,
        on_notification: NotificationListener,
        on_close: Callable[[str], None],
    ) -> Connection:
        protocols = [SUBPROTOCOLS[encoding]]
        headers: dict[str, str] = {}
        if token is not None and token_via == "subprotocol":
            protocols.append(TOKEN_SUBPROTOCOL_PREFIX + token)
        elif token is not None:
            headers["Authorization"] = f"Bearer {token}"
        conn = cls(encoding, on_notification, on_close)
        try:
            conn._socket = await open_websocket(
                url, protocols, headers, open_timeout, conn._on_frame, conn._closed
            )
        except (OSError, asyncio.TimeoutError) as err:
            raise connection_lost(str(err) or type(err).__name__) from err
        except Exception as err:  # websockets' handshake errors differ between releases
            refused = _refused(err)
            if refused is not None:
                raise refused from err
            raise connection_lost(str(err)) from err
        return conn

    @property
    def is_open(self) -> bool:
        return self.closed_reason is None

    async def request(self, method: str, params: Any, on_result: ResultHook | None = None) -> Any:
        """Send one call and wait for its answer. ``on_result`` runs as the answer is read,
        before any later frame, so a subscription's route exists before its first notification."""
        if self.closed_reason is not None:
            raise connection_lost(self.closed_reason)
        call_id = self._next_id
        self._next_id += 1
        future: asyncio.Future[Any] = self._loop.create_future()
        self._pending[call_id] = (future, on_result)
        message = {"jsonrpc": "2.0", "id": call_id, "method": method, "params": params}
        try:
            self._socket.send(self._encode(message))  # type: ignore[union-attr]
        except Exception as err:
            self._pending.pop(call_id, None)
            raise connection_lost(str(err)) from err
        return await future

    def _on_frame(self, frame: str | bytes) -> None:
        try:
            message = _decode(frame)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        call_id = message.get("id")
        if call_id is None:
            params = message.get("params")
            if isinstance(message.get("method"), str) and isinstance(params, dict):
                self._on_notification(message["method"], params)
            return
        entry = self._pending.pop(call_id, None) if isinstance(call_id, int) else None
        if entry is None:
            return
        future, on_result = entry
        if future.done():
            return
        if isinstance(message.get("error"), dict):
            future.set_exception(from_rpc(message["error"]))
            return
        if on_result is not None:
            on_result(message.get("result"))
        future.set_result(message.get("result"))

    def _closed(self, reason: str) -> None:
        if self.closed_reason is not None:
            return
        self.closed_reason = reason
        for future, _ in self._pending.values():
            if not future.done():
                future.set_exception(connection_lost(reason))
        self._pending.clear()
        self._on_close(reason)

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close(1000, "client closing")

    def terminate(self) -> None:
        """Drop the TCP connection without a close handshake (tests simulate a network cut)."""
        if self._socket is not None:
            self._socket.abort()
