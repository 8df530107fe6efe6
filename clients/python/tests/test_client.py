"""The asyncio client against a real server on the simulated desktop: typed calls in both
encodings, typed errors, event streams with resume by ``since``, the tree mirror, reconnect."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import uistream
from uistream.server import Server

EDITOR_TEXT = {"automationId": "editor.text"}
Body = Callable[[uistream.Client], Awaitable[Any]]


def with_client(server: Server, body: Body, encoding: str = "json", **options: Any) -> Any:
    async def run() -> Any:
        client = await uistream.connect(server.url, server.token, encoding, **options)
        try:
            return await body(client)
        finally:
            await client.close()

    return asyncio.run(run())


async def type_marker(client: uistream.Client) -> str:
    """Type a fresh word into the editor (an action with events) and return it."""
    word = f" w{secrets.token_hex(3)}"
    await client.actions_type(target=EDITOR_TEXT, text=word)
    return word


@pytest.mark.parametrize("encoding", ["json", "msgpack"])
def test_typed_calls_answer_in_both_encodings(uistream_server: Server, encoding: str) -> None:
    async def body(client: uistream.Client) -> None:
        hello = await client.session_hello(client="pytest")
        assert hello["server"] == "uistream"
        assert hello["protocol"] == uistream.PROTOCOL_VERSION
        listed = await client.windows_list()
        titles = [w["title"] for w in listed["windows"]]
        assert any("Editor" in t for t in titles), titles
        found = await client.elements_find(automation_id="editor.text")
        assert [e["controlType"] for e in found["elements"]] == ["Document"]

    with_client(uistream_server, body, encoding)


def test_wire_errors_raise_their_typed_class(uistream_server: Server) -> None:
    async def body(client: uistream.Client) -> None:
        with pytest.raises(uistream.InvalidParamsError) as bad:
            await client.call("windows.list", {"colour": "red"})
        assert bad.value.code == "invalid_params" and bad.value.rpc_code is not None
        with pytest.raises(uistream.UistreamError) as missing:
            await client.elements_get(ref="e999999")
        assert missing.value.code in ("element_stale", "element_not_found")
        assert type(missing.value) is uistream.ERROR_CLASSES[missing.value.code]
        assert missing.value.recovery, "a wire error carries recovery suggestions"
        with pytest.raises(uistream.WindowNotFoundError):
            await client.tree_subscribe(window="no such window title 4711")

    with_client(uistream_server, body)


def test_a_wrong_token_is_unauthorized(uistream_server: Server) -> None:
    async def run() -> None:
        await uistream.connect(uistream_server.url, "not-the-token", reconnect=False)

    with pytest.raises(uistream.UnauthorizedError):
        asyncio.run(run())


def test_events_arrive_in_order_and_resume_after_since(uistream_server: Server) -> None:
    async def body(client: uistream.Client) -> None:
        async with await client.events() as stream:
            await type_marker(client)
            first = await stream.next(10)
            second = await stream.next(10)
            assert second["seq"] > first["seq"]
        # Away from the stream: more events happen; a new stream with `since` replays them.
        await type_marker(client)
        async with await client.events(since=second["seq"]) as resumed:
            replayed = await resumed.next(10)
            assert replayed["seq"] > second["seq"]
            log = await client.events_read(after=second["seq"], limit=1)
            assert replayed["seq"] == log["events"][0]["seq"], "the first missed event comes first"

    with_client(uistream_server, body)


def test_tree_mirror_follows_patches_and_matches_a_fresh_copy(uistream_server: Server) -> None:
    async def body(client: uistream.Client) -> None:
        async with await client.tree(window="Editor") as mirror:
            [text] = mirror.find(automationId="editor.text")
            word = await type_marker(client)
            node = await mirror.wait_for(
                lambda m: next((n for n in m.find(ref=text["ref"]) if word in n["value"]), None)
            )
            assert node["controlType"] == "Document"
            assert await same_as_fresh_copy(client, mirror)

    with_client(uistream_server, body)


async def same_as_fresh_copy(client: uistream.Client, mirror: uistream.TreeMirror) -> bool:
    """Compare the mirror with a fresh copy of the same revision (retried if the tree moved)."""
    for _ in range(5):
        fresh = await client.tree_subscribe(window="Editor")
        await client.tree_unsubscribe(subscription=fresh["subscription"])
        await mirror.wait_for(lambda m: m.revision >= fresh["revision"])
        if mirror.revision == fresh["revision"]:
            assert mirror.nodes == fresh["nodes"]
            return True
    return False


def test_reconnect_resumes_event_streams_without_loss(uistream_server: Server) -> None:
    async def body(client: uistream.Client) -> None:
        async with await client.events() as stream:
            await type_marker(client)
            before = await stream.next(10)
            client.drop_connection()
            assert await client.wait_open(20)
            await type_marker(client)
            head = (await client.session_hello())["seq"]
            seqs = [before["seq"]]
            while seqs[-1] < head:
                seqs.append((await stream.next(10))["seq"])
            assert client.reconnects == 1
            # Unfiltered, the stream sees every seq: none lost across the cut, none twice.
            assert seqs == list(range(before["seq"], head + 1))

    with_client(uistream_server, body)


def test_closing_the_client_ends_its_streams(uistream_server: Server) -> None:
    async def run() -> list[Any]:
        client = await uistream.connect(uistream_server.url, uistream_server.token)
        stream = await client.events()
        await client.close()
        # Iteration must end (a stream left open would hang here until the deadline).
        return await asyncio.wait_for(collect(stream), 10)

    async def collect(stream: uistream.EventStream) -> list[Any]:
        return [e async for e in stream]

    assert isinstance(asyncio.run(run()), list)
