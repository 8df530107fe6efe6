"""What every stream holding one server subscription shares: ``close()`` unsubscribes (best
effort: the server may be gone) and ``async with`` closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from .errors import UistreamError

if TYPE_CHECKING:
    from .client import Client


class ServerSubscription:
    """A base for streams; subclasses set ``_UNSUBSCRIBE`` and implement ``end()``."""

    _UNSUBSCRIBE: str
    _client: Client
    _subscription: str | None

    def end(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        """Unsubscribe (best effort) and stop."""
        self._client._forget(self)
        subscription, self._subscription = self._subscription, None
        self.end()
        if subscription is not None:
            self._client._route(subscription, None)
            try:
                await self._client.call(self._UNSUBSCRIBE, {"subscription": subscription})
            except UistreamError:
                pass

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
