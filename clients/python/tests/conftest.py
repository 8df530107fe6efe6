"""The client's tests run against a real ``uistream serve`` on the simulated desktop, started
once per session by the plugin's ``uistream_server`` fixture (from this checkout's bin unless
UISTREAM_COMMAND or UISTREAM_URL says otherwise)."""

from __future__ import annotations

import os
from importlib.metadata import entry_points
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
os.environ.setdefault("UISTREAM_COMMAND", f"node {REPO / 'bin' / 'uistream.js'}")

# The entry point registers the plugin once the package is installed; a checkout registers it here.
_installed = any(e.name == "uistream" for e in entry_points(group="pytest11"))
pytest_plugins = ["pytester"] + ([] if _installed else ["uistream.pytest_plugin"])
