"""The client's WebSocket (websockets' sans-I/O protocol on an asyncio protocol) against a real
websockets server on a loopback port: fragmented messages, pings, a listener that raises, a
refused upgrade, a subprotocol token, and the server closing the connection."""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.legacy.server import serve

import uistream
from uistream.server import Server
from uistream.websocket import WebSocket, open_websocket

Handler = Callable[[Any], Awaitable[None]]


async def with_server(handler: Handler, body: Callable[[str], Awaitable[Any]], **options: Any) -> Any:
    async def handle(ws: Any, *_path: Any) -> None:
        await handler(ws)

    async with serve(handle, "127.0.0.1", 0, **options) as server:
        port = server.sockets[0].getsockname()[1]
        return await body(f"ws://127.0.0.1:{port}/")


async def connect(url: str, **options: Any) -> tuple[WebSocket, asyncio.Queue[Any], list[str]]:
    messages: asyncio.Queue[Any] = asyncio.Queue()
    closes: list[str] = []
    socket = await open_websocket(
        url, options.get("protocols", []), {}, 5, messages.put_nowait, closes.append
    )
    return socket, messages, closes


def test_a_fragmented_message_arrives_whole_and_in_order() -> None:
    async def handler(ws: Any) -> None:
        await ws.send(["first ", "fragmented ", "message"])
        await ws.send(b"\x00\x01binary")
        await ws.wait_closed()

    async def body(url: str) -> None:
        socket, messages, _ = await connect(url)
        assert await asyncio.wait_for(messages.get(), 5) == "first fragmented message"
        assert await asyncio.wait_for(messages.get(), 5) == b"\x00\x01binary"
        await socket.close()

    asyncio.run(with_server(handler, body))


def test_a_server_ping_is_answered_and_messages_flow_both_ways() -> None:
    async def handler(ws: Any) -> None:
        pong = await ws.ping(b"are you there")
        await asyncio.wait_for(pong, 5)
        await ws.send(f"echo {await ws.recv()}")
        await ws.wait_closed()

    async def body(url: str) -> None:
        socket, messages, _ = await connect(url)
        socket.send("hello")
        assert await asyncio.wait_for(messages.get(), 5) == "echo hello"
        await socket.close()

    asyncio.run(with_server(handler, body))


def test_a_listener_that_raises_does_not_stop_later_messages() -> None:
    async def handler(ws: Any) -> None:
        await ws.send("boom")
        await ws.send("after")
        await ws.wait_closed()

    async def body(url: str) -> None:
        seen: asyncio.Queue[Any] = asyncio.Queue()
        errors: list[Any] = []
        asyncio.get_running_loop().set_exception_handler(lambda _loop, ctx: errors.append(ctx))

        def listener(message: Any) -> None:
            seen.put_nowait(message)
            if message == "boom":
                raise ValueError("a listener's bug")

        socket = await open_websocket(url, [], {}, 5, listener, lambda _reason: None)
        assert await asyncio.wait_for(seen.get(), 5) == "boom"
        assert await asyncio.wait_for(seen.get(), 5) == "after"
        assert [type(e.get("exception")) for e in errors] == [ValueError]
        await socket.close()

    asyncio.run(with_server(handler, body))


def test_the_server_closing_is_heard_once_with_its_code() -> None:
    async def handler(ws: Any) -> None:
        await ws.close(4001, "go away")

    async def body(url: str) -> None:
        closes: asyncio.Queue[str] = asyncio.Queue()
        await open_websocket(url, [], {}, 5, lambda _m: None, closes.put_nowait)
        assert await asyncio.wait_for(closes.get(), 5) == "closed 4001"
        assert closes.empty()

    asyncio.run(with_server(handler, body))


def test_a_server_that_hangs_up_mid_handshake_fails_the_open() -> None:
    async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.close()

    async def run() -> None:
        server = await asyncio.start_server(hang_up, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        closes: list[str] = []
        async with server:
            with pytest.raises((ConnectionError, EOFError)):
                await open_websocket(f"ws://127.0.0.1:{port}/", [], {}, 5, print, closes.append)
        assert closes == []

    asyncio.run(run())


def test_a_refused_upgrade_raises_without_a_close_notice() -> None:
    async def refuse(_path: str, _headers: Any) -> Any:
        return HTTPStatus.FORBIDDEN, [], b"no"

    async def handler(ws: Any) -> None:
        await ws.wait_closed()

    async def body(url: str) -> None:
        closes: list[str] = []
        with pytest.raises(Exception) as refused:
            await open_websocket(url, [], {}, 5, lambda _m: None, closes.append)
        assert getattr(refused.value, "response").status_code == 403
        assert closes == []

    asyncio.run(with_server(handler, body, process_request=refuse))


def test_the_token_may_travel_as_a_subprotocol(uistream_server: Server) -> None:
    async def run() -> str:
        client = await uistream.connect(
            uistream_server.url, uistream_server.token, token_via="subprotocol"
        )
        try:
            hello = await client.session_hello()
            return str(hello["server"])
        finally:
            await client.close()

    assert asyncio.run(run()) == "uistream"
