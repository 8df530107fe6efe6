"""Playwright-style assertions that wait: ``await expect(client, locator).to_have_text("Saved")``
re-checks the locator against the server's cache now and after every UI event, until it holds
or the deadline passes. No polling timer: the wait sleeps on the event stream, subscribed before
the first check so no change can slip between a check and the wait.

A failed expectation raises :class:`ExpectationError` with what was expected and last seen, the
events seen while waiting, a snapshot of the window and a screenshot (when the server can
capture), for a test report to attach.
"""

from __future__ import annotations

import asyncio
import base64
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import UistreamError

if TYPE_CHECKING:
    from .client import Client

DEFAULT_TIMEOUT = 5.0
KEPT_EVENTS = 30

Check = Callable[[list[dict[str, Any]]], tuple[bool, str]]


@dataclass(frozen=True)
class Locator:
    """What to look for, as ``elements.find`` takes it (all given fields must match)."""

    name: str | None = None
    control_type: str | None = None
    automation_id: str | None = None
    window: str | None = None
    app: str | None = None
    value: str | None = None
    name_match: str | None = None
    ref: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def query(self) -> dict[str, Any]:
        wire = {
            "name": self.name,
            "controlType": self.control_type,
            "automationId": self.automation_id,
            "window": self.window,
            "app": self.app,
            "value": self.value,
            "nameMatch": self.name_match,
        }
        return {**{k: v for k, v in wire.items() if v is not None}, **self.extra}

    def __str__(self) -> str:
        if self.ref is not None:
            return f"element {self.ref}"
        parts = [self.control_type or "element"]
        if self.automation_id is not None:
            parts.append(f"#{self.automation_id}")
        if self.name is not None:
            parts.append(repr(self.name))
        if self.window is not None:
            parts.append(f"in window {self.window!r}")
        return " ".join(parts)


def as_locator(target: Locator | dict[str, Any] | str) -> Locator:
    """A Locator from itself, an elements.find query dict, or an automation id string."""
    if isinstance(target, Locator):
        return target
    if isinstance(target, str):
        return Locator(automation_id=target)
    known = {"name", "controlType", "automationId", "window", "app", "value", "nameMatch", "ref"}
    return Locator(
        name=target.get("name"),
        control_type=target.get("controlType"),
        automation_id=target.get("automationId"),
        window=target.get("window"),
        app=target.get("app"),
        value=target.get("value"),
        name_match=target.get("nameMatch"),
        ref=target.get("ref"),
        extra={k: v for k, v in target.items() if k not in known},
    )


class ExpectationError(AssertionError):
    """An expectation that did not hold by its deadline, with what to look at."""

    def __init__(
        self,
        message: str,
        *,
        events: list[dict[str, Any]],
        snapshot: str | None,
        screenshot: bytes | None,
    ) -> None:
        super().__init__(message)
        self.events = events
        self.snapshot = snapshot
        self.screenshot = screenshot


def text_of(node: dict[str, Any]) -> str:
    """The text a person reads on an element: its value when it has one, else its name."""
    value = node.get("value")
    return value if isinstance(value, str) and value != "" else str(node.get("name", ""))


def _one(elements: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str]:
    if len(elements) == 1:
        return elements[0], ""
    if not elements:
        return None, "no element matches"
    return None, f"{len(elements)} elements match (a locator must match one)"


