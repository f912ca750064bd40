"""Group commit: small writes made at the same moment share one write transaction.

In a deadline storm the poster records two small facts per message (a send is being
tried; it was sent), dozens per second, while resolutions and players' orders need the
same write lock. Each write made through :class:`GroupCommit` joins the transaction that
starts next; those that arrive while it runs join the one after. So the database sees a
few transactions a second instead of a hundred, and a player's ``/order`` waits behind
at most one of them. Nothing is delayed on purpose: a write made alone commits at once.

The writes of a group must not depend on one another's order: they run by ``rank``
(those of one rank in the order they came), so that the same kind of record, written a
row at a time and deferred by the transaction (``Tx._defer``), goes to the database in one
trip, however many messages the group records (issue 24: a group of fifty records held
the write lock for a hundred trips, and players' commands waited behind it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.infra.storage import Storage, Tx

Change = Callable[[Tx], Awaitable[object]]


class GroupCommit:
    """``await group.write(lambda tx: tx.something(...), rank)``: returns once committed
    (or raises what the shared transaction raised: then none of its writes happened)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queue: list[tuple[int, Change, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0  # how many were needed (tests, diagnostics)

    async def write(self, change: Change, rank: int = 0) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((rank, change, done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._flush(), name="group commit")
        await asyncio.shield(done)  # a caller that gives up does not undo the others' writes

    async def _flush(self) -> None:
        while self._queue:
            group, self._queue = self._queue, []
            try:
                async with self.storage.write() as tx:
                    for _, change, _ in sorted(group, key=lambda item: item[0]):
                        await change(tx)
                self.transactions += 1
            except BaseException as exc:
                for _, _, done in group:
                    if not done.done():
                        done.set_exception(exc)
                        done.exception()  # retrieved: its caller may be gone
                if not isinstance(exc, Exception):
                    raise
                continue
            for _, _, done in group:
                if not done.done():
                    done.set_result(None)

    async def close(self) -> None:
        """Let the writes under way commit."""
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
