"""``tree()``: a live mirror of a subtree. It starts from the nodes of ``tree.subscribe``, applies
every ``tree.patch`` batch in order (the patch semantics of protocol/src/mirror.ts), rebuilds
from a fresh copy on ``tree.resync`` and after a reconnect, and ends with a reason when what it
mirrored is gone (its window closed).
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import UistreamError
from .subscription import ServerSubscription

if TYPE_CHECKING:
    from .client import Client

Node = dict[str, Any]
# Answers to a renewed tree.subscribe that mean the mirrored window or element is gone.
GONE = {"window_not_found", "app_not_found", "element_stale", "element_not_found"}


class PatchMirror:
    """The pure part: nodes by ref and ordered children, patched in place."""

    def __init__(self, root: str, nodes: list[Node], revision: int) -> None:
        self.root = root
        self.revision = revision
        self._nodes: dict[str, Node] = {}
        self._children: dict[str, list[str]] = {}
        for node in nodes:
            self._insert(node, None)

    def node(self, ref: str) -> Node | None:
        return self._nodes.get(ref)

    def children_of(self, ref: str) -> list[str]:
        return list(self._children.get(ref, []))

    def list(self) -> list[Node]:
        """The nodes in pre-order from the root (the order tree.subscribe uses)."""
        out: list[Node] = []
        stack = [self.root]
        while stack:
            ref = stack.pop()
            node = self._nodes.get(ref)
            if node is None:
                continue
            out.append(node)
            stack.extend(reversed(self._children.get(ref, [])))
        return out

    def apply(self, patches: list[dict[str, Any]], revision: int | None = None) -> None:
        for patch in patches:
            self._apply_one(patch)
        if revision is not None:
            self.revision = revision

    def _insert(self, node: Node, index: int | None) -> None:
        self._nodes[node["ref"]] = copy.deepcopy(node)
        self._children[node["ref"]] = []
        parent = node.get("parent")
        if node["ref"] == self.root or parent is None or parent not in self._children:
            return
        siblings = self._children[parent]
        if index is None:
            siblings.append(node["ref"])
        else:
            siblings.insert(index, node["ref"])

    def _apply_one(self, patch: dict[str, Any]) -> None:
        op = patch.get("op")
        if op == "add":
            # An add under a parent outside the mirrored subtree does not concern this mirror.
            if patch.get("parent") is None or patch["parent"] not in self._nodes:
                return
            for i, node in enumerate(patch["nodes"]):
                self._insert(node, patch["index"] if i == 0 else None)
        elif op == "remove":
            for gone in patch["refs"]:
                self._nodes.pop(gone, None)
                self._children.pop(gone, None)
            parent = patch.get("parent")
            if parent in self._children:
                self._children[parent] = [r for r in self._children[parent] if r != patch["ref"]]
        elif op == "reorder":
            if patch["parent"] in self._children:
                # Children below a depth limit are listed by the server but not mirrored.
                kept = [r for r in patch["children"] if r in self._nodes]
                self._children[patch["parent"]] = kept
        elif op == "update":
            node = self._nodes.get(patch["ref"])
            if node is not None:
                self._nodes[patch["ref"]] = {**node, **copy.deepcopy(patch["props"])}
        # Focus and window patches come with the node updates that show them.


class TreeMirror(ServerSubscription):
    """A mirrored subtree, kept current by the server's patches.

    ``nodes`` lists it in pre-order; ``find(...)`` and ``wait_for(predicate, timeout)`` read it
    (waits wake on each patch, never on a timer); ``ended`` says why it stopped, if it did.
    """

    _UNSUBSCRIBE = "tree.unsubscribe"

    def __init__(self, client: Client, target: dict[str, Any]) -> None:
        self._client = client
        self._target = target
        self._mirror: PatchMirror | None = None
        self._subscription: str | None = None
        self._changed = asyncio.Condition()
        self._stopped = False
        self.ended: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.resyncs = 0

    @property
    def revision(self) -> int:
        return self._mirror.revision if self._mirror else 0

    @property
    def root(self) -> Node | None:
        return self._mirror.node(self._mirror.root) if self._mirror else None

    @property
    def nodes(self) -> list[Node]:
        return self._mirror.list() if self._mirror else []

    def node(self, ref: str) -> Node | None:
        return self._mirror.node(ref) if self._mirror else None

    def children(self, ref: str) -> list[Node]:
        if self._mirror is None:
            return []
        kids = (self._mirror.node(r) for r in self._mirror.children_of(ref))
        return [k for k in kids if k is not None]

    def find(self, **fields: Any) -> list[Node]:
        """Mirrored nodes whose fields equal the given ones (``find(automationId='ok')``)."""
        return [n for n in self.nodes if all(n.get(k) == v for k, v in fields.items())]

    async def start(self) -> TreeMirror:
        await self._subscribe()
        return self

    async def resume(self) -> None:
        self._subscription = None
        await self._subscribe()

    async def _subscribe(self) -> None:
        if self._stopped:
            return

        def routed(result: dict[str, Any]) -> None:
            self._subscription = result["subscription"]
            self._mirror = PatchMirror(result["root"], result["nodes"], result["revision"])
            self._client._route(result["subscription"], self._on_notification)
            self._notify()

        try:
            await self._client.call("tree.subscribe", self._target, on_result=routed)
        except UistreamError as err:
            if err.code == "backend_unavailable" and self._mirror is not None:
                return
            existed = self._mirror is not None or err.details.get("issued") is True
            if err.code in GONE and existed:
                self._finish(err)
                return
            raise

    def _finish(self, err: UistreamError) -> None:
        window_gone = err.code in ("window_not_found", "app_not_found")
        whole_window = window_gone or "root" not in self._target
        reason = "window_closed" if whole_window else "element_removed"
        self.ended = {"reason": reason, "code": err.code, "message": err.message}
        self.end()

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if self._stopped or self._mirror is None:
            return
        if method == "tree.patch":
            self._mirror.apply(params["patches"], params["revision"])
            self._notify()
        elif method == "tree.resync" and self._subscription is not None:
            self._client._route(self._subscription, None)
            self._subscription = None
            self.resyncs += 1
            asyncio.get_running_loop().create_task(self._resubscribe())

    async def _resubscribe(self) -> None:
        try:
            await self._subscribe()
        except UistreamError as err:
            self.fail(err)

    def _notify(self) -> None:
        async def wake() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(wake())

    async def wait_for(
        self, predicate: Callable[[TreeMirror], Any], timeout: float = 10.0
    ) -> Any:
        """Wait until ``predicate(mirror)`` is truthy (checked now and after every patch);
        return its value, or raise ``UiTimeoutError`` at the deadline."""
        deadline = time.monotonic() + timeout
        async with self._changed:
            while True:
                value = predicate(self)
                if value:
                    return value
                if self.error is not None:
                    raise self.error
                remaining = deadline - time.monotonic()
                if self._stopped or remaining <= 0:
                    from .errors import error_for

                    why = self.ended["reason"] if self.ended else f"{timeout} s passed"
                    raise error_for("timeout", f"mirror condition not met: {why}")
                try:
                    await asyncio.wait_for(self._changed.wait(), remaining)
                except asyncio.TimeoutError:
                    continue

    def end(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._notify()

    def fail(self, error: BaseException) -> None:
        self.error = error
        self.end()
