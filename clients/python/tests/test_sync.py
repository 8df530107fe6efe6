"""The blocking client and the waiting assertions, on a real sim server."""

from __future__ import annotations

import re
import secrets

import pytest

import uistream
from uistream.server import Server

EDITOR_TEXT = {"automationId": "editor.text"}


def test_blocking_calls_streams_and_mirror(uistream_server: Server) -> None:
    with uistream.connect_sync(uistream_server.url, uistream_server.token, "msgpack") as ui:
        assert ui.session_hello()["server"] == "uistream"
        word = f" s{secrets.token_hex(3)}"
        with ui.events(types=["text.changed"]) as events, ui.tree(window="Editor") as mirror:
            ui.actions_type(target=EDITOR_TEXT, text=word)
            assert events.next(10)["type"] == "text.changed"
            typed = {"automationId": "editor.text"}
            node = mirror.wait_for(
                lambda m: next((n for n in m.find(**typed) if word in n["value"]), None)
            )
            assert node["controlType"] == "Document"
        with pytest.raises(uistream.ElementNotFoundError):
            ui.actions_click(target={"automationId": "no.such.button"}, timeout_ms=200)


def test_expect_waits_for_the_effect_of_an_action(uistream_server: Server) -> None:
    with uistream.connect_sync(uistream_server.url, uistream_server.token) as ui:
        word = f"t{secrets.token_hex(3)}"
        ui.actions_type(target=EDITOR_TEXT, text=word)
        ui.expect(uistream.Locator(automation_id="editor.text")).to_have_text(re.compile(word))
        position = {"automationId": "editor.position"}
        ui.expect(position).to_have_text(re.compile(r"^Ln \d+, Col \d+$"))
        ui.expect("editor.save").to_be_enabled()
        ui.actions_keys(keys="Ctrl+S")
        ui.expect({"automationId": "saveas.name"}).to_appear()
        ui.actions_keys(keys="Escape")
        ui.expect({"automationId": "saveas.name"}).to_disappear()


def test_a_failed_expectation_says_what_it_saw(uistream_server: Server) -> None:
    with uistream.connect_sync(uistream_server.url, uistream_server.token) as ui:
        with pytest.raises(uistream.ExpectationError) as failed:
            ui.expect({"automationId": "editor.position"}, timeout=0.3).to_have_text("Ln 0, Col 0")
        message = str(failed.value)
        assert "#editor.position" in message and "to have text 'Ln 0, Col 0'" in message
        assert re.search(r"last seen: text 'Ln \d+, Col \d+'", message), message
        assert failed.value.snapshot and "Editor" in failed.value.snapshot
        assert failed.value.screenshot is not None
        assert failed.value.screenshot.startswith(b"\x89PNG")
