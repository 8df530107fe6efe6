"""A WebSocket client socket on websockets' sans-I/O protocol, driven by an asyncio protocol.

Frames are parsed in the event loop's read callback and each message is handed to the listener
right there. websockets' own asyncio client has a reader task between the socket and ``recv()``,
and a client that matches answers to requests needs one more: each costs an event-loop turn per
answer, and a cached read's whole round trip is only a few turns.

Works with the websockets releases Debian and PyPI ship (10.4 up): the sans-I/O client class is
``ClientProtocol`` from 11 on and ``ClientConnection`` in 10.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from websockets.frames import OP_BINARY, OP_CLOSE, OP_CONT, OP_TEXT, Close
from websockets.http11 import Response
from websockets.uri import parse_uri

try:
    from websockets.client import ClientProtocol as _SansIoClient
except ImportError:  # websockets 10
    from websockets.client import ClientConnection as _SansIoClient  # type: ignore[no-redef]

MessageListener = Callable[[Any], None]
CloseListener = Callable[[str], None]

CLOSE_TIMEOUT = 5.0


class WebSocket(asyncio.Protocol):
    """One client connection: ``send`` writes a message at once; every message read goes to
    ``on_message`` (str for text, bytes for binary) in the order it came; ``on_close`` hears
    once, with a reason, when the connection is gone."""

    def __init__(self, ws: Any, on_message: MessageListener, on_close: CloseListener) -> None:
        self._ws = ws
        self._on_message = on_message
        self._on_close = on_close
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        # Retrieved here so that a handshake nobody waits for any more logs nothing.
        self.opened.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._closed: asyncio.Future[None] = loop.create_future()
        self._transport: asyncio.Transport | None = None
        self._parts: list[bytes] = []
        self._text = False
        self._was_open = False
        self.close_code: int | None = None
        self.subprotocol: str | None = None

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        self._flush()

    def data_received(self, data: bytes) -> None:
        self._ws.receive_data(data)
        self._flush()
        self._deliver()

    def eof_received(self) -> bool | None:
        try:
            self._ws.receive_eof()
        except EOFError:  # the peer hung up mid-handshake: connection_lost says so
            return None
        self._flush()
        self._deliver()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            error = self._ws.handshake_exc or exc or ConnectionError("closed during the handshake")
            self.opened.set_exception(error)
        if not self._closed.done():
            self._closed.set_result(None)
        if not self._was_open:
            return  # the opener hears of a failed handshake through its exception
        code = self.close_code
        reason = str(exc) if exc is not None else f"closed {code}" if code is not None else "closed"
        self._on_close(reason)

    # What the connection's user calls

    def send(self, message: str | bytes) -> None:
        """Write one message; raises ConnectionError once the connection is closing."""
        if self._transport is None or self._transport.is_closing():
            raise ConnectionError("the connection is closed")
        try:
            if isinstance(message, str):
                self._ws.send_text(message.encode("utf-8"))
            else:
                self._ws.send_binary(message)
        except Exception as err:  # websockets' InvalidState: a close began
            raise ConnectionError(str(err)) from err
        self._flush()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Close handshake, then wait for the server to drop the TCP connection."""
        if self._transport is None:
            return
        try:
            self._ws.send_close(code, reason)
            self._flush()
        except Exception:  # already closing: the server's close is on its way
            pass
        try:
            await asyncio.wait_for(asyncio.shield(self._closed), CLOSE_TIMEOUT)
        except asyncio.TimeoutError:
            self._transport.abort()

    def abort(self) -> None:
        """Drop the TCP connection without a close handshake."""
        if self._transport is not None:
            self._transport.abort()

    # Internals

    def _flush(self) -> None:
        transport = self._transport
        if transport is None:
            return
        for chunk in self._ws.data_to_send():
            if chunk:
                transport.write(chunk)
            elif transport.can_write_eof():
                transport.write_eof()

    def _deliver(self) -> None:
        for event in self._ws.events_received():
            if isinstance(event, Response):
                self._handshake_done()
            elif event.opcode is OP_CLOSE:
                self.close_code = Close.parse(event.data).code
            elif event.opcode in (OP_TEXT, OP_BINARY, OP_CONT):
                self._frame(event)

    def _handshake_done(self) -> None:
        if self.opened.done():
            return
        if self._ws.handshake_exc is not None:
            self.opened.set_exception(self._ws.handshake_exc)
            return
        self.subprotocol = self._ws.subprotocol
        self._was_open = True
        self.opened.set_result(None)

    def _frame(self, frame: Any) -> None:
        if frame.opcode is not OP_CONT:
            self._text = frame.opcode is OP_TEXT
            self._parts = []
        self._parts.append(frame.data)
        if not frame.fin:
            return
        data = self._parts[0] if len(self._parts) == 1 else b"".join(self._parts)
        self._parts = []
        message: str | bytes = data.decode("utf-8") if self._text else data
        try:
            self._on_message(message)
        except Exception as err:  # a listener's bug must not stop the reading of later frames
            asyncio.get_running_loop().call_exception_handler(
                {"message": "uistream: a message listener raised", "exception": err}
            )


async def open_websocket(
    url: str,
    subprotocols: list[str],
    headers: dict[str, str],
    open_timeout: float,
    on_message: MessageListener,
    on_close: CloseListener,
) -> WebSocket:
    """Connect and finish the opening handshake within ``open_timeout`` seconds. A refused
    upgrade raises websockets' InvalidStatus (its ``response.status_code`` says why)."""
    wsuri = parse_uri(url)
    ws = _SansIoClient(wsuri, subprotocols=subprotocols or None, max_size=None)
    request = ws.connect()
    for name, value in headers.items():
        request.headers[name] = value
    ws.send_request(request)
    loop = asyncio.get_running_loop()
    protocol = WebSocket(ws, on_message, on_close)

    async def handshake() -> None:
        await loop.create_connection(
            lambda: protocol, wsuri.host, wsuri.port, ssl=True if wsuri.secure else None
        )
        await protocol.opened

    try:
        await asyncio.wait_for(handshake(), open_timeout)
    except BaseException:
        protocol.abort()
        raise
    return protocol
