"""Run from a checkout without installing anything: the client from clients/python/src, the
server from this checkout's bin (set UISTREAM_COMMAND or UISTREAM_URL to use another)."""

from __future__ import annotations

import os
import sys
from importlib.metadata import entry_points
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
os.environ.setdefault("UISTREAM_COMMAND", f"node {REPO / 'bin' / 'uistream.js'}")

try:
    import uistream  # noqa: F401  (installed: pip install clients/python)
except ImportError:
    sys.path.insert(0, str(REPO / "clients" / "python" / "src"))

_installed = any(e.name == "uistream" for e in entry_points(group="pytest11"))
pytest_plugins = [] if _installed else ["uistream.pytest_plugin"]


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """gtk/ drives the GTK fixture app over AT-SPI: collected only with --uistream-backend atspi."""
    if collection_path.name == "gtk" and collection_path.parent == Path(__file__).parent:
        return config.getoption("--uistream-backend") != "atspi"
    return None
