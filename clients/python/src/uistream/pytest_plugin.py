"""The pytest plugin (registered through the ``pytest11`` entry point).

Fixtures:
- ``uistream_server`` (session): attaches to ``UISTREAM_URL``/``UISTREAM_TOKEN`` when set, else
  starts ``uistream serve`` with ``--uistream-backend`` (default sim) and the extra arguments of
  the ``uistream_server_args`` fixture (override it, e.g. to pass ``--scene``), and stops it after
  the session.
- ``ui`` (per test): a connected blocking client (:class:`uistream.SyncClient`) with
  ``ui.expect(locator).to_have_text(...)``, ``.to_be_enabled()``, ``.to_appear()``.

When a test that used ``ui`` fails, its report gets three sections: the snapshot of the window
(or desktop), the last UI events, and the path of a screenshot.
"""

from __future__ import annotations

import asyncio
import base64
import re
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import server as servers
from .errors import UistreamError
from .expect import ExpectationError
from .sync import SyncClient, connect_sync

KEPT_EVENTS = 50


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("uistream", "uistream desktop automation")
    group.addoption("--uistream-backend", help="backend of the started server (default: sim)")
    group.addoption("--uistream-report-dir", help="where failure screenshots go")
    parser.addini("uistream_backend", "backend of the started server", default="sim")
    parser.addini("uistream_report_dir", "where failure screenshots go", default="")


def _option(config: pytest.Config, name: str) -> str:
    given = config.getoption(f"--uistream-{name.replace('_', '-')}")
    return str(given) if given else str(config.getini(f"uistream_{name}"))


@pytest.fixture(scope="session")
def uistream_server_args() -> list[str]:
    """Extra ``uistream serve`` arguments (override in a conftest.py)."""
    return []


@pytest.fixture(scope="session")
def uistream_server(
    request: pytest.FixtureRequest, uistream_server_args: list[str]
) -> Iterator[servers.Server]:
    running = servers.attached()
    if running is not None:
        yield running
        return
    started = servers.start(_option(request.config, "backend") or "sim", uistream_server_args)
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def ui(uistream_server: servers.Server) -> Iterator[SyncClient]:
    """A connected blocking client; it keeps the last UI events for a failure report."""
    client = connect_sync(uistream_server.url, uistream_server.token)
    recent: deque[dict[str, Any]] = deque(maxlen=KEPT_EVENTS)
    feed = client.events()

    async def record() -> None:
        async for event in feed.stream:
            recent.append(event)

    task = client.run(_spawn(record()))
    client.recent = recent  # type: ignore[attr-defined]
    try:
        yield client
    finally:
        client.run(_cancel(task))
        client.close()


async def _spawn(coro: Any) -> Any:
    return asyncio.get_running_loop().create_task(coro)


async def _cancel(task: Any) -> None:
    task.cancel()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    client = getattr(item, "funcargs", {}).get("ui")
    if report.when != "call" or not report.failed or not isinstance(client, SyncClient):
        return
    error = call.excinfo.value if call.excinfo is not None else None
    for title, text in _report_sections(item, client, error):
        report.sections.append((f"uistream {title}", text))


def _report_sections(
    item: pytest.Item, client: SyncClient, error: BaseException | None
) -> list[tuple[str, str]]:
    if isinstance(error, ExpectationError):
        events, snapshot, screenshot = error.events, error.snapshot, error.screenshot
    else:
        events = list(getattr(client, "recent", []))
        snapshot = _best_effort(lambda: client.tree_snapshot(max_elements=400)["text"])
        screenshot = _best_effort(lambda: _png(client.screen_capture(format="png")["data"]))
    sections = [("snapshot", snapshot or "(no snapshot: the server could not give one)")]
    sections.append(("last events", "\n".join(_event_line(e) for e in events) or "(none)"))
    if screenshot:
        path = _report_dir(item.config) / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', item.nodeid)}.png"
        path.write_bytes(screenshot)
        sections.append(("screenshot", str(path)))
    return sections


def _png(data: Any) -> bytes:
    return data if isinstance(data, bytes) else base64.b64decode(data)


def _best_effort(read: Any) -> Any:
    try:
        return read()
    except UistreamError:
        return None


def _event_line(event: dict[str, Any]) -> str:
    details = {k: v for k, v in event.items() if k not in ("seq", "type", "time", "timestamp")}
    return f"#{event.get('seq')} {event.get('type')} {details}"


def _report_dir(config: pytest.Config) -> Path:
    configured = _option(config, "report_dir")
    base = Path(configured) if configured else Path(str(config.rootpath)) / ".uistream-report"
    base.mkdir(parents=True, exist_ok=True)
    return base


__all__ = ["ui", "uistream_server", "uistream_server_args"]
