"""Players first (issue 24): whose database work goes first when a player's command and
the bot's own loops wait for the same connection.

A deadline storm keeps the database busy for minutes: the scheduler resolves thousands of
games one write after another, and the poster reads the due posts and records each
message it sends. A player who types ``/order`` meanwhile waits for the one writer (and,
on SQLite, for a reader thread) behind whatever the loops queued before them: in a storm
of 10,000 games the slowest replies took over half a second. The loops mark themselves
(:func:`mark_background`, called by :class:`bot.infra.wakeable.WakeableLoop` as it runs,
and inherited by the tasks they start); :class:`PlayersFirst` hands the lock to a waiting
command before a waiting loop, and still to a loop after ``burst`` commands in a row, so
that a flood of commands cannot stop the deadlines."""

from __future__ import annotations

import asyncio
import contextvars
from collections import deque
from types import TracebackType

_BACKGROUND: contextvars.ContextVar[bool] = contextvars.ContextVar("diplomacy_background", default=False)


def mark_background() -> None:
    """The running task is the bot's own work (a loop), not a player's command: it waits
    behind commands for the database. Tasks it starts from now on inherit the mark."""
    _BACKGROUND.set(True)


def is_background() -> bool:
    return _BACKGROUND.get()


class PlayersFirst:
    """An asyncio lock (``async with``) that, when let go, goes to a waiting command
    before a waiting loop (:func:`is_background`), and to a loop at least once every
    ``burst`` hand-overs while one waits. Handed over directly: nobody arriving in
    between takes it first. Waiters of one kind go in the order they came."""

    def __init__(self, burst: int = 8) -> None:
        self._burst = burst
        self._held = False
        self._waiting: dict[bool, deque[asyncio.Future[None]]] = {False: deque(), True: deque()}
        self._commands_in_a_row = 0  # hand-overs to commands while a loop waited

    def locked(self) -> bool:
        return self._held

    async def acquire(self) -> None:
        if not self._held and not self._waiting[False] and not self._waiting[True]:
            self._held = True
            return
        queue = self._waiting[is_background()]
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed over as the wait was cancelled: pass it on
            raise
        finally:
            if waiter in queue:
                queue.remove(waiter)

    def release(self) -> None:
        if not self._held:
            raise RuntimeError("PlayersFirst released while not held")
        commands, loops = self._waiting[False], self._waiting[True]
        while commands or loops:
            loop_turn = bool(loops) and (not commands or self._commands_in_a_row >= self._burst)
            queue = loops if loop_turn else commands
            waiter = queue.popleft()
            if waiter.done():  # cancelled while waiting
                continue
            self._commands_in_a_row = 0 if loop_turn or not loops else self._commands_in_a_row + 1
            waiter.set_result(None)  # still held: now theirs
            return
        self._held = False
        self._commands_in_a_row = 0

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()
