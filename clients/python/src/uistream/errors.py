"""Errors: every failure carries the wire code, so callers can catch a class or branch on code.

One class per wire code lives in the generated module (``ElementNotFoundError``...); all derive
from :class:`UistreamError`. Errors the client raises itself use the same codes: a call in
flight when the connection drops raises ``BackendUnavailableError``.
"""

from __future__ import annotations

from typing import Any


class UistreamError(Exception):
    """A failure with the wire code, recovery suggestions and details of the server."""

    code: str = "internal"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        recovery: list[str] | None = None,
        details: dict[str, Any] | None = None,
        rpc_code: int | None = None,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.recovery = recovery or []
        self.details = details or {}
        self.rpc_code = rpc_code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


def error_for(code: str, message: str, **kwargs: Any) -> UistreamError:
    """The typed error of a wire code (UistreamError for a code this client does not know)."""
    from ._generated import ERROR_CLASSES

    cls = ERROR_CLASSES.get(code, UistreamError)
    return cls(message, code=code, **kwargs)


def from_rpc(error: dict[str, Any]) -> UistreamError:
    """A JSON-RPC error object as a typed error; ``data`` holds the wire error when sent."""
    data = error.get("data")
    message = str(error.get("message", "error"))
    rpc_code = error.get("code") if isinstance(error.get("code"), int) else None
    if isinstance(data, dict) and isinstance(data.get("code"), str):
        return error_for(
            data["code"],
            str(data.get("message", message)),
            recovery=list(data.get("recovery") or []),
            details=data.get("details") if isinstance(data.get("details"), dict) else None,
            rpc_code=rpc_code,
        )
    return error_for("internal", message, rpc_code=rpc_code)


def connection_lost(reason: str) -> UistreamError:
    """The connection went away before an answer came; the call may or may not have run."""
    return error_for(
        "backend_unavailable",
        f"connection lost: {reason}",
        recovery=["Reconnect and retry if the call is idempotent"],
    )