class Expectation:
    """The assertions on one locator; each waits up to ``timeout`` seconds."""

    def __init__(
        self, client: Client, locator: Locator, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self._client = client
        self.locator = locator
        self.timeout = timeout

    async def to_appear(self) -> dict[str, Any]:
        def check(found: list[dict[str, Any]]) -> tuple[bool, str]:
            node, why = _one(found)
            return node is not None, why or "it is there"

        return await self._wait("to appear", check)

    async def to_disappear(self) -> None:
        await self._wait("to disappear", lambda found: (not found, f"{len(found)} still there"))

    async def to_be_enabled(self) -> dict[str, Any]:
        def check(found: list[dict[str, Any]]) -> tuple[bool, str]:
            node, why = _one(found)
            if node is None:
                return False, why
            enabled = "enabled" in node.get("states", [])
            return enabled, f"states {node.get('states', [])}"

        return await self._wait("to be enabled", check)

    async def to_have_state(self, state: str, present: bool = True) -> dict[str, Any]:
        """A state such as ``"checked"`` or ``"enabled"`` held (or, ``present=False``, not)."""

        def check(found: list[dict[str, Any]]) -> tuple[bool, str]:
            node, why = _one(found)
            if node is None:
                return False, why
            states = node.get("states", [])
            return (state in states) == present, f"states {states}"

        return await self._wait(f"to {'have' if present else 'lack'} state {state!r}", check)

    async def to_have_text(self, expected: str | re.Pattern[str]) -> dict[str, Any]:
        """Exact text (value, else name), or a regular expression searched in it."""

        def check(found: list[dict[str, Any]]) -> tuple[bool, str]:
            node, why = _one(found)
            if node is None:
                return False, why
            text = text_of(node)
            if isinstance(expected, re.Pattern):
                return expected.search(text) is not None, f"text {text!r}"
            return text == expected, f"text {text!r}"

        shown = expected.pattern if isinstance(expected, re.Pattern) else expected
        return await self._wait(f"to have text {shown!r}", check)

    async def _wait(self, expectation: str, check: Check) -> Any:
        deadline = time.monotonic() + self.timeout
        seen: deque[dict[str, Any]] = deque(maxlen=KEPT_EVENTS)
        windows = [self.locator.window] if self.locator.window is not None else None
        stream = await self._client.events(**({"windows": windows} if windows else {}))
        try:
            while True:
                found = await self._find()
                ok, last = check(found)
                if ok:
                    return found[0] if found else None
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise await self._failure(expectation, last, list(seen))
                try:
                    seen.append(await stream.next(remaining))
                except asyncio.TimeoutError:
                    continue
        finally:
            await stream.close()

    async def _find(self) -> list[dict[str, Any]]:
        if self.locator.ref is not None:
            return await self._get(self.locator.ref)
        try:
            answer = await self._client.call(
                "elements.find", {**self.locator.query(), "maxResults": 2}
            )
        except UistreamError as err:
            if err.code in ("window_not_found", "app_not_found"):
                return []
            raise
        return list(answer["elements"])

    async def _get(self, ref: str) -> list[dict[str, Any]]:
        try:
            return [(await self._client.call("elements.get", {"ref": ref}))["element"]]
        except UistreamError as err:
            if err.code in ("element_stale", "element_not_found"):
                return []
            raise

    async def _failure(
        self, expectation: str, last: str, events: list[dict[str, Any]]
    ) -> ExpectationError:
        message = (
            f"expected {self.locator} {expectation} within {self.timeout:g} s; last seen: {last}"
        )
        snapshot = await _quietly(self._snapshot())
        screenshot = await _quietly(self._screenshot())
        return ExpectationError(message, events=events, snapshot=snapshot, screenshot=screenshot)

    async def _snapshot(self) -> str:
        params = {"window": self.locator.window} if self.locator.window else {}
        answer = await self._client.call("tree.snapshot", {**params, "maxElements": 400})
        return str(answer["text"])

    async def _screenshot(self) -> bytes:
        params = {"window": self.locator.window} if self.locator.window else {}
        answer = await self._client.call("screen.capture", {**params, "format": "png"})
        data = answer["data"]
        return data if isinstance(data, bytes) else base64.b64decode(data)


async def _quietly(work: Awaitable[Any]) -> Any:
    """Report material is best effort: a server without capture still gives a readable error."""
    try:
        return await work
    except UistreamError:
        return None


def expect(
    client: Client, target: Locator | dict[str, Any] | str, timeout: float = DEFAULT_TIMEOUT
) -> Expectation:
    """Assertions on ``target`` (a :class:`Locator`, a find query dict or an automation id)."""
    return Expectation(client, as_locator(target), timeout)
