"""Start ``uistream serve`` as a child process and read its address from the start banner, or
describe an already running server (``UISTREAM_URL``). Used by the pytest plugin's
``uistream_server`` fixture; usable on its own.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import shutil
import subprocess
import threading
from dataclasses import dataclass, field

from .errors import error_for

WS_LINE = re.compile(r"WebSocket +(ws://\S+)")


@dataclass
class Server:
    """Where a server answers; ``process`` is None for a server this code did not start."""

    url: str
    token: str | None
    backend: str
    process: subprocess.Popen[str] | None = None
    banner: list[str] = field(default_factory=list)

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout)


def default_command() -> list[str]:
    """``UISTREAM_COMMAND`` (split like a shell), else ``uistream`` on PATH."""
    configured = os.environ.get("UISTREAM_COMMAND")
    if configured:
        return shlex.split(configured)
    found = shutil.which("uistream")
    if found is None:
        raise error_for(
            "backend_unavailable",
            "no uistream command: install it (npm install -g uistream) or set UISTREAM_COMMAND",
        )
    return [found]


def attached() -> Server | None:
    """The server named by ``UISTREAM_URL`` (and ``UISTREAM_TOKEN``), if any."""
    url = os.environ.get("UISTREAM_URL")
    if not url:
        return None
    return Server(url=url, token=os.environ.get("UISTREAM_TOKEN"), backend="attached")


def start(
    backend: str = "sim",
    extra: list[str] | None = None,
    command: list[str] | None = None,
    startup_timeout: float = 90.0,
) -> Server:
    """Start ``uistream serve --backend BACKEND`` on a free loopback port with a fresh token and
    wait (up to ``startup_timeout`` s) for its banner to give the WebSocket URL."""
    # Hex: a token starting with "-" would read as an option to the CLI.
    token = secrets.token_hex(24)
    argv = [*(command or default_command()), "serve", "--backend", backend]
    argv += ["--port", "0", "--token", token, "--quiet", *(extra or [])]
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    banner: list[str] = []
    found = threading.Event()
    url: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if not found.is_set():
                banner.append(line.rstrip("\n"))
                match = WS_LINE.search(line)
                if match:
                    url.append(match.group(1))
                if url and line.lstrip().startswith("token"):
                    found.set()
        found.set()  # the process ended: wake the waiter, which sees no URL

    threading.Thread(target=read, daemon=True, name="uistream-serve-output").start()
    found.wait(startup_timeout)
    server = Server(url=url[0] if url else "", token=token, backend=backend, process=process)
    server.banner = banner
    if not url or process.poll() is not None:
        server.stop()
        shown = " ".join(argv).replace(token, "***")
        output = "\n".join(banner[-20:]).replace(token, "***")
        raise error_for("backend_unavailable", f"uistream serve did not start: {shown}\n{output}")
    return server
